// Social cards drawn on several threads: worker threads (one per core but one) and the main thread,
// each taking the next card from a shared queue (render-queue.ts) and writing it to its cache file.
// Few cards (a rebuild) are drawn on the main thread alone: starting a worker costs more than they do.
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { tsWorker } from '../stages/render-pool.ts';
import { renderQueue } from '../stages/render-queue.ts';
import { drawFrom, type CardJob } from './card-worker.ts';

export type { CardJob };

/** Below this many cards, the main thread draws them alone. */
const PARALLEL_MIN_CARDS = 64;

export class CardPool {
  private readonly queue: SharedArrayBuffer;
  private readonly workers: Worker[] = [];
  private readonly done: Promise<unknown>[];

  /** Starts drawing `jobs` on worker threads at once; the main thread joins in `finish`. */
  constructor(private readonly jobs: readonly CardJob[], threads = Math.max(1, availableParallelism() - 1)) {
    this.queue = renderQueue(jobs.map((_, i) => i));
    if (jobs.length >= PARALLEL_MIN_CARDS) for (let i = 0; i < threads; i++) this.workers.push(tsWorker(new URL('./card-worker.ts', import.meta.url)));
    this.done = this.workers.map(
      (w) =>
        new Promise((resolve, reject) => {
          w.once('message', resolve);
          w.once('error', reject);
          w.once('exit', (code) => reject(new Error(`a card-drawing thread stopped (exit code ${code}) before it was done`)));
          w.postMessage({ jobs, queue: this.queue });
        }),
    );
  }

  /** Draws what is left on this thread, then waits for the workers' last cards. */
  async finish(): Promise<void> {
    try {
      drawFrom(this.queue, this.jobs);
      await Promise.all(this.done);
    } finally {
      await Promise.all(this.workers.map((w) => w.terminate()));
    }
  }
}
