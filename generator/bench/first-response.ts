// What a built page's first paint waits for: the compressed HTML up to the last thing its first screen
// shows (the head, with the first paint's CSS inline, included; first-screen.ts), and any stylesheet it
// links render-blocking, compressed as the server sends them (the build's .br files). Kept within about
// 14 KB, it all arrives in the first round trip of a new connection (TCP's initial window of ten
// packets), so nothing but latency stands between the request and the first paint. The whole document's
// compressed size is reported beside it: a long article's text goes on arriving after its first paint.
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { chromium } from '@playwright/test';
import { wholeChromiumOptions } from '../chromium.ts';
import { compressedBytesFor, firstScreenSourceLength, SCREENS } from './first-screen.ts';
import { startStaticServer } from '../host/serve.ts';

export const FIRST_RESPONSE_BUDGET = 14 * 1024;

export interface FirstResponse {
  route: string;
  /** Compressed bytes of the whole HTML document, inline CSS included. */
  html: number;
  /** Compressed bytes of the HTML the first screen needs, by screen (mobile, desktop). */
  firstScreen: Record<(typeof SCREENS)[number]['name'], number>;
  /** Compressed bytes of the stylesheets the page links render-blocking (none on a build's pages). */
  blockingCss: number;
  /** What the first paint waits for on the larger of the screens: first-screen HTML plus blocking CSS. */
  total: number;
}

/** A built file as the server sends it: its precompressed .br when the build wrote one, else brotli now. */
function compressed(file: string): Buffer {
  if (existsSync(`${file}.br`)) return readFileSync(`${file}.br`);
  return brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
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

/** The first response of each built page (`file` is its index.html under `outDir`), laid out in Chromium. */
export async function firstResponses(pages: readonly { route: string; file: string }[], outDir: string): Promise<FirstResponse[]> {
  const server = await startStaticServer({ dir: outDir, port: 0, host: '127.0.0.1', log: () => {} });
  const browser = await chromium.launch(wholeChromiumOptions);
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const out: FirstResponse[] = pages.map(({ route, file }) => {
      const html = readFileSync(file, 'utf8');
      const blockingCss = blockingStylesheets(html)
        .filter((href) => href.startsWith('/') && !href.startsWith('//'))
        .reduce((n, href) => n + compressed(join(outDir, href.split(/[?#]/)[0]!)).length, 0);
      return { route, html: compressed(file).length, firstScreen: { mobile: 0, desktop: 0 }, blockingCss, total: 0 };
    });
    for (const screen of SCREENS) {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: screen.viewport, deviceScaleFactor: screen.deviceScaleFactor, isMobile: screen.isMobile });
      const page = await context.newPage();
      for (const [i, { route, file }] of pages.entries()) {
        await page.goto(base + route, { waitUntil: 'load' });
        const html = readFileSync(file, 'utf8');
        const chars = await firstScreenSourceLength(page, html).catch((e: Error) => {
          throw new Error(`${route} (${screen.name}): ${e.message}`);
        });
        out[i]!.firstScreen[screen.name] = compressedBytesFor(compressed(file), Buffer.byteLength(html.slice(0, chars)));
      }
      await context.close();
    }
    for (const f of out) f.total = Math.max(f.firstScreen.mobile, f.firstScreen.desktop) + f.blockingCss;
    return out;
  } finally {
    await browser.close();
    server.close();
  }
}
