// The first round trip's budget (generator/bench/round-trip.ts) on a built fixture site with a long
// article added: each route's whole HTML as the server sends it, headers included, and what its first
// screen needs. A long article's whole page goes over and is named with its bytes; its first screen still
// comes in the first round trip, whatever its length, since its head is as light as any article's.
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { buildSite } from '../../generator/build.ts';
import { compressBytes, compressPage, FIRST_ROUND_TRIP_BYTES, PAGE_HEADER_ALLOWANCE } from '../../generator/stages/precompress.ts';
import { firstResponses } from '../../generator/bench/first-response.ts';
import { ROUND_TRIP_BUDGET, roundTripOverBudget, roundTrips, sentBytes, type RoundTrip } from '../../generator/bench/round-trip.ts';
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

beforeAll(async () => {
  // The project's code with the blog-site fixture's content, so the build makes its client too.
  root = copyProject('round-trip-', 'blog-site');
  const source = join(root, 'pages/blog/seven-day-reset.yaml');
  const doc = parseDocument(readFileSync(source, 'utf8'));
  const words = [...new Set(readFileSync(source, 'utf8').match(/\b[a-z]{3,}\b/g))];
  const extra = longText(words, 80);
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
  expect(result.pages.map((p) => p.route)).toContain(LONG);
  rows = roundTrips(await sentBytes(result.pages.map((p) => p.route), outDir), await firstResponses(result.pages, outDir));
  brFile = (route) => statSync(`${result.pages.find((p) => p.route === route)!.file}.br`).size;
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

  it('a long article goes over as a whole and is named with its bytes, while its first screen comes in the first round trip', () => {
    const long = rows.find((r) => r.route === LONG)!;
    expect(long.whole).toBeGreaterThan(ROUND_TRIP_BUDGET);
    expect(long.firstScreen).toBeLessThanOrEqual(ROUND_TRIP_BUDGET);
    expect(long.firstScreen).toBeLessThan(long.whole / 2);
    const named = roundTripOverBudget(rows).filter((line) => line.startsWith(`${LONG}:`));
    expect(named).toEqual([`${LONG}: whole HTML ${long.whole} B as sent (${long.headers} B of headers), over the first round trip's ${ROUND_TRIP_BUDGET} B by ${long.whole - ROUND_TRIP_BUDGET} B; its first screen ${long.firstScreen} B within it`]);
  });

  it('names only the routes over the budget, and a page exactly at it passes', () => {
    const within = rows.filter((r) => r.whole <= ROUND_TRIP_BUDGET);
    expect(within.length).toBeGreaterThan(0);
    const over = roundTripOverBudget(rows);
    for (const r of within) expect(over.some((line) => line.startsWith(`${r.route}:`)), r.route).toBe(false);
    const edge = { ...within[0]!, whole: ROUND_TRIP_BUDGET };
    expect(roundTripOverBudget([edge])).toEqual([]);
    expect(roundTripOverBudget([{ ...edge, whole: ROUND_TRIP_BUDGET + 1 }])).toHaveLength(1);
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
    expect(Buffer.from(compressPage(heavy).br).equals(Buffer.from(compressBytes(heavy, 11, true).br))).toBe(true);
    expect(compressPage(heavy).br.length).toBeLessThan(compressBytes(heavy, 5, true).br.length);
  });
});
