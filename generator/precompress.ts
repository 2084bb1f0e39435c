// Precompression: .br and .gz beside each text file, so the server sends them without compressing per
// request. Measured on the built pages (see the bench): brotli 11 takes ~20 ms a page for ~14% fewer
// bytes than quality 5, which takes under 1 ms, so pages (many, and rebuilt often) use quality 5,
// and the client assets (few, cached, fetched by every visitor) quality 11. Runs on worker threads;
// a file is compressed again only when its content changed (the caller keeps content hashes), and
// each result is kept by content hash in the build cache, so a fresh dist/ costs copies, not CPU.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

export const COMPRESSIBLE = /\.(html|css|js|mjs|xml|txt|svg|json)$/;
/** Smaller files gain nothing worth a second request variant. */
export const MIN_COMPRESS_BYTES = 512;
export const BROTLI_QUALITY = { pages: 5, assets: 11 } as const;
export const GZIP_LEVEL = 9;

export const qualityFor = (file: string) => (/\.(js|mjs|css|svg)$/.test(file) ? BROTLI_QUALITY.assets : BROTLI_QUALITY.pages);

export interface CompressJob {
  /** The file to compress; writes `${file}.br` and `${file}.gz`. */
  file: string;
  quality: number;
  /** Also keep the results here (the build cache), as `${keep}.br` and `${keep}.gz`. */
  keep?: string;
}

// Plain JavaScript, so the worker needs no TypeScript loader.
const WORKER = `
const { parentPort } = require('node:worker_threads');
const { readFileSync, writeFileSync, copyFileSync } = require('node:fs');
const { brotliCompressSync, gzipSync, constants } = require('node:zlib');
parentPort.on('message', ({ file, quality, keep, level }) => {
  try {
    const data = readFileSync(file);
    writeFileSync(file + '.br', brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));
    writeFileSync(file + '.gz', gzipSync(data, { level }));
    if (keep) { copyFileSync(file + '.br', keep + '.br'); copyFileSync(file + '.gz', keep + '.gz'); }
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
