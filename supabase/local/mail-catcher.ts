// The local mail catcher, the stand-in for Mailpit that `supabase start` runs: every mail the site
// sends locally (npm start, npm run dev, the tests) goes by SMTP to 127.0.0.1:MAIL_SMTP_PORT (default
// 54325) and stays here, readable at http://localhost:MAIL_PORT (default 54324, as the Supabase CLI;
// both move with the stand-in's port, mailPorts) through an inbox page and Mailpit's API:
//   GET    /api/v1/messages             newest first, ?start= &limit= (50)
//   GET    /api/v1/message/{ID}         the message (ID `latest`: the newest), marked read
//   GET    /api/v1/message/{ID}/headers its headers, by canonical name, each a list of values
//   GET    /api/v1/message/{ID}/raw     its source
//   DELETE /api/v1/messages             all, or {"IDs": [...]}
// smtp-server receives and mailparser reads; both listen on loopback only, whatever HOST says, and the
// HTTP side answers only requests addressed to a loopback name (no other site reaches it by DNS
// rebinding: a mail holds confirm and unsubscribe tokens).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { inboxPage, messagePage } from './mail-inbox.ts';
import { mailStore, type MailStore } from './mail-store.ts';

export const DEFAULT_MAIL_PORT = 54324;
export const DEFAULT_MAIL_SMTP_PORT = 54325;

/**
 * The catcher's ports beside a stand-in on `supabasePort`: MAIL_PORT and MAIL_SMTP_PORT, else three and
 * four above it, as the Supabase CLI lays 54324 and 54325 beside 54321. A stand-in moved to another
 * port (a second checkout, a test) brings its catcher along, so two never fight over one port.
 */
export function mailPorts(supabasePort: number, env: NodeJS.ProcessEnv = process.env): { httpPort: number; smtpPort: number } {
  return { httpPort: Number(env.MAIL_PORT || supabasePort + 3), smtpPort: Number(env.MAIL_SMTP_PORT || supabasePort + 4) };
}
const HOST = '127.0.0.1';
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export interface MailCatcherOptions {
  /** The inbox page and the API; default MAIL_PORT or 54324 (mailPorts); 0 picks a free port. */
  httpPort?: number;
  /** SMTP; default MAIL_SMTP_PORT or 54325; 0 picks a free port. */
  smtpPort?: number;
  /** Where to keep messages across restarts; without it, in memory. */
  dir?: string;
}

export interface MailCatcher {
  /** The inbox page, e.g. http://localhost:54324. */
  url: string;
  /** Where to send, e.g. smtp://127.0.0.1:54325. */
  smtpUrl: string;
  store: MailStore;
  close(): Promise<void>;
}

function listen(server: { listen(port: number, host: string, cb: () => void): unknown; once(event: 'error', cb: (e: NodeJS.ErrnoException) => void): unknown }, port: number, what: string, env: string): Promise<void> {
  return new Promise((ok, fail) => {
    server.once('error', (e) => fail(e.code === 'EADDRINUSE' ? new Error(`port ${port} on ${HOST} (${what}) is in use: is another npm start or \`supabase start\` running? Set ${env} to use another.`) : e));
    server.listen(port, HOST, ok);
  });
}

/** Where the catcher listens: its inbox page and its SMTP address. */
interface Addresses {
  url: string;
  smtpUrl: string;
}

/** The SMTP side: each mail received is kept in the store (552 over the size limit, 451 when it cannot be read). */
function smtpReceiver(store: MailStore): SMTPServer {
  return new SMTPServer({
    // Plain SMTP on loopback: no TLS to set up and no account, as Mailpit's default.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    size: MAX_MESSAGE_BYTES,
    logger: false,
    banner: 'local mail catcher',
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) return done(Object.assign(new Error('message too large'), { responseCode: 552 }));
        store.add(Buffer.concat(chunks), { to: session.envelope.rcptTo.map((r) => r.address) }).then(
          () => done(),
          (e: unknown) => done(Object.assign(new Error(`could not read the message: ${e instanceof Error ? e.message : String(e)}`), { responseCode: 451 })),
        );
      });
    },
  });
}

export async function startMailCatcher(opts: MailCatcherOptions = {}): Promise<MailCatcher> {
  const httpPort = opts.httpPort ?? Number(process.env.MAIL_PORT || DEFAULT_MAIL_PORT);
  const smtpPort = opts.smtpPort ?? Number(process.env.MAIL_SMTP_PORT || DEFAULT_MAIL_SMTP_PORT);
  const store = mailStore(opts.dir);

  const smtp = smtpReceiver(store);
  try {
    await listen(smtp, smtpPort, 'the mail catcher\'s SMTP', 'MAIL_SMTP_PORT');
  } catch (e) {
    await store.close();
    throw e;
  }
  // Set before the first request can come (listen's callback runs before any connection's).
  const addresses: Addresses = { url: '', smtpUrl: `smtp://${HOST}:${(smtp.server.address() as AddressInfo).port}` };
  const http = createServer((req, res) => void answer(req, res, store, addresses));
  try {
    await listen(http, httpPort, 'the mail catcher\'s inbox', 'MAIL_PORT');
  } catch (e) {
    await new Promise<void>((done) => smtp.close(() => done()));
    await store.close();
    throw e;
  }
  addresses.url = `http://localhost:${(http.address() as AddressInfo).port}`;

  return {
    ...addresses,
    store,
    async close() {
      http.closeAllConnections();
      await Promise.all([new Promise<void>((done) => http.close(() => done())), new Promise<void>((done) => smtp.close(() => done()))]);
      await store.close();
    },
  };
}

/** One request to the inbox page or Mailpit's API, answered from the store; only to a loopback name. */
async function answer(req: IncomingMessage, res: ServerResponse, store: MailStore, { url, smtpUrl }: Addresses): Promise<void> {
  const send = (status: number, body: string | Buffer, type: string): void =>
    void res
      .writeHead(status, {
        'content-type': type,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        // The inbox runs no script; a mail's HTML (srcdoc inherits this policy) may show images only.
        'content-security-policy': "default-src 'none'; img-src * data:; style-src 'unsafe-inline'; frame-src 'self'; form-action 'none'; frame-ancestors 'none'",
      })
      .end(req.method === 'HEAD' ? undefined : body);
  const json = (status: number, value: unknown) => send(status, JSON.stringify(value), 'application/json');
  const text = (status: number, value: string) => send(status, value, 'text/plain; charset=utf-8');
  try {
    const hostName = /^(?:\[([^\]]+)\]|([^:]+))(?::\d+)?$/.exec(req.headers.host ?? '');
    const named = (hostName?.[1] ?? hostName?.[2] ?? '').toLowerCase();
    if (!['localhost', '127.0.0.1', '::1'].includes(named)) return text(421, 'this catcher answers requests to localhost only\n');
    const path = new URL(req.url ?? '/', url);
    const method = req.method ?? 'GET';
    if (method === 'DELETE' && path.pathname === '/api/v1/messages') {
      let ids: string[] | undefined;
      try {
        const body = await readBody(req);
        const parsed = body ? (JSON.parse(body) as { IDs?: unknown }) : {};
        ids = Array.isArray(parsed.IDs) && parsed.IDs.length ? parsed.IDs.map(String) : undefined;
      } catch {
        ids = undefined; // as Mailpit: a body it cannot read deletes everything
      }
      store.remove(ids);
      return text(200, 'ok');
    }
    if (method !== 'GET' && method !== 'HEAD') return text(405, 'method not allowed\n');
    if (path.pathname === '/') return send(200, inboxPage(store.list(), store.duplicates, smtpUrl), 'text/html; charset=utf-8');
    if (path.pathname === '/api/v1/messages') {
      const all = store.list();
      const start = Math.max(0, Number(path.searchParams.get('start')) || 0);
      const limit = Math.max(1, Number(path.searchParams.get('limit')) || 50);
      const messages = all.slice(start, start + limit);
      const unread = all.filter((m) => !m.Read).length;
      // Mailpit's MessagesSummary, and how many repeats of a kept Message-ID were refused (not in Mailpit).
      return json(200, { total: all.length, unread, count: messages.length, messages_count: all.length, messages_unread: unread, start, tags: [], messages, duplicates: store.duplicates });
    }
    const view = /^\/view\/([^/]+)$/.exec(path.pathname);
    if (view) {
      const id = decodeURIComponent(view[1]!);
      const m = await store.message(id);
      return m ? send(200, messagePage(m, store.headers(id)!), 'text/html; charset=utf-8') : send(404, '<!doctype html><title>Not found</title><p>No such message. <a href="/">All mail</a></p>', 'text/html; charset=utf-8');
    }
    const one = /^\/api\/v1\/message\/([^/]+)(?:\/(headers|raw))?$/.exec(path.pathname);
    if (one) {
      const id = decodeURIComponent(one[1]!);
      if (one[2] === 'headers') {
        const h = store.headers(id);
        return h ? json(200, h) : text(404, 'not found');
      }
      if (one[2] === 'raw') {
        const raw = store.raw(id);
        return raw ? send(200, raw, 'text/plain; charset=utf-8') : text(404, 'not found');
      }
      const m = await store.message(id);
      return m ? json(200, m) : text(404, 'not found');
    }
    return text(404, 'not found');
  } catch (e) {
    console.error('mail catcher: unexpected error on', req.method, req.url, e);
    return text(500, 'internal error in the local mail catcher');
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 1024 * 1024) throw new Error('too large');
  }
  return body;
}
