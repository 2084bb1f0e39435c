// Every route in one round trip (issue 40): each page's whole HTML as the server sends it (the response's
// status line and headers, and its body, brotli as the build precompressed it) against the bytes the first
// round trip of a new connection brings (FIRST_ROUND_TRIP_BYTES, Lighthouse's simulated network and TCP's
// initial window of ten packets). Headers count: Lighthouse's network model downloads a document's
// transfer size, headers included, so a 14 kB body behind a 1 kB header block takes two round trips.
//
// An article is one document whatever its length (issue 50: readers search, print, share and use reader
// mode on whole articles), so its budget is its first screen in the first round trip instead: its headers
// and the compressed HTML up to the end of its opening paragraph (head, inlined CSS, the site's header,
// the title; first-screen.ts openingParagraphEnd), the brotli stream as sent cut where that much decodes.
// Every other route stays whole within the first round trip.
//
// Beside it, what the first screen needs in the same terms (headers plus the compressed HTML up to the
// last thing a phone's or a desktop's first screen shows, first-response.ts), so a page over the budget
// says whether its first screen at least arrives in the first round trip.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startStaticServer } from '../host/serve.ts';
import type { FirstResponse } from './first-response.ts';
import { compressedBytesFor, openingParagraphEnd } from './first-screen.ts';
import { FIRST_ROUND_TRIP_BYTES } from '../stages/precompress.ts';

/**
 * The bytes a page's first round trip brings in Lighthouse's simulated network (its Lantern model of TCP
 * slow start: an initial congestion window of 10 segments of 1,460 B). A document whose transfer, headers
 * included, is larger takes one more round trip before it can be parsed: 150 ms on the mobile preset's
 * network, about a quarter of the bare page's LCP.
 */
export const ROUND_TRIP_BUDGET = FIRST_ROUND_TRIP_BYTES;

export interface SentBytes {
  route: string;
  /** The status line and headers as written on the wire, the blank line that ends them included. */
  headers: number;
  /** The body as sent: brotli. */
  body: number;
}

/** One GET of `path` as a browser asks for a page (brotli accepted), counting what comes back. */
function sent(origin: string, path: string): Promise<{ headers: number; body: number }> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      if (res.headers['content-encoding'] !== 'br') reject(new Error(`${path}: sent as ${res.headers['content-encoding'] ?? 'identity'}, not brotli`));
      const raw = res.rawHeaders;
      let headers = `HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
      for (let i = 0; i < raw.length; i += 2) headers += `${raw[i]}: ${raw[i + 1]}\r\n`.length;
      let body = 0;
      res.on('data', (chunk: Buffer) => (body += chunk.length));
      res.on('end', () => resolve({ headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Each route of a built folder as `npm start` sends it. */
export async function sentBytes(routes: readonly string[], outDir: string): Promise<SentBytes[]> {
  const server = await startStaticServer({ dir: outDir, port: 0, host: '127.0.0.1', log: () => {} });
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const out: SentBytes[] = [];
    for (const route of routes) out.push({ route, ...(await sent(origin, route)) });
    return out;
  } finally {
    await new Promise<void>((done) => server.close(() => done()));
  }
}

/**
 * Each article's opening as sent, brotli: the fewest bytes of its built `.br` from which its HTML up to
 * the end of its opening paragraph decodes (the whole file when it has none).
 */
export function articleOpenings(articles: readonly { route: string; file: string }[]): Map<string, number> {
  return new Map(
    articles.map(({ route, file }) => {
      const html = readFileSync(file, 'utf8');
      const br = readFileSync(`${file}.br`);
      const end = openingParagraphEnd(html);
      return [route, end === undefined ? br.length : compressedBytesFor(br, Buffer.byteLength(html.slice(0, end)))];
    }),
  );
}

export interface RoundTrip {
  route: string;
  /** Headers and the whole body, as sent. */
  whole: number;
  /** Headers and the compressed HTML the larger of the two first screens needs. */
  firstScreen: number;
  headers: number;
  /** On an article: headers and the compressed HTML up to the end of its opening paragraph, its budget's measure. */
  opening?: number;
}

/** The whole page and its first screen as sent, per route (routes of `first` without a sent size are left out); `openings`: the articles' (articleOpenings). */
export function roundTrips(sentSizes: readonly SentBytes[], first: readonly FirstResponse[], openings: ReadonlyMap<string, number> = new Map()): RoundTrip[] {
  const screens = new Map(first.map((f) => [f.route, Math.max(f.firstScreen.mobile, f.firstScreen.desktop)]));
  return sentSizes.map(({ route, headers, body }) => {
    const opening = openings.get(route);
    return { route, headers, whole: headers + body, firstScreen: headers + (screens.get(route) ?? body), ...(opening === undefined ? {} : { opening: headers + opening }) };
  });
}

/** Each route over the first round trip, named with its bytes (an article by its opening, any other route whole); empty when all are within. */
export function roundTripOverBudget(rows: readonly RoundTrip[], budget = ROUND_TRIP_BUDGET): string[] {
  const over: string[] = [];
  for (const r of rows) {
    if (r.opening !== undefined) {
      if (r.opening > budget) over.push(`${r.route}: the article's head, inlined CSS, header, title and opening paragraph ${r.opening} B as sent (${r.headers} B of headers), over the first round trip's ${budget} B by ${r.opening - budget} B`);
      continue;
    }
    if (r.whole <= budget) continue;
    const screen = r.firstScreen <= budget ? `its first screen ${r.firstScreen} B within it` : `its first screen ${r.firstScreen} B over it too`;
    over.push(`${r.route}: whole HTML ${r.whole} B as sent (${r.headers} B of headers), over the first round trip's ${budget} B by ${r.whole - budget} B; ${screen}`);
  }
  return over;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2) : 0;
};

/** The tables bench prints: the largest, the median and the worst routes, whole; then the articles' openings. */
export function describeRoundTrips(rows: readonly RoundTrip[], budget = ROUND_TRIP_BUDGET): string {
  const routes = rows.filter((r) => r.opening === undefined).sort((a, b) => b.whole - a.whole);
  const articles = rows.filter((r) => r.opening !== undefined).sort((a, b) => b.opening! - a.opening!);
  const lines = [
    `whole HTML as sent (headers + brotli body) against the first round trip's ${budget} B: max ${routes[0]?.whole ?? 0} B, median ${median(routes.map((r) => r.whole))} B over ${routes.length} routes (articles apart, below); the largest:`,
    `${'route'.padEnd(40)} ${'whole'.padStart(8)} ${'headers'.padStart(8)} ${'1st screen'.padStart(10)}`,
  ];
  for (const r of routes.slice(0, 5)) lines.push(`${r.route.padEnd(40)} ${`${r.whole} B`.padStart(8)} ${`${r.headers} B`.padStart(8)} ${`${r.firstScreen} B`.padStart(10)}${r.whole > budget ? '  over' : ''}`);
  if (!articles.length) return lines.join('\n');
  lines.push(
    `\narticles, whole at one address: head, inlined CSS, header, title and opening paragraph as sent (headers + the brotli body up to the paragraph's end) against the same ${budget} B: max ${articles[0]!.opening} B, median ${median(articles.map((r) => r.opening!))} B over ${articles.length} articles (${articles.filter((r) => r.whole > budget).length} of them over it whole); the largest:`,
    `${'article'.padEnd(40)} ${'opening'.padStart(8)} ${'headers'.padStart(8)} ${'whole'.padStart(10)}`,
  );
  for (const r of articles.slice(0, 5)) lines.push(`${r.route.padEnd(40)} ${`${r.opening} B`.padStart(8)} ${`${r.headers} B`.padStart(8)} ${`${r.whole} B`.padStart(10)}${r.opening! > budget ? '  over' : ''}`);
  return lines.join('\n');
}
