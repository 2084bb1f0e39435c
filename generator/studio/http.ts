// The studio server's HTTP plumbing: who may ask (checkClient, checkHost, checkOrigin, checkToken; see
// server.ts's first comment for why each), JSON in and out, and the error that carries a status.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isLoopback } from '../guards/dev-access.ts';
import { sameSecret } from '../guards/same-secret.ts';

export class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly body?: object) {
    super(message);
  }
}

/** The header a write carries this run's token in (the studio page's `studio-token` meta holds it). */
export const TOKEN_HEADER = 'x-studio-token';

/**
 * The studio edits this machine's files: it answers this machine, by the socket's address (a header
 * says what the client wrote), even when the dev server listens beyond it. STUDIO_ALLOW_REMOTE opens
 * it to others, whose writes still need the token, which only the printed link gives them.
 */
export function checkClient(req: IncomingMessage): void {
  if (!isLoopback(req) && !process.env.STUDIO_ALLOW_REMOTE) throw new HttpError(403, `refused a client from ${req.socket.remoteAddress} (the studio answers this machine only; set STUDIO_ALLOW_REMOTE=1 to open it)`);
}

/** A write carries this run's token: from the studio page this server handed out, or the printed link. */
export function checkToken(req: IncomingMessage, token: string): void {
  if (!sameSecret(req.headers[TOKEN_HEADER], token)) throw new HttpError(403, `refused a write without this run's studio token (${TOKEN_HEADER}); reload the studio (from another machine, open the link the dev server printed)`);
}

/** Only a browser on this machine reaches the studio by name (another name for it is DNS rebinding). */
export function checkHost(req: IncomingMessage): void {
  const host = (req.headers.host ?? '').replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  const allowed = ['localhost', '127.0.0.1', '::1', process.env.HOST].filter(Boolean);
  if (!allowed.includes(host)) throw new HttpError(403, `refused host ${JSON.stringify(req.headers.host)}`);
}

/** A write must come from a page of this dev server: another site open in the same browser cannot write. */
export function checkOrigin(req: IncomingMessage): void {
  const own = `http://${req.headers.host}`;
  if (req.headers.origin !== own) throw new HttpError(403, `refused a write from origin ${JSON.stringify(req.headers.origin ?? null)} (expected ${own})`);
  if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) throw new HttpError(415, 'writes are JSON');
}

export async function readJson<T>(req: IncomingMessage): Promise<T> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 4 * 1024 * 1024) throw new HttpError(413, 'request too large');
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as T;
  } catch {
    throw new HttpError(400, 'the body is not JSON');
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

export function sendHtml(res: ServerResponse, html: string): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

/** A route of the API: what it answers, as JSON. */
export type Route = (req: IncomingMessage, url: URL) => Promise<unknown>;
