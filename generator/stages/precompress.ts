// Precompression: .br and .gz beside each text file, so the server sends them without compressing per
// request. Brotli quality against size and time, measured on a 1,000-article build (see the bench and
// issue 11's note):
// - pages: quality 5 takes ~1 ms a 45 KB page; quality 11 takes ~20 ms for ~12% fewer bytes. Pages are
//   many and rebuilt often, so 5. They are compressed by the thread that rendered them (render-task.ts).
//   A page whose quality-5 bytes and headers would not come in the first round trip of a new connection
//   is made again at 11 (compressPage): there its bytes cost each visitor a round trip (issue 40), and
//   few pages are that heavy (2 of the site's 62: the landing page and its longest article, which is one
//   page whatever its length, its opening first in the stream). 11 saves ~11% on them, ~420 B on the
//   landing page against 10's ~9%, for ~40 ms more a page; those 420 B are what a page near the budget misses.
// - client assets (few, cached): quality 11 up to 256 KB (React, Supabase, the stylesheet, islands).
//   Above that are only pdf.js's engine and worker (460 KB and 1.3 MB), fetched once a preview is on
//   screen: quality 11 takes 3.2 s of a cold build for them, 10 takes 1.25 s, 9 takes 0.15 s; 9 is
//   8% bigger than 10 (+37 KB), so 9. They are compressed once per client build, beside Vite's output
//   (vite-build.ts), while the site compiles.
// - gzip (level 9) is made for assets and other files, not for pages (see compressBytes).
// Other files (the sitemap, the feed, images' SVG) are compressed here on worker threads, only when
// their content changed (the caller keeps content hashes), and kept by content hash in the build cache.
import { availableParallelism } from 'node:os';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Worker } from 'node:worker_threads';

export const COMPRESSIBLE = /\.(html|css|js|mjs|xml|txt|svg|json)$/;
/** Smaller files gain nothing worth a second request variant. */
export const MIN_COMPRESS_BYTES = 512;
export const BROTLI_QUALITY = { pages: 5, heavyPages: 11, assets: 11, largeAssets: 9 } as const;
/** Assets above this size get `largeAssets` quality. */
export const LARGE_ASSET_BYTES = 256 * 1024;
export const GZIP_LEVEL = 9;

/** Whether a file gets a .br and a .gz beside it. */
export const shouldCompress = (file: string, size: number) => COMPRESSIBLE.test(file) && size >= MIN_COMPRESS_BYTES;

export const qualityFor = (file: string, size: number) =>
  /\.(js|mjs|css|svg)$/.test(file) ? (size > LARGE_ASSET_BYTES ? BROTLI_QUALITY.largeAssets : BROTLI_QUALITY.assets) : BROTLI_QUALITY.pages;

export interface Compressed {
  br: Uint8Array;
  /** None for pages: see below. */
  gz?: Uint8Array;
}

/**
 * One file's brotli, and its gzip unless `brotliOnly`. Pages are brotli only: every browser asks for
 * brotli, gzip took nearly half of a page's compression time (ten seconds of CPU at 10,000 articles),
 * and the server gzips a page on the fly for the rare client that cannot take brotli (serve.ts).
 */
export function compressBytes(data: Uint8Array, quality: number, brotliOnly = false): Compressed {
  const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
  return brotliOnly ? { br } : { br, gz: gzipSync(data, { level: GZIP_LEVEL }) };
}

/** The bytes the first round trip of a new connection brings (TCP's initial window of ten packets of 1,460 B), and what a page's response headers take of them. */
export const FIRST_ROUND_TRIP_BYTES = 10 * 1460;
export const PAGE_HEADER_ALLOWANCE = 1200;

/** A page's brotli: quality 5, or 11 when 5 leaves it over the first round trip (see above). */
export function compressPage(data: Uint8Array): Compressed {
  const fast = compressBytes(data, BROTLI_QUALITY.pages, true);
  return fast.br.length + PAGE_HEADER_ALLOWANCE > FIRST_ROUND_TRIP_BYTES ? compressBytes(data, BROTLI_QUALITY.heavyPages, true) : fast;
}

/** Pages: precompressed as brotli only (see compressBytes). */
export const isPage = (file: string) => file.endsWith('.html');

export interface CompressJob {
  /** The file to compress; writes `${file}.br` and `${file}.gz` (not with `brotliOnly`). */
  file: string;
  quality: number;
  brotliOnly?: boolean;
  /** Also keep the results here (the build cache), as `${keep}.br` and `${keep}.gz`. */
  keep?: string;
}

// Plain JavaScript, so the worker needs no TypeScript loader.
const WORKER = `
const { parentPort } = require('node:worker_threads');
const { readFileSync, writeFileSync, copyFileSync } = require('node:fs');
const { brotliCompressSync, gzipSync, constants } = require('node:zlib');
parentPort.on('message', ({ file, quality, keep, level, brotliOnly }) => {
  try {
    const data = readFileSync(file);
    writeFileSync(file + '.br', brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
    if (!brotliOnly) writeFileSync(file + '.gz', gzipSync(data, { level }));
    if (keep) { copyFileSync(file + '.br', keep + '.br'); if (!brotliOnly) copyFileSync(file + '.gz', keep + '.gz'); }
    parentPort.postMessage({});
  } catch (e) { parentPort.postMessage({ error: String(e && e.stack || e) }); }
});`;

/** Compresses the jobs on worker threads, biggest first (so one large file does not finish last). */
export async function compressFiles(jobs: CompressJob[], threads = availableParallelism()): Promise<void> {
  if (!jobs.length) return;
  const { statSync } = await import('node:fs');
  const queue = jobs.map((j) => ({ j, size: statSync(j.file).size })).sort((a, b) => b.size - a.size).map((x) => x.j);
  const workers = Array.from({ length: Math.min(threads, queue.length) }, () => new Worker(WORKER, { eval: true }));
  try {
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            const next = () => {
              const job = queue.shift();
              if (!job) return resolve();
              w.postMessage({ ...job, level: GZIP_LEVEL });
            };
            w.on('error', reject);
            w.on('message', (m: { error?: string }) => (m.error ? reject(new Error(m.error)) : next()));
            next();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
