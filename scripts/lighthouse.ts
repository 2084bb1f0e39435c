// Lighthouse against a running site, as issue 11 measured it: simulated mobile and desktop, in this
// machine's Chromium, several runs a route, medians printed (LCP, FCP, TBT, CLS and the four scores).
//
//   npx tsx scripts/lighthouse.ts http://localhost:4173 / /instagram-detox /about
//
// Lighthouse 13 wants Node ≥ 22.19, newer than the project's, so it is not a dependency: LIGHTHOUSE
// names its command (default `npx --yes lighthouse@13`, or a path to an installed bin/lighthouse);
// RUNS sets the runs a route (default 3); CHROME_PATH the browser (default /usr/bin/chromium).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { wholeChromiumOptions } from '../generator/chromium.ts';

const run = promisify(execFile);
const [base, ...given] = process.argv.slice(2);
if (!base || !/^https?:\/\//.test(base)) {
  console.error('usage: npx tsx scripts/lighthouse.ts <running site address> [/route ...]');
  process.exit(2);
}
const routes = given.length ? given : ['/'];
const runs = Number(process.env.RUNS ?? 3);
const command = (process.env.LIGHTHOUSE ?? 'npx --yes lighthouse@13').split(' ');
const chrome = wholeChromiumOptions.executablePath;

interface Figures {
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  scores: number[];
}

interface Report {
  audits: Record<string, { numericValue?: number }>;
  categories: Record<string, { score: number | null }>;
  runtimeError?: { message: string };
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

async function once(url: string, desktop: boolean): Promise<Figures> {
  const args = [
    ...command.slice(1),
    url,
    '--quiet',
    '--output=json',
    '--output-path=stdout',
    `--only-categories=${CATEGORIES.join(',')}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ...(desktop ? ['--preset=desktop'] : []),
  ];
  const { stdout } = await run(command[0]!, args, { env: { ...process.env, ...(chrome ? { CHROME_PATH: chrome } : {}) }, maxBuffer: 64 * 1024 * 1024 });
  const r = JSON.parse(stdout) as Report;
  if (r.runtimeError) throw new Error(`${url}: ${r.runtimeError.message}`);
  const n = (id: string) => r.audits[id]?.numericValue ?? NaN;
  return {
    lcp: n('largest-contentful-paint'),
    fcp: n('first-contentful-paint'),
    tbt: n('total-blocking-time'),
    cls: n('cumulative-layout-shift'),
    scores: CATEGORIES.map((c) => Math.round((r.categories[c]?.score ?? 0) * 100)),
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART); such a run is tried again, twice at most. */
async function retried<T>(f: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await f();
    } catch (e) {
      if (attempt === 3) throw e;
      console.error(`(a run failed, trying again: ${(e as Error).message.split('\n')[1] ?? e})`);
    }
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

// The ranges matter on a shared machine: a simulated figure multiplies the main thread's observed
// time (4x on mobile), so one busy moment of the host moves LCP and TBT even for a bare page.
const range = (xs: number[]) => `${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)}`;

console.log(`Lighthouse, ${runs} runs a route, medians (scores: performance/accessibility/best practices/SEO, lowest run; then the runs' LCP and TBT ranges)`);
console.log('route'.padEnd(36), 'form'.padEnd(8), 'LCP ms'.padStart(7), 'FCP ms'.padStart(7), 'TBT ms'.padStart(7), 'CLS'.padStart(6), '  scores'.padEnd(18), 'LCP range'.padEnd(11), 'TBT range');
for (const route of routes) {
  for (const desktop of [false, true]) {
    const all: Figures[] = [];
    // One at a time: parallel runs on a small machine would measure each other.
    for (let i = 0; i < runs; i++) all.push(await retried(() => once(new URL(route, base).href, desktop)));
    const m = (k: 'lcp' | 'fcp' | 'tbt' | 'cls') => median(all.map((f) => f[k]));
    const scores = CATEGORIES.map((_, i) => Math.min(...all.map((f) => f.scores[i]!)));
    console.log(route.padEnd(36), (desktop ? 'desktop' : 'mobile').padEnd(8), m('lcp').toFixed(0).padStart(7), m('fcp').toFixed(0).padStart(7), m('tbt').toFixed(0).padStart(7), m('cls').toFixed(3).padStart(6), `  ${scores.join('/')}`.padEnd(18), range(all.map((f) => f.lcp)).padEnd(11), range(all.map((f) => f.tbt)));
  }
}
