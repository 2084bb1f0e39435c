// The local catcher's kept messages (mail-catcher.ts), in the shapes of Mailpit's API
// (axllent/mailpit: internal/storage/structs.go, server/apiv1/messages.go), which the Supabase CLI
// serves on port 54324. One message per Message-ID, as a provider keeps one per idempotency key: a
// sender that sends a delivery again after a crash is answered as accepted and counted, never kept twice.
//
// Kept in a folder (npm start: <DATA_DIR>/mail) as one .eml file per message and an index of one JSON
// line per message, so a catcher killed with its sender (kill -9) still holds every mail when it starts
// again, and still refuses the ones it holds; or in memory (tests).
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';

/** An address as Go's net/mail writes it in Mailpit's JSON. */
export interface MailAddress {
  Name: string;
  Address: string;
}

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
}

const addresses = (a: AddressObject | AddressObject[] | undefined): MailAddress[] =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.flatMap((v) => (v.group ?? [v]).map((g) => ({ Name: g.name ?? '', Address: g.address ?? '' }))));

/** The Message-ID without its angle brackets, as Mailpit shows it. */
const bare = (id: string | undefined) => (id ?? '').trim().replace(/^<|>$/g, '');

/** Go's textproto.CanonicalMIMEHeaderKey: Message-Id, List-Unsubscribe-Post. */
export const canonicalHeader = (name: string) => name.toLowerCase().replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());

const snippetOf = (parsed: ParsedMail) => (parsed.text ?? '').replace(/\s+/g, ' ').trim().slice(0, 250);

function summaryOf(id: string, parsed: ParsedMail, size: number, bcc: MailAddress[]): MessageSummary {
  return {
    ID: id,
    MessageID: bare(parsed.messageId),
    Read: false,
    From: addresses(parsed.from)[0] ?? null,
    To: addresses(parsed.to),
    Cc: addresses(parsed.cc),
    Bcc: bcc,
    ReplyTo: addresses(parsed.replyTo),
    Subject: parsed.subject ?? '',
    Created: new Date().toISOString(),
    Username: '',
    Tags: [],
    Size: size,
    Attachments: parsed.attachments.length,
    Snippet: snippetOf(parsed),
  };
}

/** `dir`: the folder to keep messages in; without it they live in memory. */
export function mailStore(dir?: string): MailStore {
  const summaries: MessageSummary[] = [];
  const raws = new Map<string, Buffer>();
  const byMessageId = new Set<string>();
  let duplicates = 0;
  const index = dir ? join(dir, 'index.jsonl') : undefined;
  if (dir && index) {
    mkdirSync(dir, { recursive: true });
    if (existsSync(index)) {
      for (const line of readFileSync(index, 'utf8').split('\n')) {
        if (!line.trim()) continue;
        let s: MessageSummary;
        try {
          s = JSON.parse(line) as MessageSummary;
        } catch {
          continue; // a line cut short by a kill: its .eml, if any, is not listed
        }
        if (!existsSync(join(dir, `${s.ID}.eml`))) continue;
        summaries.push(s);
        if (s.MessageID) byMessageId.add(s.MessageID);
      }
    }
  }
  const rawOf = (id: string) => raws.get(id) ?? (dir && /^[\w-]+$/.test(id) && existsSync(join(dir, `${id}.eml`)) ? readFileSync(join(dir, `${id}.eml`)) : undefined);
  const find = (id: string) => (id === 'latest' ? summaries.at(-1) : summaries.find((s) => s.ID === id));

  return {
    get duplicates() {
      return duplicates;
    },
    async add(raw, envelope) {
      const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true });
      const messageId = bare(parsed.messageId);
      if (messageId && byMessageId.has(messageId)) {
        duplicates++;
        return undefined;
      }
      // Bcc is not in the headers: it is the envelope's recipients that no header names.
      const named = new Set([...addresses(parsed.to), ...addresses(parsed.cc)].map((a) => a.Address.toLowerCase()));
      const bcc = (envelope?.to ?? []).filter((a) => !named.has(a.toLowerCase())).map((a) => ({ Name: '', Address: a }));
      const summary = summaryOf(randomBytes(16).toString('base64url'), parsed, raw.length, bcc);
      if (messageId) byMessageId.add(messageId);
      summaries.push(summary);
      if (dir && index) {
        // The message first, then its line: a kill between the two leaves a file no line lists.
        writeFileSync(join(dir, `${summary.ID}.eml`), raw);
        appendFileSync(index, `${JSON.stringify(summary)}\n`);
      } else raws.set(summary.ID, raw);
      return summary;
    },
    list: () => summaries.slice().reverse(),
    summary: find,
    async message(id) {
      const s = find(id);
      const raw = s && rawOf(s.ID);
      if (!s || !raw) return undefined;
      s.Read = true;
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
        ReturnPath: bare(headers['Return-Path']?.[0]),
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
    },
    headers(id) {
      const s = find(id);
      const raw = s && rawOf(s.ID);
      if (!raw) return undefined;
      return rawHeaders(raw);
    },
    raw: (id) => {
      const s = find(id);
      return s && rawOf(s.ID);
    },
    remove(ids) {
      const gone = ids ? new Set(ids) : undefined;
      const kept = summaries.filter((s) => gone && !gone.has(s.ID));
      for (const s of summaries) {
        if (gone && !gone.has(s.ID)) continue;
        raws.delete(s.ID);
        byMessageId.delete(s.MessageID);
        if (dir) rmSync(join(dir, `${s.ID}.eml`), { force: true });
      }
      summaries.splice(0, summaries.length, ...kept);
      if (index) writeFileSync(index, kept.map((s) => `${JSON.stringify(s)}\n`).join(''));
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
