import { describe, expect, it } from 'vitest';
import { tick, toSeconds } from '../../runtime/islands/countdown-logic.ts';

describe('countdown', () => {
  it('counts seconds down', () => {
    expect(tick({ hours: 5, minutes: 47, seconds: 23 })).toEqual({ hours: 5, minutes: 47, seconds: 22 });
  });
  it('rolls seconds to 59 and borrows a minute', () => {
    expect(tick({ hours: 5, minutes: 47, seconds: 0 })).toEqual({ hours: 5, minutes: 46, seconds: 59 });
  });
  it('borrows an hour when minutes and seconds are zero', () => {
    expect(tick({ hours: 5, minutes: 0, seconds: 0 })).toEqual({ hours: 4, minutes: 59, seconds: 59 });
  });
  it('stops at 0:00:00', () => {
    expect(tick({ hours: 0, minutes: 0, seconds: 0 })).toEqual({ hours: 0, minutes: 0, seconds: 0 });
    expect(tick({ hours: 0, minutes: 0, seconds: 1 })).toEqual({ hours: 0, minutes: 0, seconds: 0 });
  });
  it('reaches zero after exactly as many ticks as seconds', () => {
    let d = { hours: 5, minutes: 45, seconds: 30 };
    const n = toSeconds(d);
    for (let i = 0; i < n; i++) d = tick(d);
    expect(d).toEqual({ hours: 0, minutes: 0, seconds: 0 });
    expect(n).toBe(20730);
  });
});
