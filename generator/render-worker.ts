// A render worker (see render-pool.ts): says which block types have a component once React and the
// components are loaded, then takes the render input once, then chunks of page indexes.
import { parentPort } from 'node:worker_threads';
import { blockComponents } from '../runtime/render/render-page.tsx';
import { PageRenderer, type RenderInput } from './incremental/render-task.ts';

let renderer: PageRenderer | undefined;
parentPort!.postMessage({ components: blockComponents });
parentPort!.on('message', (m: { input?: RenderInput; chunk?: number[] }) => {
  try {
    if (m.input) renderer = new PageRenderer(m.input);
    if (m.chunk) parentPort!.postMessage({ pages: m.chunk.map((i) => renderer!.render(i)) });
  } catch (e) {
    parentPort!.postMessage({ error: (e as Error).stack ?? String(e) });
  }
});
