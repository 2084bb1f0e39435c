// The catcher's parser thread (mail-parse.ts parserThread): each message posted to it comes back as
// its summary's fields, or as the reason it could not be read.
import { parentPort } from 'node:worker_threads';
import { parseFields } from './mail-parse.ts';

parentPort!.on('message', ({ id, raw }: { id: number; raw: Uint8Array }) => {
  parseFields(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength)).then(
    (fields) => parentPort!.postMessage({ id, fields }),
    (e: unknown) => parentPort!.postMessage({ id, error: e instanceof Error ? e.message : String(e) }),
  );
});
