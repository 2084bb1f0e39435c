// The admin's experiments section (runtime/admin/experiments.tsx): admin_experiment's answer made into
// per-version figures, the verdict and the days estimate, and rendered as the table the owner reads.
import { rmSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { experimentEntries, type ExperimentEntry } from '../../model/analytics/experiment.ts';
import { ExperimentTable, experimentReport } from '../../runtime/admin/experiments.tsx';
import type { VariantCounts } from '../../runtime/backend/experiments.ts';
import { fixtureSite } from './fixture.ts';

const ENTRY: ExperimentEntry = { route: '/', id: 'home-headline', arms: ['control', 'b'], goal: { id: 'buy', event: 'buy' }, start: '2026-01-01' };

/** `days` days of `perDay` visitors per version, converting at the given rates. */
function counts(days: number, perDay: number, rates: Record<string, number>): VariantCounts[] {
  return Object.entries(rates).map(([variant, rate]) => {
    const daily = Array.from({ length: days }, (_, i) => ({ day: `2026-01-${String(i + 1).padStart(2, '0')}`, visitors: perDay, conversions: Math.round(perDay * rate) }));
    return { variant, visitors: days * perDay, conversions: daily.reduce((s, d) => s + d.conversions, 0), daily };
  });
}

describe('the experiments section', () => {
  it('lists the experiments of the compiled site with their goals as declared', () => {
    const root = fixtureSite('experiment-site');
    const compiled = compileSite(root, { asOf: new Date('2026-02-01T00:00:00Z') }).site!;
    rmSync(root, { recursive: true, force: true });
    const entries = experimentEntries(compiled.pages, compiled.site.analytics?.goals ?? []);
    const home = compiled.pages.find((p) => p.experiment)!;
    expect(entries).toEqual([{ route: home.route, id: home.experiment!.id, arms: ['control', ...home.experiment!.variants], goal: compiled.site.analytics!.goals!.find((g) => g.id === home.experiment!.goal), start: home.experiment!.start }]);
  });

  it('says a clear winner is real, and shows each version with its interval, chance of being best and loss', () => {
    const r = experimentReport(ENTRY, counts(28, 800, { control: 0.03, b: 0.045 }), '2026-01-28');
    expect(r.verdict).toMatchObject({ kind: 'winner', arm: 'b' });
    const html = renderToStaticMarkup(createElement(ExperimentTable, { report: r }));
    expect(html).toContain('b converts better than the control');
    expect(html).toContain('3.00%');
    expect(html).toContain('4.50%');
    expect(r.arms.find((a) => a.arm === 'b')!.probabilityBest).toBeGreaterThan(0.99);
  });

  it('with no difference, says to keep going and how many more days a +20% change needs at the recent traffic', () => {
    const r = experimentReport(ENTRY, counts(7, 100, { control: 0.03, b: 0.03 }), '2026-01-07');
    expect(r.verdict.kind).toBe('keep-going');
    expect(r.moreDays).toBeGreaterThan(0);
    const html = renderToStaticMarkup(createElement(ExperimentTable, { report: r }));
    expect(html).toContain(`needs about ${r.moreDays.toLocaleString('en-US')} more days`);
    // Twice the traffic, fewer days.
    expect(experimentReport(ENTRY, counts(7, 200, { control: 0.03, b: 0.03 }), '2026-01-07').moreDays).toBeLessThan(r.moreDays);
  });

  it('counts a version with no row as zeros, and is too early without conversions', () => {
    const r = experimentReport(ENTRY, counts(3, 10, { control: 0 }), '2026-01-03');
    expect(r.arms.map((a) => [a.arm, a.visitors])).toEqual([['control', 30], ['b', 0]]);
    expect(r.verdict.kind).toBe('too-early');
    // A version without visitors has no rate, and no version a chance of being best until each has some.
    const html = renderToStaticMarkup(createElement(ExperimentTable, { report: r }));
    expect(html).not.toMatch(/2\.\d\d%–97\.\d\d%|50%/);
    const rows = [...html.matchAll(/<tr[^>]*data-testid="experiment-arm"[^>]*>(.*?)<\/tr>/g)].map((m) => m[1]!);
    expect(rows[1]).toMatch(/data-testid="experiment-rate"[^>]*>–</);
    for (const row of rows) expect(row).toMatch(/data-testid="experiment-best"[^>]*>–</);
  });

  it('prints no statistic from zero data', () => {
    const r = experimentReport(ENTRY, [], '2026-01-03');
    const html = renderToStaticMarkup(createElement(ExperimentTable, { report: r }));
    // The figures (the table's body) hold counts of 0 and dashes, no percentage.
    expect(html.split('<tbody>')[1]!.split('</tbody>')[0]).not.toMatch(/\d%/);
    expect(html).toContain('no visitors yet');
  });

  it('before its start says when it starts, and shows no figure', () => {
    const r = experimentReport({ ...ENTRY, start: '2026-03-01' }, [], '2026-02-03');
    expect(r.started).toBe(false);
    const html = renderToStaticMarkup(createElement(ExperimentTable, { report: r }));
    expect(html).toContain('Starts on <strong>2026-03-01</strong>');
    expect(html).toContain('every visitor sees the control');
    expect(html).not.toContain('data-testid="experiment-arm"');
    expect(html).not.toContain('data-testid="experiment-verdict"');
  });

  it('names the counted column for what the goal counts: buy clicks on a revenue goal, never "Conversions"', () => {
    const column = (goal: ExperimentEntry['goal']) => renderToStaticMarkup(createElement(ExperimentTable, { report: experimentReport({ ...ENTRY, goal }, counts(3, 10, { control: 0.1, b: 0.1 }), '2026-01-03') }));
    expect(column({ id: 'revenue', event: 'revenue' })).toMatch(/data-testid="experiment-counted"[^>]*>Buy clicks</);
    expect(column({ id: 'buy', event: 'buy' })).toMatch(/data-testid="experiment-counted"[^>]*>Buy clicks</);
    expect(column({ id: 'starter-kit', event: 'capture' })).toMatch(/data-testid="experiment-counted"[^>]*>Sign-ups</);
    for (const goal of [{ id: 'revenue', event: 'revenue' }, { id: 'starter-kit', event: 'capture' }] as const) expect(column(goal)).not.toContain('Conversions');
  });
});
