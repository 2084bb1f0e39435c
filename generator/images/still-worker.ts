// The preview stills drawn in a thread of their own: the PDF renderer and PDF.js leave hundreds of
// megabytes of garbage, which in the build's main thread (whose heap already holds the compiled site)
// stayed as the build's peak memory through the render (10,000 articles: about 650 MB of 2.5 GB). A
// worker's heap goes when it ends. Each still is written to its cache file with its size beside it.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parentPort } from 'node:worker_threads';

export interface StillJob {
  /** The preview source's name (content/previews/<name>-preview.yaml). */
  name: string;
  width: number;
  /** The cache files to write: the WebP and its { width, height, pages }. */
  webp: string;
  meta: string;
}

parentPort?.once('message', async (jobs: StillJob[]) => {
  try {
    const [{ renderPreviewPdf }, { rasterizeFirstPage }] = await Promise.all([import('../../pdf/render-guide-pdf.ts'), import('../../pdf/rasterize-page.ts')]);
    for (const job of jobs) {
      const still = await rasterizeFirstPage(await renderPreviewPdf(job.name), job.width);
      mkdirSync(dirname(job.webp), { recursive: true });
      // Replaced whole, never written into: dist/ may hold a hard link to the old file (outputs.ts).
      for (const [file, data] of [[job.meta, JSON.stringify({ width: still.width, height: still.height, pages: still.pages })], [job.webp, still.data]] as const) {
        writeFileSync(`${file}.${process.pid}.tmp`, data);
        renameSync(`${file}.${process.pid}.tmp`, file);
      }
    }
    parentPort!.postMessage({ done: true });
  } catch (e) {
    parentPort!.postMessage({ error: (e as Error).stack ?? String(e) });
  }
});
