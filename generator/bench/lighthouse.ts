// Lighthouse's mobile run on the built site, beside a bare HTML page served by the same server in the
// same run, so the figures read as ratios to what the machine does for a page with nothing in it rather
// than as absolute times that follow the machine's load (issue 31). For each kind of route (the landing
// page, a platform page, the bundle, an article, the blog index) and the bare page: the performance
// score, LCP and TBT, each the median of RUNS runs, taken in turns (one run of every page, then the
// next, every other round in reverse order), so a busy moment falls on all pages alike. Each route's LCP
// is judged against a bare page of its own size that loads the images it asks for at high priority (the
// landing page's illustration, issue 50), so what is left is what the route's first paint waits for
// beyond its bytes and its image.
//
// Lighthouse drives /usr/bin/chromium, the whole browser (wholeChromiumOptions), through
// chrome-launcher; nothing is downloaded, and the only traffic is to the server on 127.0.0.1.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { CompiledSite } from '../../model/page.ts';
import { wholeChromiumOptions } from '../chromium.ts';
import { startStaticServer } from '../host/serve.ts';
import { ROUND_TRIP_BUDGET } from './round-trip.ts';

export const LIGHTHOUSE_RUNS = 3;

/** Against the bare page of the same run: LCP within 10 %, TBT within 50 ms; a score of 100. */
export const LIGHTHOUSE_BUDGET = { lcpRatio: 1.1, tbtOverMs: 50, score: 100 };

/** The first round trip's bytes (round-trip.ts): a page over it waits one more round trip for its LCP, and
 * so does the bare page of its size it is compared to; the table says which pages are over it. */
export const FIRST_ROUND_TRIP_BYTES = ROUND_TRIP_BUDGET;

/** Where the bare page is written in the served folder: a dot-free name no route of the site can have (routes come from page files). */
export const BARE_ROUTE = '/__bare-page';

/** A page with nothing in it but text: what a phone does for any page, the floor the site is compared to. */
const BARE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>A bare page</title><meta name="description" content="A page of text with no style and no script, measured beside the site's pages."></head>
<body><h1>A bare page</h1>
<p>This page has a heading and two paragraphs of text, no stylesheet, no image and no script. Lighthouse measures it in the same run as the site's pages, so what the machine costs every page can be told apart from what a page costs itself.</p>
<p>Its largest contentful paint is the first paragraph, drawn as soon as the document arrives.</p>
</body></html>
`;

/** Where the bare page as heavy as a route is written: the bare page, its bytes behind it. */
const SIZED_BARE_PREFIX = `${BARE_ROUTE}-`;
/** The suffix of a same-size bare page that loads its route's image too. */
const WITH_IMAGE = '-with-image';

/** Compressed as the build compresses pages (stages/precompress.ts). */
const pageBrotli = (html: string) => brotliCompressSync(Buffer.from(html), { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });

/** An image a route asks for at high priority: what its first screen shows (the landing page's illustration). Its attributes' text as the page writes them, escapes kept. */
export interface FirstImage {
  src: string;
  alt: string;
  width?: string;
  height?: string;
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

/** The site's own images a built page asks for at high priority (`<img fetchpriority="high">`, as React writes it). */
export function highPriorityImages(html: string): FirstImage[] {
  return [...html.matchAll(/<img\b[^>]*>/gi)].flatMap(([tag]) => {
    const src = attr(tag, 'src');
    if (attr(tag, 'fetchpriority')?.toLowerCase() !== 'high' || !src?.startsWith('/') || src.startsWith('//')) return [];
    return [{ src, alt: attr(tag, 'alt') ?? '', width: attr(tag, 'width'), height: attr(tag, 'height') }];
  });
}

/**
 * The bare page grown to `bytes` of brotli: the same heading and paragraphs, the route's `images` if it
 * has any (issue 50: the landing page keeps its illustration, so its bare page loads the same image, at
 * the same priority, no wider than the screen), then a comment of text that does not compress (letters
 * from a fixed pseudo-random sequence), so the page costs the network what a route of that size costs
 * and the browser nothing more to lay out or paint. Its LCP beside the route's says what the route's
 * first paint waits for beyond its bytes and its image (issue 40).
 */
export function bareOfSize(bytes: number, images: readonly FirstImage[] = []): { html: string; br: Buffer } {
  // xorshift32: 32-bit integer steps, so the sequence never falls into a short cycle brotli would fold.
  let x = 40;
  const letters = Array.from({ length: bytes * 2 }, () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return 'abcdefghijklmnopqrstuvwxyz      '[(x >>> 0) % 32]!;
  }).join('');
  const imgs = images.map((i) => `<img src="${i.src}" alt="${i.alt}"${i.width ? ` width="${i.width}"` : ''}${i.height ? ` height="${i.height}"` : ''} fetchpriority="high" style="max-width:100%;height:auto">\n`).join('');
  const grown = (n: number) => BARE_HTML.replace('</body>', `${imgs}<!--${letters.slice(0, n)}-->\n</body>`);
  // The shortest padding whose page compresses to at least `bytes`.
  let lo = 0;
  let hi = letters.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (pageBrotli(grown(mid)).length >= bytes) hi = mid;
    else lo = mid + 1;
  }
  const html = grown(lo);
  return { html, br: pageBrotli(html) };
}

/**
 * Writes, beside the built route in `dir`, the bare page of its brotli size, loading the images it asks
 * for at high priority; returns that page's route, or undefined when the route has no precompressed file.
 */
export function writeSameSizeBare(dir: string, route: string): RouteKind | undefined {
  const file = join(dir, route, 'index.html');
  if (!existsSync(`${file}.br`)) return undefined;
  const bytes = statSync(`${file}.br`).size;
  const images = highPriorityImages(readFileSync(file, 'utf8'));
  const bare = `${SIZED_BARE_PREFIX}${bytes}${images.length ? WITH_IMAGE : ''}`;
  const { html, br } = bareOfSize(bytes, images);
  mkdirSync(join(dir, bare), { recursive: true });
  writeFileSync(join(dir, bare, 'index.html'), html);
  writeFileSync(join(dir, bare, 'index.html.br'), br);
  return { kind: images.length ? 'bare, size+img' : 'bare, its size', route: bare };
}

export interface RouteKind {
  kind: string;
  route: string;
}

/** One route kind of each, chosen from the compiled site by what the pages are, never by their names. */
export function routeKinds(compiled: CompiledSite): RouteKind[] {
  const { site, pages } = compiled;
  const routes = new Set(pages.map((p) => p.route));
  const product = (bundle: boolean) => site.products.find((p) => (p.bundles !== undefined) === bundle && routes.has(p.route))?.route;
  const listing = pages.find((p) => p.listing && p.listing.firstRoute === p.listing.indexRoute && p.route === p.listing.indexRoute);
  const kinds: [string, string | undefined][] = [
    ['landing', routes.has('/') ? '/' : undefined],
    ['platform', pages.find((p) => p.template === 'platform')?.route ?? product(false)],
    ['bundle', product(true)],
    ['article', compiled.articles.find((a) => routes.has(a.route))?.route],
    ['blog index', listing?.route],
  ];
  return kinds.flatMap(([kind, route]) => (route ? [{ kind, route }] : []));
}

export interface LighthouseFigures {
  kind: string;
  route: string;
  /** Medians of the runs; the score 0-100. */
  score: number;
  lcpMs: number;
  tbtMs: number;
  /** The document's bytes over the network, headers included (brotli, as the server sends it); the largest of the runs. */
  documentBytes: number;
  /** For a route: the bare page of its brotli size, measured in the same turns; its LCP is the budget's measure. */
  sameSizeBare?: string;
  /** Each run's figures; also its layout shift (CLS) and the bytes of script it loaded (decoded, every script request). */
  runs: { score: number; lcpMs: number; tbtMs: number; cls: number; scriptBytes: number }[];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** One Lighthouse run; a run whose trace Lighthouse itself could not read (NO_NAVSTART and the like, on a busy machine) is tried again, twice at most. */
async function lighthouseRun(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const lhr = (await lighthouse(url, { port, logLevel: 'error', output: 'json', onlyCategories: ['performance'] }))?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
}

/** Serves `dir` (a build) with the bare page beside it on 127.0.0.1, and runs Lighthouse's mobile preset on each route. */
export async function lighthouseFigures(dir: string, kinds: readonly RouteKind[], runs = LIGHTHOUSE_RUNS, opts: { bare?: boolean; sameSize?: boolean } = {}): Promise<LighthouseFigures[]> {
  mkdirSync(join(dir, BARE_ROUTE), { recursive: true });
  writeFileSync(join(dir, BARE_ROUTE, 'index.html'), BARE_HTML);
  // `bare: false`: only the given routes, compared among themselves (the experiments' control and variant).
  // Otherwise each route is measured beside a bare page of its own brotli size, taken right after it
  // (`sameSize: false`: only beside the small one, as the beacon's pairs are).
  const sameSize = new Map<string, string>();
  const withBare = kinds.flatMap((k) => {
    const bare = opts.bare === false || opts.sameSize === false ? undefined : writeSameSizeBare(dir, k.route);
    if (!bare) return [k];
    sameSize.set(k.route, bare.route);
    return [k, bare];
  });
  const all: RouteKind[] = [...(opts.bare === false ? [] : [{ kind: 'bare page', route: BARE_ROUTE }]), ...withBare];
  const server = await startStaticServer({ dir, port: 0, host: '127.0.0.1', log: () => {} });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const chrome = await launch({
    chromePath: wholeChromiumOptions.executablePath,
    chromeFlags: ['--headless=new', ...wholeChromiumOptions.args],
    logLevel: 'silent',
  });
  const measured = new Map<string, LighthouseFigures['runs']>(all.map((k) => [k.route, []]));
  const documentBytes = new Map<string, number>();
  try {
    for (let i = 0; i < runs; i++) {
      // Every other round backwards, so that of two pages measured side by side neither always goes first.
      for (const { route } of i % 2 ? [...all].reverse() : all) {
        const lhr = await lighthouseRun(`${origin}${route}`, chrome.port);
        const audit = (id: string) => {
          const v = lhr.audits[id]?.numericValue;
          if (typeof v !== 'number') throw new Error(`Lighthouse on ${route}: no ${id} (${lhr.audits[id]?.errorMessage ?? 'not measured'})`);
          return v;
        };
        const requests = (lhr.audits['network-requests']?.details as { items?: { url?: string; resourceType?: string; resourceSize?: number; transferSize?: number }[] } | undefined)?.items ?? [];
        const scriptBytes = requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.resourceSize ?? 0), 0);
        const doc = requests.find((r) => r.resourceType === 'Document');
        documentBytes.set(route, Math.max(documentBytes.get(route) ?? 0, doc?.transferSize ?? 0));
        measured.get(route)!.push({ score: Math.round((lhr.categories.performance?.score ?? 0) * 100), lcpMs: audit('largest-contentful-paint'), tbtMs: audit('total-blocking-time'), cls: audit('cumulative-layout-shift'), scriptBytes });
      }
    }
  } finally {
    chrome.kill();
    await new Promise<void>((done) => server.close(() => done()));
  }
  return all.map(({ kind, route }) => {
    const r = measured.get(route)!;
    return { kind, route, sameSizeBare: sameSize.get(route), runs: r, documentBytes: documentBytes.get(route) ?? 0, score: median(r.map((x) => x.score)), lcpMs: median(r.map((x) => x.lcpMs)), tbtMs: median(r.map((x) => x.tbtMs)) };
  });
}

/** The table bench prints: medians, and each route's LCP and TBT against the bare page's. */
export function describeLighthouse(figures: readonly LighthouseFigures[]): string {
  const bare = figures[0]!;
  const lines = [
    `Lighthouse mobile (median of ${bare.runs.length}; budget: score ${LIGHTHOUSE_BUDGET.score}, LCP ≤ ${LIGHTHOUSE_BUDGET.lcpRatio}× the bare page's, TBT ≤ the bare page's + ${LIGHTHOUSE_BUDGET.tbtOverMs} ms):`,
    `${'kind'.padEnd(14)} ${'route'.padEnd(32)} ${'score'.padStart(5)} ${'LCP'.padStart(8)} ${'×bare'.padStart(6)} ${'×size'.padStart(6)} ${'TBT'.padStart(7)} ${'−bare'.padStart(7)} ${'HTML'.padStart(8)}   runs (score/LCP/TBT)`,
  ];
  const byRoute = new Map(figures.map((f) => [f.route, f]));
  for (const f of figures) {
    const runs = f.runs.map((r) => `${r.score}/${Math.round(r.lcpMs)}/${Math.round(r.tbtMs)}`).join(' ');
    // ×size: against the bare page of the route's own size (ratios of the medians of the same turns).
    const sized = f.sameSizeBare ? byRoute.get(f.sameSizeBare) : undefined;
    lines.push(
      `${f.kind.padEnd(14)} ${f.route.padEnd(32)} ${String(f.score).padStart(5)} ${`${Math.round(f.lcpMs)} ms`.padStart(8)} ${(f.lcpMs / bare.lcpMs).toFixed(2).padStart(6)} ${(sized ? (f.lcpMs / sized.lcpMs).toFixed(2) : '').padStart(6)} ${`${Math.round(f.tbtMs)} ms`.padStart(7)} ${`${Math.round(f.tbtMs - bare.tbtMs)}`.padStart(7)} ${`${(f.documentBytes / 1000).toFixed(1)} kB`.padStart(8)}   ${runs}`,
    );
  }
  const overWindow = figures.filter((f) => f.documentBytes > FIRST_ROUND_TRIP_BYTES && !f.route.startsWith(SIZED_BARE_PREFIX));
  if (overWindow.length) lines.push(`(HTML over ${FIRST_ROUND_TRIP_BYTES} B, the first round trip of Lighthouse's simulated network, so one round trip (150 ms) more to FCP and LCP than the bare page: ${overWindow.map((f) => f.kind).join(', ')})`);
  // Only the machine can slow a page with nothing in it: say so, since every ratio is then noisier.
  if (bare.score < LIGHTHOUSE_BUDGET.score) lines.push(`(the bare page itself scored ${bare.score}, TBT ${Math.round(bare.tbtMs)} ms: the machine was busy, and the ratios are as noisy as it was)`);
  return lines.join('\n');
}

/** Each route over budget, in words; empty when all are within. */
export function lighthouseOverBudget(figures: readonly LighthouseFigures[]): string[] {
  const [bare, ...measured] = figures;
  const byRoute = new Map(figures.map((f) => [f.route, f]));
  const over: string[] = [];
  for (const f of measured.filter((m) => !m.route.startsWith(SIZED_BARE_PREFIX))) {
    if (f.score < LIGHTHOUSE_BUDGET.score) over.push(`${f.route} (${f.kind}): Lighthouse mobile performance ${f.score}, budget ${LIGHTHOUSE_BUDGET.score}`);
    // LCP against the bare page of the route's own size where one was measured: its bytes are the
    // first-round-trip budget's concern (round-trip.ts), what else its first paint waits for is this one's.
    const floor = (f.sameSizeBare && byRoute.get(f.sameSizeBare)) || bare!;
    const sized = floor.route.slice(SIZED_BARE_PREFIX.length);
    const which = floor === bare ? "the bare page's" : `the bare page of its size's (${parseInt(sized, 10)} B${sized.endsWith(WITH_IMAGE) ? ', loading its image' : ''})`;
    if (f.lcpMs > floor.lcpMs * LIGHTHOUSE_BUDGET.lcpRatio) over.push(`${f.route} (${f.kind}): LCP ${Math.round(f.lcpMs)} ms, ${(f.lcpMs / floor.lcpMs).toFixed(2)}× ${which} ${Math.round(floor.lcpMs)} ms, budget ${LIGHTHOUSE_BUDGET.lcpRatio}×`);
    if (f.tbtMs > bare!.tbtMs + LIGHTHOUSE_BUDGET.tbtOverMs) over.push(`${f.route} (${f.kind}): TBT ${Math.round(f.tbtMs)} ms, the bare page's ${Math.round(bare!.tbtMs)} ms + ${LIGHTHOUSE_BUDGET.tbtOverMs}, budget`);
  }
  return over;
}
