// Serves dist/: precompressed brotli/gzip (pages' gzip made as they are sent), long cache for hashed assets, HTTP 404 with 404.html
// for unknown paths (logged), and no path can escape the folder.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { createGzip } from 'node:zlib';
import { answerPixel } from './pixel.ts';
import { readHeadersFile } from './security-headers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

interface ServeOptions {
  dir: string;
  port: number;
  host?: string;
  log?: (line: string) => void;
  /** Where the no-script pixel (/_px) posts its page views: the track function's address (pixel.ts). Without it, /_px is an unknown path. */
  pixelEndpoint?: string;
}

/** The file for a URL path: /about -> about/index.html, /rss.xml -> rss.xml; undefined if none. */
function resolveFile(dir: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const full = normalize(join(dir, decoded));
  if (full !== dir && !full.startsWith(dir + sep)) return undefined;
  const hidden = full.slice(dir.length).split(sep).some((part) => part.startsWith('.'));
  // _headers is configuration for the host, not a page: static hosts do not serve it either.
  if (hidden || full.endsWith('.br') || full.endsWith('.gz') || full === join(dir, '_headers')) return undefined;
  for (const candidate of [full, join(full, 'index.html')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function cacheControl(file: string, dir: string): string {
  if (file.startsWith(join(dir, 'assets') + sep)) return 'public, max-age=31536000, immutable';
  if (file.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

export function startStaticServer({ dir, port, host, log = console.log, pixelEndpoint }: ServeOptions): Promise<Server> {
  const root = normalize(dir);
  const notFound = join(root, '404.html');
  // The same headers a static host sends from dist/_headers (written by the build).
  const security = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin', ...readHeadersFile(root) };
  const server = createServer((req, res) => {
    try {
      answer(req, res);
    } catch {
      // Whatever the request, the server answers and keeps serving.
      if (!res.headersSent) res.writeHead(400, { ...security, 'content-type': 'text/plain' });
      res.end('Bad request');
    }
  });
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const raw = req.url ?? '/';
    const q = raw.indexOf('?');
    const rawPath = q < 0 ? raw : raw.slice(0, q);
    // Leading slashes and backslashes are dropped before parsing, so '//host' is never read as a host.
    const url = new URL(`http://localhost/${rawPath.replace(/^[\\/]+/, '')}${q < 0 ? '' : raw.slice(q)}`);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...security, allow: 'GET, HEAD' }).end();
      return;
    }
    // /about/ and /about are the same page; keep one address. Runs of slashes and backslashes collapse
    // to one, so the address redirected to never leaves this origin (//evil.example would).
    const clean = `/${url.pathname.split(/[\\/]+/).filter(Boolean).join('/')}`;
    if (clean !== rawPath) {
      res.writeHead(301, { ...security, location: clean + url.search }).end();
      return;
    }
    if (pixelEndpoint && url.pathname === '/_px') {
      answerPixel(pixelEndpoint, req, url, res, security, log);
      return;
    }
    let file = resolveFile(root, url.pathname);
    let status = 200;
    if (!file) {
      status = 404;
      log(`404 ${url.pathname}`);
      file = existsSync(notFound) ? notFound : undefined;
      if (!file) {
        res.writeHead(404, { ...security, 'content-type': 'text/plain' }).end('Not found');
        return;
      }
    }
    const accept = String(req.headers['accept-encoding'] ?? '');
    let body = file;
    let encoding: string | undefined;
    // Pages are precompressed as brotli only (see precompress.ts): a client that takes gzip but not
    // brotli gets them gzipped as they are sent.
    let gzipNow = false;
    if (/\bbr\b/.test(accept) && existsSync(`${file}.br`)) [body, encoding] = [`${file}.br`, 'br'];
    else if (/\bgzip\b/.test(accept) && existsSync(`${file}.gz`)) [body, encoding] = [`${file}.gz`, 'gzip'];
    else if (/\bgzip\b/.test(accept) && existsSync(`${file}.br`)) [encoding, gzipNow] = ['gzip', true];
    const headers: Record<string, string | number> = {
      ...security,
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': status === 404 ? 'no-cache' : cacheControl(file, root),
      vary: 'Accept-Encoding',
    };
    if (!gzipNow) headers['content-length'] = statSync(body).size;
    if (encoding) headers['content-encoding'] = encoding;
    res.writeHead(status, headers);
    if (req.method === 'HEAD') res.end();
    else if (gzipNow) createReadStream(body).pipe(createGzip({ level: 6 })).pipe(res);
    else createReadStream(body).pipe(res);
  };
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

export function readPort(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n < 65536 && value !== undefined && value !== '' ? n : fallback;
}

