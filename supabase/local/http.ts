// Request and response plumbing shared by the stand-in's three services.
import type { IncomingMessage, ServerResponse } from 'node:http';

type Headers = Record<string, string>;

/** A finished answer; route handlers return these (or throw them as errors). */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: Buffer | string | undefined = undefined,
    readonly headers: Headers = {},
  ) {}

  static json(status: number, value: unknown, headers: Headers = {}): Reply {
    return new Reply(status, JSON.stringify(value), { 'content-type': 'application/json; charset=utf-8', ...headers });
  }

  static empty(status: number, headers: Headers = {}): Reply {
    return new Reply(status, undefined, headers);
  }
}

/** An error that already knows its HTTP answer, in the shape of the service that raised it. */
export class ReplyError extends Error {
  constructor(readonly reply: Reply) {
    super(`HTTP ${reply.status}`);
  }
}

// supabase-js sends these; the site runs on another origin, so every one must
// pass a preflight.
const ALLOWED_HEADERS = [
  'apikey', 'authorization', 'x-client-info', 'content-type', 'x-upsert', 'prefer', 'accept-profile',
  'content-profile', 'cache-control', 'x-supabase-api-version', 'x-retry-count', 'range', 'x-metadata', 'accept',
];

function corsHeaders(req: IncomingMessage): Headers {
  const requested = req.headers['access-control-request-headers'];
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    // Echo what the browser asks for (as Supabase's gateway does) on top of the known list.
    'access-control-allow-headers': requested ? `${ALLOWED_HEADERS.join(', ')}, ${requested}` : ALLOWED_HEADERS.join(', '),
    'access-control-expose-headers': 'Content-Range, Content-Length, Content-Type, ETag, Last-Modified, X-Supabase-Api-Version, Proxy-Status',
    'access-control-max-age': '3600',
  };
}

export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    // Past the limit keep reading but drop the bytes, so the client gets the
    // error answer instead of a reset connection.
    if (size <= limit) chunks.push(chunk as Buffer);
  }
  if (size > limit) throw new BodyTooLarge(limit);
  return Buffer.concat(chunks);
}

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
  }
}

export function writeReply(req: IncomingMessage, res: ServerResponse, reply: Reply): void {
  const headers: Headers = { ...corsHeaders(req), ...reply.headers };
  const body = reply.body === undefined ? undefined : Buffer.isBuffer(reply.body) ? reply.body : Buffer.from(reply.body);
  if (body && !headers['content-length']) headers['content-length'] = String(body.length);
  res.writeHead(reply.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return m?.[1];
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The client's address as the platform's edge sees it: the socket the request came from. Hosted
 * Supabase's edge (Cloudflare) writes it as CF-Connecting-IP, replacing whatever the client sent;
 * the stand-in, being its own edge, does the same. Never the first X-Forwarded-For entry, which the
 * client writes.
 */
export function clientAddress(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
}

/** The request's headers as PostgREST hands them to the database in `request.headers` (names in lower case). */
export function gatewayHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && name !== 'authorization' && name !== 'apikey') out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  // As the edge does: X-Forwarded-For is appended to (its first entries stay the client's own
  // words), CF-Connecting-IP is overwritten with the address the connection came from.
  const socket = clientAddress(req);
  const sent = header(req, 'x-forwarded-for')?.trim();
  out['x-forwarded-for'] = sent ? `${sent}, ${socket}` : socket;
  out['cf-connecting-ip'] = socket;
  return out;
}
