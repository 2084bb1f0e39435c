// The static server of `npm start`: no redirect ever leaves the origin, every answer carries the
// security headers the build wrote to _headers, and the old guarantees hold (405, no traversal,
// hidden files refused, a real 404).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersFile, inlineScriptHashes, readHeadersFile, securityHeaders } from '../../generator/host/security-headers.ts';
import { startStaticServer } from '../../generator/host/serve.ts';

let dir = '';
let port = 0;
let close: () => void;

/** A raw request: the path goes out exactly as written, as a hostile client would send it. */
function get(path: string, method = 'GET', headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string; bytes: Buffer }>((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString(), bytes: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end();
  });
}

const POLICY = securityHeaders({ supabaseUrl: 'https://project.supabase.co', scriptHashes: inlineScriptHashes('<script>menu()</script><script type="application/ld+json">{}</script><script type="module" src="/a.js"></script>') });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'static-'));
  mkdirSync(join(dir, 'about'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<h1>Home</h1>');
  writeFileSync(join(dir, 'about/index.html'), '<h1>About</h1>');
  // A page as the build leaves it: its brotli beside it, no gzip (precompress.ts).
  writeFileSync(join(dir, 'about/index.html.br'), brotliCompressSync('<h1>About</h1>'));
  writeFileSync(join(dir, '404.html'), '<h1>Not found</h1>');
  writeFileSync(join(dir, '.secret'), 'no');
  writeFileSync(join(dir, '_headers'), headersFile(POLICY));
  const server = await startStaticServer({ dir, port: 0, host: '127.0.0.1', log: () => {} });
  port = (server.address() as AddressInfo).port;
  close = () => server.close();
});
afterAll(() => close?.());

describe('static server', () => {
  it('sends a page’s brotli to a client that takes it, and gzips it as it goes for one that takes only gzip', async () => {
    const br = await get('/about', 'GET', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    const gz = await get('/about', 'GET', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(gz.bytes).toString()).toBe('<h1>About</h1>');
    const plain = await get('/about', 'GET', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('<h1>About</h1>');
  });

  it.each(['/x/..//evil.example/', '//evil.example/', '/\\evil.example/', '/%5Cevil.example/', '///evil.example', '/about//'])('%s never redirects off the origin', async (path) => {
    const r = await get(path);
    if (r.status === 301) {
      const location = String(r.headers.location);
      expect(location.startsWith('/')).toBe(true);
      expect(location.startsWith('//')).toBe(false);
      expect(location).not.toContain('\\');
    } else {
      expect([200, 404]).toContain(r.status);
    }
  });

  it('answers addresses that are not URLs without falling over, and reads //about as /about', async () => {
    for (const path of ['//', '//[', '/\\', '//[::1', '/%']) {
      const r = await get(path);
      expect(r.status, path).toBeLessThan(500);
    }
    const about = await get('//about');
    expect(about.status).toBe(301);
    expect(about.headers.location).toBe('/about');
    expect((await get('/')).status).toBe(200); // still serving
  });

  it('keeps one address per page: /about/ → /about', async () => {
    const r = await get('/about/?q=1');
    expect(r.status).toBe(301);
    expect(r.headers.location).toBe('/about?q=1');
  });

  it('sends the build’s security headers on pages, 404s, redirects and refusals', async () => {
    for (const [path, method, status] of [['/', 'GET', 200], ['/nope', 'GET', 404], ['/about/', 'GET', 301], ['/', 'POST', 405]] as const) {
      const r = await get(path, method);
      expect(r.status).toBe(status);
      expect(r.headers['content-security-policy']).toBe(POLICY['Content-Security-Policy']);
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(r.headers['permissions-policy']).toContain('camera=()');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('keeps refusing traversal and hidden files', async () => {
    expect((await get('/../../etc/passwd')).body).not.toContain('root:');
    const dots = await get('/%2e%2e/%2e%2e/etc/passwd');
    // Encoded dot segments resolve inside the site (a redirect to /etc/passwd there), which is not found.
    expect(dots.status === 404 || (dots.status === 301 && (await get(String(dots.headers.location))).status === 404)).toBe(true);
    expect((await get('/.secret')).status).toBe(404);
    expect((await get('/_headers')).status).toBe(404); // the host's configuration, as on Netlify and Cloudflare Pages
  });
});

describe('the policy', () => {
  it('allows scripts only from this origin and by hash, never unsafe-inline or eval; no framing', () => {
    const csp = POLICY['Content-Security-Policy']!;
    const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!;
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(scriptSrc.split(' ').filter((s) => s.startsWith("'sha256-"))).toHaveLength(1); // JSON-LD and module files need no hash
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('connect-src \'self\' https://project.supabase.co');
    expect(csp).toContain("object-src 'none'");
  });

  it('round-trips through _headers', () => {
    writeFileSync(join(dir, '_headers'), headersFile(POLICY));
    expect(readHeadersFile(dir)).toEqual(POLICY);
  });
});
