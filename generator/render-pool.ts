// Renders pages on the main thread and on worker threads at once. Workers are started early (loading
// React and the components takes about a second), so they are ready when the pages are; each takes
// chunks of pages from a shared queue. A page's HTML does not depend on which thread rendered it.
import { availableParallelism } from 'node:os';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { PageRenderer, type RenderedPage, type RenderInput } from './incremental/render-task.ts';

/** Below this many pages to render, starting workers costs more than it saves. */
export const PARALLEL_MIN_PAGES = 300;
const CHUNK = 25;

/** A worker thread that runs TypeScript: it registers tsx's loader before importing the entry. */
export function tsWorker(entry: URL): Worker {
  const api = import.meta.resolve('tsx/esm/api');
  return new Worker(`import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); })`, { eval: true });
}

export class RenderPool {
  private readonly workers: Worker[] = [];

  /** Starts `count` workers (default: one per core but the main thread's). */
  constructor(count = Math.max(0, availableParallelism() - 1)) {
    for (let i = 0; i < count; i++) {
      const w = tsWorker(new URL('./render-worker.ts', import.meta.url));
      w.unref();
      this.workers.push(w);
    }
  }

  /** Renders the pages at `indices`, calling `onPage` with each as it is done (in no fixed order). */
  async render(input: RenderInput, indices: readonly number[], onPage: (page: RenderedPage) => void): Promise<void> {
    const queue = [...indices];
    const renderer = new PageRenderer(input);
    const take = () => queue.splice(0, CHUNK);
    const fromWorker = this.workers.map(
      (w) =>
        new Promise<void>((resolve, reject) => {
          const next = () => {
            const chunk = take();
            if (!chunk.length) return resolve();
            w.postMessage({ chunk });
          };
          w.on('error', reject);
          w.on('message', (m: { pages?: RenderedPage[]; error?: string }) => {
            if (m.error) return reject(new Error(m.error));
            m.pages!.forEach(onPage);
            next();
          });
          w.postMessage({ input });
          next();
        }),
    );
    // The main thread takes chunks too, yielding between them so workers' results are taken in.
    for (let chunk = take(); chunk.length; chunk = take()) {
      for (const index of chunk) onPage(renderer.render(index));
      await yieldToEvents();
    }
    await Promise.all(fromWorker);
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
