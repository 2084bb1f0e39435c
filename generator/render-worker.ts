// A render worker (see render-pool.ts): says which block types have a component once React and the
// components are loaded, then renders pages from the shared queue until it is empty.
import { parentPort } from 'node:worker_threads';
import { blockComponents } from '../runtime/render/render-page.tsx';
import { PageRenderer, type RenderedPage, type RenderInput } from './incremental/render-task.ts';
import { takeFrom } from './render-queue.ts';

parentPort!.postMessage({ components: blockComponents });
parentPort!.on('message', (m: { input: RenderInput; queue: SharedArrayBuffer }) => {
  try {
    const renderer = new PageRenderer(m.input);
    // Results go back a few at a time: fewer messages, and the main thread writes them as they come.
    let batch: RenderedPage[] = [];
    for (let index = takeFrom(m.queue); index !== undefined; index = takeFrom(m.queue)) {
      batch.push(renderer.render(index));
      if (batch.length === 4) {
        parentPort!.postMessage({ pages: batch });
        batch = [];
      }
    }
    parentPort!.postMessage({ pages: batch, done: true });
  } catch (e) {
    parentPort!.postMessage({ error: (e as Error).stack ?? String(e) });
  }
});
