// A render worker (see render-pool.ts). First it may help the main thread parse and validate page
// files (prevalidate.ts); then it loads React and the components; then it takes the render input and renders pages from the shared queue until it is empty.
import { join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import type { RenderedPage, RenderInput } from '../render/render-task.ts';
import type { RawEntry } from './prevalidate.ts';
import { takeFrom } from './render-queue.ts';

type Message = { validate?: { root: string; files: string[]; queue: SharedArrayBuffer; reuse: boolean } | null; input?: RenderInput; queue?: SharedArrayBuffer };

const port = parentPort!;
let ready: Promise<typeof import('../render/render-task.ts')> | undefined;

async function validate(job: NonNullable<Message['validate']>): Promise<void> {
  const [{ validateFromQueue }, { loadSchemas }] = await Promise.all([import('./prevalidate.ts'), import('../core/schemas.ts')]);
  const schemas = loadSchemas(join(job.root, 'schemas'), undefined, { reuse: job.reuse });
  let batch: RawEntry[] = [];
  await validateFromQueue(job.root, job.files, job.queue, schemas, (e) => {
    batch.push(e);
    if (batch.length === 8) {
      port.postMessage({ entries: batch });
      batch = [];
    }
  });
  port.postMessage({ entries: batch, validated: true });
}

async function load() {
  return await import('../render/render-task.ts');
}

let renderer: Promise<import('../render/render-task.ts').PageRenderer> | undefined;

/** The render input, sent as soon as the site is compiled: the renderer is made (its stylesheet parsed) while the main thread decides what to render. */
function prepare(input: RenderInput): void {
  renderer = ready!.then(({ PageRenderer }) => {
    const r = new PageRenderer(input);
    r.assets.inlineCss?.('', []); // parses the stylesheet now
    return r;
  });
}

async function render(queue: SharedArrayBuffer): Promise<void> {
  const r = await renderer!;
  // Results go back a few at a time: fewer messages, and the main thread writes them as they come.
  let batch: RenderedPage[] = [];
  for (let index = takeFrom(queue); index !== undefined; index = takeFrom(queue)) {
    batch.push(r.render(index));
    if (batch.length === 4) {
      port.postMessage({ pages: batch });
      batch = [];
    }
  }
  port.postMessage({ pages: batch, done: true });
}

port.on('message', (m: Message) => {
  if (m.input) return prepare(m.input);
  const job = m.validate !== undefined ? (m.validate ? validate(m.validate) : Promise.resolve()).then(() => void (ready = load())) : render(m.queue!);
  job.catch((e: unknown) => port.postMessage({ error: (e as Error).stack ?? String(e) }));
});
