// The first round trip's budget (generator/bench/round-trip.ts) on a built fixture site with a long
// article added: each route's whole HTML as the server sends it, headers included, and what its first
// screen needs. An article is one page at its one address whatever its length (issue 50), so its budget
// is its first screen: head, inlined CSS, header, title and opening paragraph, as sent.
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { buildSite } from '../../generator/build.ts';
import { BROTLI_QUALITY, compressBytes, compressPage, FIRST_ROUND_TRIP_BYTES, PAGE_HEADER_ALLOWANCE } from '../../generator/stages/precompress.ts';
import { firstResponses } from '../../generator/bench/first-response.ts';
import { compressedBytesFor } from '../../generator/bench/first-screen.ts';
import { articleOpenings, describeRoundTrips, ROUND_TRIP_BUDGET, roundTripOverBudget, roundTrips, sentBytes, type RoundTrip } from '../../generator/bench/round-trip.ts';
import { compileSite } from '../../generator/core/compile.ts';
import { copyProject } from './fixture.ts';

const LONG = '/blog/long-read';

/** Paragraphs of words drawn from the fixture's own articles in a fixed pseudo-random order: text that
 * brotli cannot fold onto itself, as a real long article's cannot. */
function longText(words: string[], paragraphs: number): string[] {
  // xorshift32: integer steps, no short cycle for brotli to fold.
  let x = 7;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x >>> 0;
  };
  return Array.from({ length: paragraphs }, () => `${Array.from({ length: 120 }, () => words[next() % words.length]).join(' ')}.`);
}

let root: string;
let rows: RoundTrip[];
let brFile: (route: string) => number;
let html_: (route: string) => string;
let extra: string[];
let routes: string[];

beforeAll(async () => {
  // The project's code with the blog-site fixture's content, so the build makes its client too.
  root = copyProject('round-trip-', 'blog-site');
  const source = join(root, 'pages/blog/seven-day-reset.yaml');
  const doc = parseDocument(readFileSync(source, 'utf8'));
  const words = [...new Set(readFileSync(source, 'utf8').match(/\b[a-z]{3,}\b/g))];
  extra = longText(words, 80);
  const sections = doc.get('sections') as { items: unknown[] };
  for (const [i, text] of extra.entries()) {
    if (i % 10 === 0) sections.items.push(doc.createNode({ type: 'heading', level: 2, text: `Further notes, part ${i / 10 + 1}` }));
    sections.items.push(doc.createNode({ type: 'paragraph', text }));
  }
  const total = (readFileSync(source, 'utf8').match(/\S+/g)?.length ?? 0) + extra.length * 120;
  doc.setIn(['article', 'readTime'], Math.round(total / 200));
  doc.setIn(['title'], 'A Long Read: Every Note on the 7-Day Reset');
  writeFileSync(join(root, 'pages/blog/long-read.yaml'), doc.toString());
  const outDir = join(root, 'dist');
  const result = await buildSite(root, { outDir, quiet: true, cacheDir: join(root, '.cache') });
  routes = result.pages.map((p) => p.route);
  expect(routes).toContain(LONG);
  // The articles, by what the compiled pages are (as `npm run bench` reads them).
  const articles = new Set(compileSite(root).site!.pages.filter((p) => p.article).map((p) => p.route));
  rows = roundTrips(await sentBytes(routes, outDir), await firstResponses(result.pages, outDir), articleOpenings(result.pages.filter((p) => articles.has(p.route))));
  brFile = (route) => statSync(`${result.pages.find((p) => p.route === route)!.file}.br`).size;
  html_ = (route) => readFileSync(result.pages.find((p) => p.route === route)!.file, 'utf8');
}, 240_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});


describe('every route in one round trip', () => {
  it('counts each page as sent: its headers and its brotli file', () => {
    for (const r of rows) {
      expect(r.headers, r.route).toBeGreaterThan(100);
      expect(r.whole - r.headers, r.route).toBe(brFile(r.route));
    }
  });

  it('a long article is one page at its one address, the whole text in it, with no script needed to read it', () => {
    expect(routes.filter((r) => r.startsWith(`${LONG}/`))).toEqual([]);
    const html = html_(LONG);
    for (const p of extra) expect(html).toContain(p);
    expect(html).toContain('A Long Read: Every Note on the 7-Day Reset');
    expect(html).toContain('data-block-type="article-footer"');
    expect(html).not.toMatch(/rel="next"/);
    const sitemap = readFileSync(join(root, 'dist/sitemap.xml'), 'utf8');
    expect([...sitemap.matchAll(/<loc>[^<]*\/blog\/long-read[^<]*<\/loc>/g)]).toHaveLength(1);
  });

  it('every blog route comes in the first round trip: an article by its first screen, however long, any other route whole', () => {
    // The landing page is left out: `npm run bench` holds the site's own to the budget.
    expect(roundTripOverBudget(rows.filter((r) => r.route.startsWith('/blog')))).toEqual([]);
    const long = rows.find((r) => r.route === LONG)!;
    expect(long.whole).toBeGreaterThan(ROUND_TRIP_BUDGET);
    expect(long.opening).toBeLessThanOrEqual(ROUND_TRIP_BUDGET);
    expect(long.opening).toBeGreaterThan(long.headers);
    // Listing pages are not articles: they are held whole.
    expect(rows.find((r) => r.route === '/blog')!.opening).toBeUndefined();
  });

  it('an article’s first screen is its head, header, title and opening paragraph, as sent', () => {
    const long = rows.find((r) => r.route === LONG)!;
    const html = html_(LONG);
    const opening = html.slice(html.indexOf('</header>', html.indexOf('<h1'))).match(/<p\b[^>]*>[^]*?<\/p>/)![0];
    // The fewest bytes of the .br as sent that decode past the opening paragraph's end, and not past the title without it.
    const br = readFileSync(`${join(root, 'dist', LONG, 'index.html')}.br`);
    const upTo = (text: string) => Buffer.byteLength(html.slice(0, html.indexOf(text) + text.length));
    expect(long.opening! - long.headers).toBe(compressedBytesFor(br, upTo(opening)));
    expect(long.opening! - long.headers).toBeGreaterThan(compressedBytesFor(br, upTo('</h1>')));
    expect(long.opening).toBeLessThan(long.whole);
  });

  it('the table of contents links each heading on the page', () => {
    const html = html_(LONG);
    const toc = html.slice(html.indexOf('data-testid="toc"'), html.indexOf('</nav>', html.indexOf('data-testid="toc"')));
    const links = [...toc.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]!);
    expect(links.filter((h) => h.includes('further-notes-part-'))).toHaveLength(8);
    for (const href of links) {
      expect(href, href).toMatch(/^#/);
      expect(html, href).toContain(`id="${href.slice(1)}"`);
    }
  });

  it('bench prints the articles’ first screens apart, the largest first, with their whole size beside', () => {
    const table = describeRoundTrips(rows);
    const articles = table.slice(table.indexOf('\narticles'));
    expect(articles).toMatch(new RegExp(`max ${Math.max(...rows.flatMap((r) => (r.opening === undefined ? [] : [r.opening])))} B`));
    expect(articles).toContain(LONG);
    expect(table.slice(0, table.indexOf('\narticles'))).not.toContain(LONG);
  });

  it('names only the routes over the budget, and a page exactly at it passes', () => {
    const within = rows.filter((r) => r.whole <= ROUND_TRIP_BUDGET);
    expect(within.length).toBeGreaterThan(0);
    const over = roundTripOverBudget(rows);
    for (const r of within) expect(over.some((line) => line.startsWith(`${r.route}:`)), r.route).toBe(false);
    const edge = { ...within.find((r) => r.opening === undefined)!, whole: ROUND_TRIP_BUDGET };
    expect(roundTripOverBudget([edge])).toEqual([]);
    expect(roundTripOverBudget([{ ...edge, whole: ROUND_TRIP_BUDGET + 1 }])).toHaveLength(1);
    // An article is judged by its opening alone, whatever its whole size.
    const article = { ...rows.find((r) => r.route === LONG)!, opening: ROUND_TRIP_BUDGET };
    expect(roundTripOverBudget([article])).toEqual([]);
    expect(roundTripOverBudget([{ ...article, opening: ROUND_TRIP_BUDGET + 1 }])).toEqual([expect.stringMatching(new RegExp(`^${LONG}: the article's head, inlined CSS, header, title and opening paragraph ${ROUND_TRIP_BUDGET + 1} B`))]);
  });
});

describe('a page’s compression', () => {
  const words = 'phone sleep focus attention scroll habit notification evening morning friend book walk'.split(' ');
  const page = (paragraphs: number) => Buffer.from(`<!doctype html><html><body>${longText(words, paragraphs).map((p) => `<p>${p}</p>`).join('')}</body></html>`);

  it('is quality 5 where that comes in the first round trip, and 11 where 5 would not', () => {
    const light = page(20);
    expect(compressBytes(light, 5, true).br.length + PAGE_HEADER_ALLOWANCE).toBeLessThan(FIRST_ROUND_TRIP_BYTES);
    expect(Buffer.from(compressPage(light).br).equals(Buffer.from(compressBytes(light, 5, true).br))).toBe(true);
    const heavy = page(400);
    expect(compressBytes(heavy, 5, true).br.length + PAGE_HEADER_ALLOWANCE).toBeGreaterThan(FIRST_ROUND_TRIP_BYTES);
    expect(Buffer.from(compressPage(heavy).br).equals(Buffer.from(compressBytes(heavy, BROTLI_QUALITY.heavyPages, true).br))).toBe(true);
    expect(compressPage(heavy).br.length).toBeLessThan(compressBytes(heavy, 5, true).br.length);
  });
});
