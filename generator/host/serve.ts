// Serves dist/: precompressed brotli/gzip (pages' gzip made as they are sent), long cache for hashed assets, HTTP 404 with 404.html
// for unknown paths (logged), and no path can escape the folder.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { createGzip } from 'node:zlib';
import { PIXEL_PATH } from '../../model/analytics/pixel.ts';
import { answerPixel, type PixelTarget } from './pixel-server.ts';
import { readHeadersFile } from './security-headers.ts';
import { chooseVariant } from '../../model/analytics/choose-variant.ts';
import { CONTROL, EXPERIMENT_HEADERS, experimentAt, variantAddresses, variantPath, type ExperimentRoutes } from '../../model/analytics/experiment.ts';
import { CLOUDFLARE_ROUTES, CLOUDFLARE_WORKER, EXPERIMENTS_FILE, NETLIFY_EDGE_FUNCTION } from './edge-files.ts';

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
  /** Where the no-script pixel (/_px) posts its page views, and the proxy secret it names the visitor with (pixel.ts). Without it, /_px is an unknown path. */
  pixel?: PixelTarget;
  /** Chooses each visitor's version of a page under an experiment (model/analytics/choose-variant.ts); none: the control. */
  experimentSecret?: string;
}

/** Files for the host, not pages: static hosts do not serve them either. */
const HOST_FILES = ['_headers', EXPERIMENTS_FILE, CLOUDFLARE_WORKER, CLOUDFLARE_ROUTES, NETLIFY_EDGE_FUNCTION.split('/')[0]!];

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
  if (hidden || full.endsWith('.br') || full.endsWith('.gz') || HOST_FILES.some((f) => full === join(dir, f) || full.startsWith(join(dir, f) + sep))) return undefined;
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

export function startStaticServer({ dir, port, host, log = console.log, pixel, experimentSecret }: ServeOptions): Promise<Server> {
  const root = normalize(dir);
  const experiments: ExperimentRoutes = existsSync(join(root, EXPERIMENTS_FILE)) ? JSON.parse(readFileSync(join(root, EXPERIMENTS_FILE), 'utf8')) : {};
  const notFound = join(root, '404.html');
  // A variant's file is served only as its page's chosen version, never by its own address.
  const variantFiles = new Set(variantAddresses(experiments).map((a) => join(root, a)));
  // The same headers a static host sends from dist/_headers (written by the build).
  const security = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin', ...readHeadersFile(root) };
  const server = createServer((req, res) => {
    // Whatever the request, the server answers and keeps serving.
    const refuse = () => {
      if (!res.headersSent) res.writeHead(400, { ...security, 'content-type': 'text/plain' });
      res.end('Bad request');
    };
    try {
      answer(req, res)?.catch(refuse);
    } catch {
      refuse();
    }
  });
  /** Under an experiment, the version for this request (chosen per request, never stored or sent). */
  const chosenFile = async (req: IncomingMessage, pathname: string, file: string): Promise<string> => {
    const experiment = experimentAt(experiments, pathname);
    if (!experiment) return file;
    const variant = await chooseVariant({ experiment: experiment.id, arms: experiment.arms, address: req.socket.remoteAddress ?? '', userAgent: String(req.headers['user-agent'] ?? ''), secret: experimentSecret, start: experiment.start });
    return variant === CONTROL ? file : (resolveFile(root, variantPath(experiment.route, variant)) ?? file);
  };
  const answer = (req: IncomingMessage, res: ServerResponse): Promise<void> | undefined => {
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
    if (pixel && url.pathname === PIXEL_PATH) {
      answerPixel(pixel, req, url, res, security, log);
      return undefined;
    }
    const found = resolveFile(root, url.pathname);
    const file = found && !variantFiles.has(found) ? found : undefined;
    // Only pages under an experiment wait for a choice; every other answer stays synchronous.
    if (file && experimentAt(experiments, url.pathname)) return chosenFile(req, url.pathname, file).then((chosen) => send(req, res, url, chosen, EXPERIMENT_HEADERS));
    send(req, res, url, file);
    return undefined;
  };
  const send = (req: IncomingMessage, res: ServerResponse, url: URL, found: string | undefined, extra?: Record<string, string>) => sendFile(req, res, url, found, { root, notFound, security, log }, extra);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/** A file of the site (or the not-found page, with 404), precompressed when the client takes it. */
function sendFile(req: IncomingMessage, res: ServerResponse, url: URL, found: string | undefined, site: { root: string; notFound: string; security: Record<string, string>; log: (line: string) => void }, extra?: Record<string, string>): void {
  const { root, notFound, security, log } = site;
  let file = found;
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
    ...extra,
  };
  if (!gzipNow) headers['content-length'] = statSync(body).size;
  if (encoding) headers['content-encoding'] = encoding;
  res.writeHead(status, headers);
  if (req.method === 'HEAD') res.end();
  else if (gzipNow) createReadStream(body).pipe(createGzip({ level: 6 })).pipe(res);
  else createReadStream(body).pipe(res);
}

export function readPort(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n < 65536 && value !== undefined && value !== '' ? n : fallback;
}

