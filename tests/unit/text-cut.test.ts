import { describe, expect, it } from 'vitest';
import { cutText } from '../../runtime/text-cut.ts';

const LONG = 'I used to spend three hours a day on Instagram comparing my work to everyone else. Two weeks into the plan I was down to twenty minutes.';

describe('cutText', () => {
  it('leaves short text alone', () => {
    expect(cutText('Short and sweet.', 120)).toBe('Short and sweet.');
  });
  it('cuts at a word boundary within the limit, with an ellipsis', () => {
    const cut = cutText(LONG, 120);
    expect(cut.length).toBeLessThanOrEqual(120);
    expect(cut.endsWith('…')).toBe(true);
    expect(LONG.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cut).toBe('I used to spend three hours a day on Instagram comparing my work to everyone else. Two weeks into the plan I was down…');
  });
  it('honours the 140-character limit of the bundle page', () => {
    const text = `${LONG} ${LONG}`;
    expect(cutText(text, 140).length).toBeLessThanOrEqual(140);
  });
  it('does not leave trailing punctuation before the ellipsis', () => {
    expect(cutText('One two three, four five six seven eight nine ten', 16)).toBe('One two three…');
  });
});
