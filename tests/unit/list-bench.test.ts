// How the bench judges the owner's list (generator/bench/list-mail.ts): the drain sends the largest
// published newsletter, never the list's own mails; a goal missed is named with its figure (a capture
// median over 2 s, a drain under 200 mails/s, a mail lost or caught twice), and the table shows each
// figure beside its budget with the load it was measured under.
import { describe, expect, it } from 'vitest';
import { describeListGoals, drainNewsletter, LIST_BUDGETS, listOverBudget, type ListFigures } from '../../generator/bench/list-mail.ts';
import type { RoundTrip } from '../../generator/bench/round-trip.ts';

const figures = (over: { captureMs?: number[]; perSecond?: number; sent?: number; caught?: number } = {}): ListFigures => ({
  captureMs: over.captureMs ?? [120, 90, 300, 110, 95],
  drain: { newsletter: 'spring', mails: 10_000, seconds: 10_000 / (over.perSecond ?? 300), perSecond: over.perSecond ?? 300, cpuMsPerMail: 2.5, sent: over.sent ?? 10_000, caught: over.caught ?? 10_000, duplicates: 0 },
  load: [7.5, 8, 9.25],
});
const landing: RoundTrip = { route: '/', whole: 14_296, firstScreen: 8_528, headers: 1_008 };

describe('the list in the bench', () => {
  it('drains the largest published newsletter, or the welcome mail when none is published', () => {
    expect(drainNewsletter({ confirmation: 90_000, welcome: 6_000, small: 8_000, large: 12_000 })).toBe('large');
    expect(drainNewsletter({ confirmation: 5_000, welcome: 6_000 })).toBe('welcome');
  });

  it('passes figures within the budgets, and names each one missed', () => {
    expect(listOverBudget({ figures: figures(), landing })).toEqual([]);
    expect(listOverBudget({ figures: figures({ captureMs: [2500, 2100, 1900] }), landing })).toEqual([`capture to confirmation 2100 ms (median of 3), budget ${LIST_BUDGETS.captureMs} ms`]);
    expect(listOverBudget({ figures: figures({ perSecond: 150 }), landing })).toEqual([`queue drain 150 mails/s over 10000, budget ${LIST_BUDGETS.drainPerSecond} (load 8.0 to 9.3)`]);
    expect(listOverBudget({ figures: figures({ caught: 9_999 }), landing })).toEqual(['queue drain: 10000 sent and 9999 caught of 10000']);
    expect(listOverBudget({ figures: figures(), landing: undefined })).toEqual(['the landing page (/) was not among the built routes']);
  });

  it('shows the four goals with their figures, budgets and the load', () => {
    const table = describeListGoals({ figures: figures({ perSecond: 150 }), mailBytes: { spring: 10_300, welcome: 6_200 }, landing });
    expect(table).toContain('load 7.5 at the captures, 8.0 at the drain\'s start, 9.3 at its end');
    expect(table).toMatch(/capture to confirmation in the catcher\s+110 ms median of 5\s+≤ 2000 ms\s+ok/);
    expect(table).toMatch(/queue drain to the local catcher\s+150 mails\/s over 10,000\s+≥ 200 mails\/s\s+OVER/);
    expect(table).toMatch(/largest mail HTML as sent\s+10\.3 KB \(spring\)\s+≤ 102 KB\s+ok/);
    expect(table).toMatch(/landing page \(\/\) whole HTML as sent\s+14296 B\s+≤ 14600 B/);
  });
});
