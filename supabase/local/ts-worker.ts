// A worker thread that runs TypeScript, as the stand-in's own files are: it registers tsx's loader
// before importing its entry (the build's render pool does the same, generator/stages/render-pool.ts).
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function tsWorker(entry: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const api = import.meta.resolve('tsx/esm/api');
  return new Worker(`import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); })`, { ...options, eval: true });
}
