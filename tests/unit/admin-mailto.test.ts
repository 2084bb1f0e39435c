// The admin's "Reply by e-mail" link: a stored address, however odd but valid, addresses only its owner.
import { describe, expect, it } from 'vitest';
import { mailto } from '../../runtime/admin/messages.tsx';

describe('mailto for a stored address', () => {
  it('keeps a plain address as it is', () => {
    expect(mailto('ada@example.com')).toBe('mailto:ada@example.com');
  });

  it('cannot add recipients or headers through the local part', () => {
    const link = new URL(mailto('x?bcc=spy%40attacker.example&body=hi@example.com'));
    expect(link.search).toBe('');
    expect(decodeURIComponent(link.pathname)).toBe('x?bcc=spy%40attacker.example&body=hi@example.com');
  });
});
