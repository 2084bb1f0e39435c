// The analytics beacon in `npm run bench` (issue 32): its bytes as pages ship it (brotli, the inline
// module read from a built page), and what it costs a phone's LCP, measured by Lighthouse in the same
// run on a page and on a copy of that page with the beacon taken out, served beside it.
//
// On a shared, busy machine one Lighthouse run's LCP moves by tens of percent with the load of the
// moment, more than the 5 % the budget allows. So the two copies are measured as pairs: in each round
// one run of each, one after the other (lighthouse.ts takes every other round in reverse order, so
// neither copy always goes first), and the figure is the median of the rounds' ratios, each ratio
// taken within seconds, with their spread beside it. A budget is judged on that median; the spread
// says how far to trust it.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { compressBytes, compressPage, isPage, qualityFor } from '../stages/precompress.ts';
import type { LighthouseFigures, RouteKind } from './lighthouse.ts';

/** At most 1 KB brotli: below Plausible's (about 1 KB), Simple Analytics light (1.9 KB), GoatCounter (3.2 KB). */
export const BEACON_BUDGET = { bytes: 1024, lcpRatio: 1.05 };

/** Rounds of `npm run bench -- --beacon` unless --runs says otherwise: enough for a median of ratios to hold still. */
export const BEACON_RUNS = 9;

/** The beacon's markup in a built page: its no-script pixel and the inline module (runtime/render/document.tsx writes both, in this order). */
const BEACON = /<noscript><img src="\/_px[^>]*><\/noscript><script type="module"[^>]*>([\s\S]*?)<\/script>/;

/** Where a page's copy without the beacon is served: a prefix no route of the site can have. */
export const WITHOUT_BEACON = '/__without-beacon';

const pageFile = (dir: string, route: string) => join(dir, route === '/' ? '' : route, 'index.html');

/** The beacon's text in the page at `route` of a build, or undefined when the page has none (analytics off). */
export function beaconIn(dir: string, route: string): string | undefined {
  const file = pageFile(dir, route);
  return existsSync(file) ? BEACON.exec(readFileSync(file, 'utf8'))?.[1] : undefined;
}

/** Brotli bytes at the highest quality, as a host compresses a page. */
export const brotliBytes = (text: string) => brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/**
 * Writes a copy of the page at `route` with the beacon taken out, and its .br compressed exactly as the
 * build compresses the page (stages/precompress.ts: pages at a lower brotli quality than assets), so
 * both travel alike; returns its route kind. (The copy was once compressed at quality 11: 2.6 KB
 * smaller than the page's own .br, not the beacon's 0.8 KB, and so under the first round trip's 14 KB
 * where the page was over it, an extra round trip in Lighthouse's simulated network that was counted
 * against the beacon.)
 */
export function writeWithoutBeacon(dir: string, kind: RouteKind): RouteKind {
  const html = readFileSync(pageFile(dir, kind.route), 'utf8');
  const stripped = html.replace(BEACON, '');
  if (stripped === html) throw new Error(`${kind.route} carries no beacon to take out`);
  const route = `${WITHOUT_BEACON}${kind.route === '/' ? '' : kind.route}`;
  const file = pageFile(dir, route);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, stripped);
  const bytes = Buffer.from(stripped);
  writeFileSync(`${file}.br`, (isPage(file) ? compressPage(bytes) : compressBytes(bytes, qualityFor(file, bytes.length))).br);
  return { kind: `${kind.kind}, no beacon`, route };
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** One page's LCP with the beacon over without it: each round's ratio, their median and spread. */
export interface LcpPair {
  ratios: number[];
  median: number;
  /** The middle half of the ratios (lower and upper quartile, by the median of each half). */
  quartiles: [number, number];
  min: number;
  max: number;
}

export function lcpPair(withIt: readonly { lcpMs: number }[], without: readonly { lcpMs: number }[]): LcpPair {
  if (withIt.length !== without.length || !withIt.length) throw new Error('the two copies were not measured in the same rounds');
  const ratios = withIt.map((r, i) => r.lcpMs / without[i]!.lcpMs);
  const sorted = [...ratios].sort((a, b) => a - b);
  const half = sorted.length >> 1;
  const quartiles: [number, number] = sorted.length < 4 ? [sorted[0]!, sorted.at(-1)!] : [median(sorted.slice(0, half)), median(sorted.slice(sorted.length - half))];
  return { ratios, median: median(ratios), quartiles, min: sorted[0]!, max: sorted.at(-1)! };
}

/** Each page's LCP beside its copy without the beacon, in words, and what is over budget. */
export function describeBeaconLcp(figures: readonly LighthouseFigures[], pairs: readonly [RouteKind, RouteKind][]): { lines: string[]; over: string[] } {
  const at = (route: string) => figures.find((f) => f.route === route)!;
  const lines: string[] = [];
  const over: string[] = [];
  const x = (n: number) => `${n.toFixed(3)}×`;
  for (const [withIt, without] of pairs) {
    const a = at(withIt.route);
    const b = at(without.route);
    const p = lcpPair(a.runs, b.runs);
    lines.push(
      `${withIt.kind.padEnd(10)} ${withIt.route.padEnd(32)} LCP ${Math.round(a.lcpMs)} ms with the beacon, ${Math.round(b.lcpMs)} ms without (medians); ` +
        `ratio in each of ${p.ratios.length} rounds: median ${x(p.median)}, middle half ${x(p.quartiles[0])}–${x(p.quartiles[1])}, range ${x(p.min)}–${x(p.max)} (budget ${BEACON_BUDGET.lcpRatio}×)`,
      `${''.padEnd(10)} ${''.padEnd(32)} rounds: ${p.ratios.map((r) => r.toFixed(2)).join(' ')}`,
    );
    if (p.median > BEACON_BUDGET.lcpRatio) over.push(`${withIt.route}: LCP with the beacon ${x(p.median)} the page without it (median of ${p.ratios.length} paired rounds), budget ${BEACON_BUDGET.lcpRatio}×`);
  }
  return { lines, over };
}
