// Experiments in the bench (issue 33): the statistics by simulation at full size (1,000 A/A
// experiments looked at daily for 60 days give a false winner in at most 5%; 1,000 with a real +30% at
// a 3% baseline are found in at least 80% within the days the estimate gave; the same on revenue per
// visitor with skewed order values and a real +20%, issue 41), what choosing a
// version adds to a response from npm start's server, median over 1,000 requests, and what it costs the
// page (bench/experiment-pages.ts): no script byte more, no layout shift, the variant's LCP within 5% of
// the control's.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simulateStatistics } from '../../model/analytics/experiment-stats.ts';
import { simulateRevenueStatistics } from '../../model/analytics/experiment-money.ts';
import { describeExperimentPages, experimentPageFigures } from './experiment-pages.ts';
import { EXPERIMENTS_FILE } from '../host/edge-files.ts';
import { startStaticServer } from '../host/serve.ts';

export const EXPERIMENT_BUDGET = { falseWinnerRate: 0.05, foundRate: 0.8, choiceMs: 1 } as const;

/** Median milliseconds of each address over `n` requests, taken in turn so both meet the same machine load. */
async function medianRequestMs(urls: string[], n: number, ua: (i: number) => string): Promise<number[]> {
  const times = urls.map(() => [] as number[]);
  for (let i = 0; i < n; i++) {
    for (const [k, url] of urls.entries()) {
      const t = performance.now();
      const r = await fetch(url, { headers: { 'user-agent': ua(i) } });
      await r.arrayBuffer();
      times[k]!.push(performance.now() - t);
    }
  }
  return times.map((ts) => ts.sort((a, b) => a - b)[Math.floor(n / 2)]!);
}

/** Prints the figures and returns what is over budget. */
export async function benchExperiments(opts: { experiments?: number; port?: number; runs?: number } = {}): Promise<string[]> {
  const over: string[] = [];
  const experiments = opts.experiments ?? 1000;
  const t = performance.now();
  const s = simulateStatistics({ experiments, seed: 2026 });
  console.log(`experiments, statistics (${experiments} A/A and ${experiments} A/B simulated, mSPRT, looked at daily; ${Math.round(performance.now() - t)} ms):`);
  console.log(`  A/A over 60 days: false winner in ${(s.falseWinnerRate * 100).toFixed(1)}% (budget ≤ ${EXPERIMENT_BUDGET.falseWinnerRate * 100}%)`);
  console.log(`  +30% at a 3% baseline, 400 visitors per arm a day: found in ${(s.foundRate * 100).toFixed(1)}% within the estimated ${s.estimatedDays} days (budget ≥ ${EXPERIMENT_BUDGET.foundRate * 100}%)`);
  if (s.falseWinnerRate > EXPERIMENT_BUDGET.falseWinnerRate) over.push(`A/A false winners ${(s.falseWinnerRate * 100).toFixed(1)}%`);
  if (s.foundRate < EXPERIMENT_BUDGET.foundRate) over.push(`A/B found ${(s.foundRate * 100).toFixed(1)}% within the estimate`);
  // On money (issue 41): revenue per visitor with skewed (log-normal) order values, the same budgets.
  const tm = performance.now();
  const m = simulateRevenueStatistics({ experiments, seed: 2026 });
  console.log(`experiments on revenue per visitor (${experiments} A/A and ${experiments} A/B simulated, mSPRT with a plug-in variance, 3% buying, log-normal order values capped at their 99th percentile; ${Math.round(performance.now() - tm)} ms):`);
  console.log(`  A/A over 60 days: false winner in ${(m.falseWinnerRate * 100).toFixed(1)}% (budget ≤ ${EXPERIMENT_BUDGET.falseWinnerRate * 100}%)`);
  console.log(`  +20% revenue per visitor, 2,000 visitors per arm a day: found in ${(m.foundRate * 100).toFixed(1)}% within the estimated ${m.estimatedDays} days (budget ≥ ${EXPERIMENT_BUDGET.foundRate * 100}%)`);
  if (m.falseWinnerRate > EXPERIMENT_BUDGET.falseWinnerRate) over.push(`A/A on revenue: false winners ${(m.falseWinnerRate * 100).toFixed(1)}%`);
  if (m.foundRate < EXPERIMENT_BUDGET.foundRate) over.push(`A/B on revenue found ${(m.foundRate * 100).toFixed(1)}% within the estimate`);

  // npm start's server on a small dist/: one page under an experiment, one under none, same size.
  const dist = mkdtempSync(join(tmpdir(), 'bench-experiments-'));
  const body = '<!doctype html><html><body>' + 'x'.repeat(20_000) + '</body></html>';
  writeFileSync(join(dist, 'index.html'), body);
  writeFileSync(join(dist, 'index.b.html'), body);
  mkdirSync(join(dist, 'about'));
  writeFileSync(join(dist, 'about/index.html'), body);
  writeFileSync(join(dist, EXPERIMENTS_FILE), JSON.stringify({ '/': { id: 'bench', arms: ['control', 'b'] } }));
  // A free port unless told (0): a fixed one may be another run's on a shared machine.
  const server = await startStaticServer({ dir: dist, port: opts.port ?? 0, host: '127.0.0.1', log: () => undefined, experimentSecret: 'bench' });
  const port = (server.address() as AddressInfo).port;
  try {
    const ua = (i: number) => `Mozilla/5.0 (X11; Linux x86_64) Chrome/${100 + (i % 50)}.0.${i}.0 Safari/537.36`;
    const urls = [`http://127.0.0.1:${port}/about`, `http://127.0.0.1:${port}/`];
    await medianRequestMs(urls, 100, ua);
    const [plain, chosen] = (await medianRequestMs(urls, 1000, ua)) as [number, number];
    const added = Math.max(0, chosen - plain);
    console.log(`  npm start, median of 1,000 requests: ${plain.toFixed(3)} ms without an experiment, ${chosen.toFixed(3)} ms with one: choosing adds ${added.toFixed(3)} ms (budget ≤ ${EXPERIMENT_BUDGET.choiceMs} ms)`);
    if (added > EXPERIMENT_BUDGET.choiceMs) over.push(`choosing a version adds ${added.toFixed(3)} ms`);
  } finally {
    server.close();
    rmSync(dist, { recursive: true, force: true });
  }

  // The page itself: built with and without its experiment, then Lighthouse on the three pages. Seven
  // runs by default: a run's LCP falls on one of two levels about 15% apart, so three runs' median flips.
  const pages = describeExperimentPages(await experimentPageFigures(opts.runs ?? 7));
  console.log(`experiments, the page (the experiment-site fixture, built with and without its experiment):\n${pages.lines.join('\n')}`);
  over.push(...pages.over);
  return over;
}
