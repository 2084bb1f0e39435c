// Drawing cards from a shared queue (render-queue.ts) until it is empty: what each thread of
// card-pool.ts does, the main thread included. Started as a worker thread, it waits for the jobs and
// the queue, draws, and says when it is done.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { takeFrom } from '../stages/render-queue.ts';
import { drawCard, type CardText } from './card.ts';

export interface CardJob {
  /** The cache file to write. */
  file: string;
  text: CardText;
}

/** Draws the jobs the queue hands this thread, each written to its file whole (another build may read it). */
export function drawFrom(queue: SharedArrayBuffer, jobs: readonly CardJob[]): void {
  for (let i = takeFrom(queue); i !== undefined; i = takeFrom(queue)) {
    const { file, text } = jobs[i]!;
    const part = `${file}.${process.pid}.${i}.tmp`;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(part, drawCard(text));
    renameSync(part, file);
  }
}

// On the main thread (card-pool.ts imports drawFrom) there is no parent to listen to.
parentPort?.once('message', ({ jobs, queue }: { jobs: CardJob[]; queue: SharedArrayBuffer }) => {
  drawFrom(queue, jobs);
  parentPort!.postMessage('done');
});
