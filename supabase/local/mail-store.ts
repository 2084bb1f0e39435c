// The local catcher's kept messages (mail-catcher.ts), in the shapes of Mailpit's API
// (axllent/mailpit: internal/storage/structs.go, server/apiv1/messages.go), which the Supabase CLI
// serves on port 54324. One message per Message-ID, as a provider keeps one per idempotency key: a
// sender that sends a delivery again after a crash is answered as accepted and counted, never kept twice.
//
// Kept in a folder (npm start: <DATA_DIR>/mail) as two files that only grow: messages.eml, each
// message's source one after the other, and index.jsonl, one JSON line per message (its summary and
// where its source starts). Both stay open, so a message costs two writes and no file of its own (a
// newsletter to 10,000 subscribers is not 10,000 files). A catcher killed with its sender (kill -9)
// still holds every mail it answered when it starts again, and still refuses the ones it holds; or in
// memory (tests). A message's summary is parsed on a thread of its own (mail-parse.ts).
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fstatSync, ftruncateSync, mkdirSync, openSync, readFileSync, readSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { bareId, parserThread, type MailAddress, type ParsedFields } from './mail-parse.ts';

export type { MailAddress } from './mail-parse.ts';

/** Mailpit's MessageSummary. */
export interface MessageSummary {
  ID: string;
  MessageID: string;
  Read: boolean;
  From: MailAddress | null;
  To: MailAddress[];
  Cc: MailAddress[];
  Bcc: MailAddress[];
  ReplyTo: MailAddress[];
  Subject: string;
  Created: string;
  Username: string;
  Tags: string[];
  Size: number;
  Attachments: number;
  Snippet: string;
}

/** Mailpit's Message (without attachment parts: the site's mails carry none). */
export interface Message {
  ID: string;
  MessageID: string;
  From: MailAddress | null;
  To: MailAddress[];
  Cc: MailAddress[];
  Bcc: MailAddress[];
  ReplyTo: MailAddress[];
  ReturnPath: string;
  Subject: string;
  ListUnsubscribe: { Header: string; Links: string[]; Errors: string; HeaderPost: string };
  Date: string;
  Tags: string[];
  Username: string;
  Text: string;
  HTML: string;
  Size: number;
  Inline: never[];
  Attachments: never[];
}

export interface MailStore {
  /** Keeps a message unless one with its Message-ID is kept; resolves to its summary, or undefined for a repeat. */
  add(raw: Buffer, envelope?: { to: string[] }): Promise<MessageSummary | undefined>;
  /** Newest first. */
  list(): MessageSummary[];
  /** `latest` names the newest, as in Mailpit. */
  summary(id: string): MessageSummary | undefined;
  message(id: string): Promise<Message | undefined>;
  /** Header names in Go's canonical form (Message-Id, List-Unsubscribe-Post), each with its values, unfolded. */
  headers(id: string): Record<string, string[]> | undefined;
  raw(id: string): Buffer | undefined;
  /** Every message, or those named. */
  remove(ids?: string[]): void;
  /** Messages refused because one with their Message-ID was kept (since this catcher started). */
  readonly duplicates: number;
  /** Stops the parser thread and closes the files. */
  close(): Promise<void>;
}

/** Go's textproto.CanonicalMIMEHeaderKey: Message-Id, List-Unsubscribe-Post. */
export const canonicalHeader = (name: string) => name.toLowerCase().replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());

function summaryOf(id: string, f: ParsedFields, size: number, bcc: MailAddress[]): MessageSummary {
  return {
    ID: id,
    MessageID: f.messageId,
    Read: false,
    From: f.from,
    To: f.to,
    Cc: f.cc,
    Bcc: bcc,
    ReplyTo: f.replyTo,
    Subject: f.subject,
    Created: new Date().toISOString(),
    Username: '',
    Tags: [],
    Size: size,
    Attachments: f.attachments,
    Snippet: f.snippet,
  };
}

/** A kept message's line in index.jsonl: its summary and the offset of its source in messages.eml. */
type IndexLine = MessageSummary & { At: number };

/** What the store holds: the summaries in order, each source (in memory) or where it starts (in a folder), the Message-IDs kept. */
interface Kept {
  summaries: MessageSummary[];
  /** In memory: each message's source. */
  raws: Map<string, Buffer>;
  /** In a folder: where each message's source starts in messages.eml. */
  offsets: Map<string, number>;
  byMessageId: Set<string>;
}

/** messages.eml and index.jsonl, open; `size` is messages.eml's, where the next source goes. */
interface Files {
  index: number;
  data: number;
  size: number;
}

/** Opens the folder's two files, and lists into `kept` every message index.jsonl holds whole. */
function openFolder(dir: string, kept: Kept): Files {
  mkdirSync(dir, { recursive: true });
  const indexPath = join(dir, 'index.jsonl');
  // a+: every write appends, reads take a position.
  const data = openSync(join(dir, 'messages.eml'), 'a+');
  const size = fstatSync(data).size;
  const lines = existsSync(indexPath) ? readFileSync(indexPath, 'utf8').split('\n') : [];
  for (const line of lines) {
    if (!line.trim()) continue;
    let found: IndexLine;
    try {
      found = JSON.parse(line) as IndexLine;
    } catch {
      continue; // a line cut short by a kill: its message is not listed
    }
    if (!Number.isInteger(found.At) || found.At + found.Size > size) continue;
    const { At, ...summary } = found;
    kept.summaries.push(summary);
    kept.offsets.set(summary.ID, At);
    if (summary.MessageID) kept.byMessageId.add(summary.MessageID);
  }
  return { index: openSync(indexPath, 'a'), data, size };
}

/** Keeps a new message's source: appended to messages.eml then its line to index.jsonl, or in memory. */
function keepSource(kept: Kept, files: Files | undefined, summary: MessageSummary, raw: Buffer): void {
  if (!files) return void kept.raws.set(summary.ID, raw);
  // The source first, then its line: a kill between the two leaves bytes no line points at.
  const at = files.size;
  writeSync(files.data, raw);
  files.size += raw.length;
  writeSync(files.index, `${JSON.stringify({ ...summary, At: at } satisfies IndexLine)}\n`);
  kept.offsets.set(summary.ID, at);
}

/** Removes every message, or those named; in a folder, index.jsonl is written again without them. */
function removeMessages(kept: Kept, files: Files | undefined, dir: string | undefined, ids?: string[]): void {
  const gone = ids ? new Set(ids) : undefined;
  const staying = kept.summaries.filter((s) => gone && !gone.has(s.ID));
  for (const s of kept.summaries) {
    if (gone && !gone.has(s.ID)) continue;
    kept.raws.delete(s.ID);
    kept.byMessageId.delete(s.MessageID);
    kept.offsets.delete(s.ID);
  }
  kept.summaries.splice(0, kept.summaries.length, ...staying);
  if (!files || !dir) return;
  // The sources of the removed stay in messages.eml, which no line points at, until all are removed.
  if (!staying.length) {
    ftruncateSync(files.data, 0);
    files.size = 0;
  }
  writeFileSync(join(dir, 'index.jsonl'), staying.map((s) => `${JSON.stringify({ ...s, At: kept.offsets.get(s.ID)! } satisfies IndexLine)}\n`).join(''));
}

/** A kept message whole, as Mailpit's API gives it, from its summary and its source. */
async function messageOf(s: MessageSummary, raw: Buffer): Promise<Message> {
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextLinks: true });
  const headers = rawHeaders(raw);
  const unsubscribe = headers['List-Unsubscribe']?.[0] ?? '';
  return {
    ID: s.ID,
    MessageID: s.MessageID,
    From: s.From,
    To: s.To,
    Cc: s.Cc,
    Bcc: s.Bcc,
    ReplyTo: s.ReplyTo,
    ReturnPath: bareId(headers['Return-Path']?.[0]),
    Subject: s.Subject,
    ListUnsubscribe: {
      Header: unsubscribe,
      Links: [...unsubscribe.matchAll(/<([^>]+)>/g)].map((m) => m[1]!),
      Errors: '',
      HeaderPost: headers['List-Unsubscribe-Post']?.[0] ?? '',
    },
    Date: (parsed.date ?? new Date(s.Created)).toISOString(),
    Tags: [],
    Username: '',
    Text: parsed.text ?? '',
    HTML: typeof parsed.html === 'string' ? parsed.html : '',
    Size: s.Size,
    Inline: [],
    Attachments: [],
  };
}

/** `dir`: the folder to keep messages in; without it they live in memory. */
export function mailStore(dir?: string): MailStore {
  const kept: Kept = { summaries: [], raws: new Map(), offsets: new Map(), byMessageId: new Set() };
  const { summaries } = kept;
  let duplicates = 0;
  const parser = parserThread();
  let files = dir ? openFolder(dir, kept) : undefined;
  const rawOf = (id: string): Buffer | undefined => {
    const inMemory = kept.raws.get(id);
    const at = kept.offsets.get(id);
    if (inMemory || !files || at === undefined) return inMemory;
    const size = summaries.find((s) => s.ID === id)?.Size ?? 0;
    const out = Buffer.alloc(size);
    readSync(files.data, out, 0, size, at);
    return out;
  };
  const find = (id: string) => (id === 'latest' ? summaries.at(-1) : summaries.find((s) => s.ID === id));
  const rawFound = (id: string) => {
    const s = find(id);
    return s && rawOf(s.ID);
  };

  return {
    get duplicates() {
      return duplicates;
    },
    async add(raw, envelope) {
      const fields = await parser.parse(raw);
      const messageId = fields.messageId;
      if (messageId && kept.byMessageId.has(messageId)) {
        duplicates++;
        return undefined;
      }
      // Bcc is not in the headers: it is the envelope's recipients that no header names.
      const named = new Set([...fields.to, ...fields.cc].map((a) => a.Address.toLowerCase()));
      const bcc = (envelope?.to ?? []).filter((a) => !named.has(a.toLowerCase())).map((a) => ({ Name: '', Address: a }));
      const summary = summaryOf(randomBytes(16).toString('base64url'), fields, raw.length, bcc);
      if (messageId) kept.byMessageId.add(messageId);
      summaries.push(summary);
      keepSource(kept, files, summary, raw);
      return summary;
    },
    list: () => summaries.slice().reverse(),
    summary: find,
    async message(id) {
      const s = find(id);
      const raw = s && rawOf(s.ID);
      if (!s || !raw) return undefined;
      s.Read = true;
      return messageOf(s, raw);
    },
    headers(id) {
      const raw = rawFound(id);
      return raw ? rawHeaders(raw) : undefined;
    },
    raw: rawFound,
    remove: (ids) => removeMessages(kept, files, dir, ids),
    async close() {
      await parser.close();
      if (files) {
        closeSync(files.index);
        closeSync(files.data);
        files = undefined;
      }
    },
  };
}

/** The header block of a raw message, unfolded, by canonical name (what Go's mail.ReadMessage gives Mailpit). */
export function rawHeaders(raw: Buffer): Record<string, string[]> {
  const text = raw.toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  const block = (end < 0 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const out: Record<string, string[]> = {};
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    (out[canonicalHeader(line.slice(0, colon).trim())] ??= []).push(Buffer.from(line.slice(colon + 1).trim(), 'latin1').toString('utf8'));
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}
