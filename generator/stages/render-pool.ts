// Renders pages on worker threads, and on the main thread too when there are many. Workers are started
// early (loading React and the components takes about half a second), so they are ready when the
// pages are; each takes pages from a shared queue (render-queue.ts). A page's HTML does not depend on which
// thread rendered it. With few pages to render (a warm rebuild), only the workers render, so the main
// thread never loads React at all.
import { availableParallelism } from 'node:os';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { RenderedPage, RenderInput } from '../render/render-task.ts';
import type { FileEntry } from '../core/read.ts';
import type { CompileCache } from '../store/compile-cache.ts';
import { validateFromQueue, type RawEntry } from './prevalidate.ts';
import { renderQueue, takeFrom } from './render-queue.ts';
import type { SchemaSet } from '../core/schemas.ts';
import type { SourceText } from '../core/load.ts';

/** Below this many pages, starting workers costs more than it saves. */
export const PARALLEL_MIN_PAGES = 300;

/** A worker thread that runs TypeScript: it registers tsx's loader before importing the entry. */
export function tsWorker(entry: URL): Worker {
  const api = import.meta.resolve('tsx/esm/api');
  return new Worker(`import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); })`, { eval: true });
}

export class RenderPool {
  private readonly workers: Worker[] = [];

  /** Starts `count` workers (default: one per core but the main thread's, at least one). */
  constructor(count = Math.max(1, availableParallelism() - 1)) {
    for (let i = 0; i < count; i++) {
      const w = tsWorker(new URL('./render-worker.ts', import.meta.url));
      w.unref();
      this.workers.push(w);
    }
  }

  /**
   * Before the compile: parses and validates `files` into the compile cache, on the main thread and
   * the workers at once (see prevalidate.ts). Called once per build, with no files when there is
   * nothing to share: the workers then go straight on to load React. `reuse` false (a clean build): the
   * workers compile the validators anew too.
   */
  async prevalidate(root: string, files: readonly string[], cache: CompileCache, schemas: SchemaSet, reuse = true, textOf?: (full: string) => SourceText): Promise<void> {
    if (!files.length) {
      for (const w of this.workers) w.postMessage({ validate: null });
      return;
    }
    const queue = renderQueue(files.map((_, i) => i));
    const fromWorkers = this.workers.map(
      (w) =>
        new Promise<void>((resolve, reject) => {
          const onMessage = (m: { entries?: RawEntry[]; validated?: boolean; error?: string }) => {
            if (m.error) return reject(new Error(m.error));
            // Parsed as they arrive, while both threads are busy, rather than by the compile, which runs alone.
            for (const e of m.entries ?? []) cache.setRaw(e.key, e.json, JSON.parse(e.json) as FileEntry);
            if (m.validated) {
              w.off('message', onMessage);
              resolve();
            }
          };
          w.on('message', onMessage);
          w.postMessage({ validate: { root, files, queue, reuse } });
        }),
    );
    await validateFromQueue(
      root,
      files,
      queue,
      schemas,
      (e, entry) => cache.setRaw(e.key, e.json, entry),
      () => yieldToEvents(),
      textOf,
    );
    await Promise.all(fromWorkers);
  }

  /** Sends the render input to the workers, which make their renderers while the main thread decides what to render. */
  prepare(input: RenderInput): void {
    for (const w of this.workers) w.postMessage({ input });
  }

  /**
   * Renders the pages at `indices` (after prepare), calling `onPage` with each as it is done (in no fixed order). The
   * main thread renders too when `mainThread` is set (many pages), one page at a time between taking
   * in the workers' results.
   */
  async render(input: RenderInput, indices: readonly number[], onPage: (page: RenderedPage) => void, mainThread: boolean): Promise<void> {
    const queue = renderQueue(indices);
    const fromWorker = this.workers.map(
      (w) =>
        new Promise<void>((resolve, reject) => {
          w.on('error', reject);
          w.on('message', (m: { pages?: RenderedPage[]; done?: boolean; error?: string }) => {
            if (m.error) return reject(new Error(m.error));
            m.pages?.forEach(onPage);
            if (m.done) resolve();
          });
          w.postMessage({ queue });
        }),
    );
    if (mainThread) {
      const { PageRenderer } = await import('../render/render-task.ts');
      const renderer = new PageRenderer(input);
      for (let index = takeFrom(queue); index !== undefined; index = takeFrom(queue)) {
        onPage(renderer.render(index));
        await yieldToEvents();
      }
    }
    await Promise.all(fromWorker);
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
