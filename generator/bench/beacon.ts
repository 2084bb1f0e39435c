// The analytics beacon in `npm run bench` (issue 32): its bytes as pages ship it (brotli, the inline
// module read from a built page), and what it costs a phone's LCP, measured by Lighthouse in the same
// run on a page and on a copy of that page with the beacon taken out, served beside it.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import type { LighthouseFigures, RouteKind } from './lighthouse.ts';

/** At most 1 KB brotli: below Plausible's (about 1 KB), Simple Analytics light (1.9 KB), GoatCounter (3.2 KB). */
export const BEACON_BUDGET = { bytes: 1024, lcpRatio: 1.05 };

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

/** Writes a copy of the page at `route` with the beacon taken out (and its .br, so both travel alike), and returns its route kind. */
export function writeWithoutBeacon(dir: string, kind: RouteKind): RouteKind {
  const html = readFileSync(pageFile(dir, kind.route), 'utf8');
  const stripped = html.replace(BEACON, '');
  if (stripped === html) throw new Error(`${kind.route} carries no beacon to take out`);
  const route = `${WITHOUT_BEACON}${kind.route === '/' ? '' : kind.route}`;
  const file = pageFile(dir, route);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, stripped);
  writeFileSync(`${file}.br`, brotliCompressSync(stripped, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  return { kind: `${kind.kind}, no beacon`, route };
}

/** Each page's LCP beside its copy without the beacon, in words, and what is over budget. */
export function describeBeaconLcp(figures: readonly LighthouseFigures[], pairs: readonly [RouteKind, RouteKind][]): { lines: string[]; over: string[] } {
  const at = (route: string) => figures.find((f) => f.route === route)!;
  const lines: string[] = [];
  const over: string[] = [];
  for (const [withIt, without] of pairs) {
    const a = at(withIt.route);
    const b = at(without.route);
    const ratio = a.lcpMs / b.lcpMs;
    lines.push(`${withIt.kind.padEnd(10)} ${withIt.route.padEnd(32)} LCP ${Math.round(a.lcpMs)} ms with the beacon, ${Math.round(b.lcpMs)} ms without: ${ratio.toFixed(3)}× (budget ${BEACON_BUDGET.lcpRatio}×)`);
    if (ratio > BEACON_BUDGET.lcpRatio) over.push(`${withIt.route}: LCP with the beacon ${ratio.toFixed(3)}× the page without it, budget ${BEACON_BUDGET.lcpRatio}×`);
  }
  return { lines, over };
}
