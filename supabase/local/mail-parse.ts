// What the catcher keeps of each message it receives (mail-store.ts): its Message-ID, addresses,
// subject and snippet, read by mailparser on a worker thread of its own (mail-parse-worker.ts). Parsing
// costs about as much as building the mail did, and the catcher shares its process with the stand-in
// and the sender (npm start): on the thread that receives mail, a newsletter's drain would wait for
// every parse. Reading one message in full (the API's GET /message) stays on the main thread.
import { simpleParser, type AddressObject } from 'mailparser';
import { tsWorker } from './ts-worker.ts';

/** An address as Go's net/mail writes it in Mailpit's JSON. */
export interface MailAddress {
  Name: string;
  Address: string;
}

/** A received message's fields that its summary shows. */
export interface ParsedFields {
  /** Without its angle brackets, as Mailpit shows it. */
  messageId: string;
  from: MailAddress | null;
  to: MailAddress[];
  cc: MailAddress[];
  replyTo: MailAddress[];
  subject: string;
  attachments: number;
  snippet: string;
}

export const addresses = (a: AddressObject | AddressObject[] | undefined): MailAddress[] =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.flatMap((v) => (v.group ?? [v]).map((g) => ({ Name: g.name ?? '', Address: g.address ?? '' }))));

/** The Message-ID without its angle brackets, as Mailpit shows it. */
export const bareId = (id: string | undefined) => (id ?? '').trim().replace(/^<|>$/g, '');

/** A message's summary fields, parsed on the calling thread (the worker runs this). */
export async function parseFields(raw: Buffer): Promise<ParsedFields> {
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
  return {
    messageId: bareId(parsed.messageId),
    from: addresses(parsed.from)[0] ?? null,
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    replyTo: addresses(parsed.replyTo),
    subject: parsed.subject ?? '',
    attachments: parsed.attachments.length,
    snippet: (parsed.text ?? '').replace(/\s+/g, ' ').trim().slice(0, 250),
  };
}

export interface ParserThread {
  parse(raw: Buffer): Promise<ParsedFields>;
  close(): Promise<void>;
}

/** A worker thread that parses messages in the order given; it keeps no process alive. */
export function parserThread(): ParserThread {
  const worker = tsWorker(new URL('./mail-parse-worker.ts', import.meta.url));
  worker.unref();
  const waiting = new Map<number, { resolve(f: ParsedFields): void; reject(e: Error): void }>();
  let next = 0;
  let failed: Error | undefined;
  const failAll = (e: Error) => {
    failed = e;
    for (const w of waiting.values()) w.reject(e);
    waiting.clear();
  };
  worker.on('message', (m: { id: number; fields?: ParsedFields; error?: string }) => {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.fields) w?.resolve(m.fields);
    else w?.reject(new Error(m.error ?? 'the parser gave nothing back'));
  });
  worker.on('error', (e: Error) => failAll(new Error(`the mail catcher's parser thread failed: ${e.message}`)));
  worker.on('exit', (code) => failAll(new Error(`the mail catcher's parser thread stopped (exit ${code})`)));
  return {
    parse(raw) {
      if (failed) return Promise.reject(failed);
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        // A copy the worker owns: the caller keeps `raw` to write it to disk.
        const copy = new Uint8Array(raw);
        worker.postMessage({ id, raw: copy }, [copy.buffer]);
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}
