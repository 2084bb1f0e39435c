// What a built page's first paint waits for: its HTML (which carries the first paint's CSS inline) and
// any stylesheet it links render-blocking, compressed as the server sends them (the build's .br files).
// Kept within about 14 KB, it all arrives in the first round trip of a new connection (TCP's initial
// window of ten packets), so nothing but latency stands between the request and the first paint.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

export const FIRST_RESPONSE_BUDGET = 14 * 1024;

export interface FirstResponse {
  route: string;
  /** Compressed bytes of the HTML, inline CSS included. */
  html: number;
  /** Compressed bytes of the stylesheets the page links render-blocking (none on a build's pages). */
  blockingCss: number;
  total: number;
}

/** Compressed size of a built file: its precompressed .br when the build wrote one, else brotli now. */
function compressedSize(file: string): number {
  if (existsSync(`${file}.br`)) return statSync(`${file}.br`).size;
  return brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/** Stylesheets that block rendering: linked with no media, or media "all" or "screen". */
export function blockingStylesheets(html: string): string[] {
  const out: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    if (!/\brel="stylesheet"/.test(tag)) continue;
    const media = /\bmedia="([^"]*)"/.exec(tag)?.[1]?.trim();
    if (media && media !== 'all' && media !== 'screen') continue;
    const href = /\bhref="([^"]*)"/.exec(tag)?.[1];
    if (href) out.push(href);
  }
  return out;
}

/** The first response of each built page (`file` is its index.html under `outDir`). */
export function firstResponses(pages: readonly { route: string; file: string }[], outDir: string): FirstResponse[] {
  return pages.map(({ route, file }) => {
    const html = compressedSize(file);
    const blockingCss = blockingStylesheets(readFileSync(file, 'utf8'))
      .filter((href) => href.startsWith('/') && !href.startsWith('//'))
      .reduce((n, href) => n + compressedSize(join(outDir, href.split(/[?#]/)[0]!)), 0);
    return { route, html, blockingCss, total: html + blockingCss };
  });
}
