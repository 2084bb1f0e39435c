// Choosing a version before the first byte (issue 33, point 3): npm start's server, the generated
// Cloudflare Pages worker run in workerd (miniflare) and the generated Netlify Edge Function choose the
// same version for the same request, from one module (model/analytics/choose-variant.ts); bots, a missing
// secret and every request before the experiment's start get the control; every answer for such a page
// is private, varies by user agent, sets no cookie.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { CLOUDFLARE_WORKER, experimentFiles, NETLIFY_EDGE_FUNCTION } from '../../generator/host/edge-files.ts';
import { headersFile, HEADERS_FILE, securityHeaders } from '../../generator/host/security-headers.ts';
import { startStaticServer } from '../../generator/host/serve.ts';
import { chooseVariant } from '../../model/analytics/choose-variant.ts';
import { fixtureSite } from './fixture.ts';

const SECRET = 'a test secret, not a real one';
const PORT = 5430;
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** Browsers that differ only in their version, as many visitors' do. */
const AGENTS = Array.from({ length: 24 }, (_, i) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + i}.0.0.0 Safari/537.36`);

let dist = '';
let site = '';
let files: Map<string, string>;
/** The site's security headers, as a build for a hosted project with one inline script would write them to _headers. */
const HEADERS = securityHeaders({ supabaseUrl: 'https://project.supabase.co', scriptHashes: ["'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='"] });
const servers: Server[] = [];
const flares: Miniflare[] = [];

/** A dist/ holding what the build writes for the site's experiment, with pages that say which arm they are. */
async function writeDist(root: string): Promise<{ dist: string; files: Map<string, string> }> {
  const compiled = compileSite(root, { asOf: new Date('2026-02-01T00:00:00Z') }).site!;
  const files = await experimentFiles(compiled, HEADERS);
  const dist = mkdtempSync(join(tmpdir(), 'experiment-dist-'));
  writeFileSync(join(dist, HEADERS_FILE), headersFile(HEADERS));
  for (const [rel, text] of files) {
    mkdirSync(join(dist, rel, '..'), { recursive: true });
    writeFileSync(join(dist, rel), text);
  }
  writeFileSync(join(dist, 'index.html'), '<html data-variant="control">');
  writeFileSync(join(dist, 'index.b.html'), '<html data-variant="b">');
  writeFileSync(join(dist, '404.html'), '<html data-page="not-found">');
  mkdirSync(join(dist, 'about'));
  writeFileSync(join(dist, 'about/index.html'), '<html>about');
  return { dist, files };
}

beforeAll(async () => {
  site = fixtureSite('experiment-site');
  ({ dist, files } = await writeDist(site));
});
afterAll(async () => {
  for (const s of servers) s.close();
  for (const m of flares) await m.dispose();
  rmSync(dist, { recursive: true, force: true });
  rmSync(site, { recursive: true, force: true });
});

/** npm start's server on this dist/. */
async function serve(secret: string | undefined, dir = dist): Promise<(path: string, ua: string) => Promise<Response>> {
  const port = PORT + servers.length;
  servers.push(await startStaticServer({ dir, port, host: '127.0.0.1', log: () => undefined, experimentSecret: secret }));
  return (path, ua) => fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'user-agent': ua } });
}

/** The generated Cloudflare worker in workerd, its ASSETS answering from this dist/ (an .html address redirected, as Pages does). */
async function cloudflare(secret: string | undefined, worker = files.get(CLOUDFLARE_WORKER)!): Promise<(path: string, ua: string, method?: string) => Promise<Response>> {
  const mf = new Miniflare({
    modules: true,
    script: worker,
    compatibilityDate: '2026-01-01',
    bindings: secret ? { EXPERIMENT_SECRET: secret } : {},
    serviceBindings: {
      ASSETS: async (request) => {
        const { pathname } = new URL(request.url);
        if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405, headers: { allow: 'GET, HEAD' } });
        if (pathname === '/404') return new Response(readFileSync(join(dist, '404.html')), { status: 200, headers: { 'content-type': 'text/html' } });
        if (pathname.endsWith('.html')) return new Response(null, { status: 308, headers: { location: pathname.slice(0, -5) } });
        const file = pathname === '/' ? 'index.html' : pathname.endsWith('/index.b') ? pathname.slice(1).replace(/index\.b$/, 'index.b.html') : `${pathname.slice(1)}/index.html`;
        return new Response(readFileSync(join(dist, file)), { headers: { 'content-type': 'text/html', 'cache-control': 'public, max-age=60' } });
      },
    },
  });
  flares.push(mf);
  return async (path, ua, method = 'GET') => (await mf.dispatchFetch(`https://site.example${path}`, { method, headers: { 'user-agent': ua, 'cf-connecting-ip': '127.0.0.1' } })) as unknown as Response;
}

const armOf = async (r: Response) => /data-variant="([^"]+)"/.exec(await r.text())?.[1];

describe('the version chosen per request', () => {
  it('npm start and the Cloudflare worker in workerd choose the same version for each request', async () => {
    const [local, edge] = [await serve(SECRET), await cloudflare(SECRET)];
    const seen = new Set<string>();
    for (const ua of AGENTS) {
      const a = await local('/', ua);
      const b = await edge('/', ua);
      const [arm, edgeArm] = [await armOf(a), await armOf(b)];
      expect(edgeArm, ua).toBe(arm);
      expect(arm).toBe(await chooseVariant({ experiment: 'home-headline', arms: ['control', 'b'], address: '127.0.0.1', userAgent: ua, secret: SECRET }));
      seen.add(arm!);
      for (const r of [a, b]) {
        expect(r.headers.get('cache-control')).toBe('private, no-store');
        expect(r.headers.get('vary')).toMatch(/User-Agent/);
        expect(r.headers.get('set-cookie')).toBeNull();
      }
    }
    // Both versions are shown, to different browsers.
    expect([...seen].sort()).toEqual(['b', 'control']);
    // The same browser gets the same version again; a page under no experiment is served as ever.
    expect(await armOf(await local('/', AGENTS[0]!))).toBe(await armOf(await local('/', AGENTS[0]!)));
    const about = await local('/about', AGENTS[0]!);
    expect(about.headers.get('cache-control')).toBe('no-cache');
    expect(about.headers.get('vary')).toBe('Accept-Encoding');
  });

  it("the Cloudflare worker's answers carry the site's security headers, as npm start's do (Pages applies no _headers to them)", async () => {
    const [local, edge] = [await serve(SECRET), await cloudflare(SECRET)];
    const arms = new Set<string>();
    for (const ua of [...AGENTS.slice(0, 8), BOT]) {
      const [a, b] = [await local('/', ua), await edge('/', ua)];
      arms.add((await armOf(b))!);
      for (const [name, value] of Object.entries(HEADERS)) {
        expect(b.headers.get(name), `${name} from the worker`).toBe(value);
        expect(a.headers.get(name), `${name} from npm start`).toBe(value);
      }
      // Its own rules still win where they overlap: the version must never be cached.
      expect(b.headers.get('cache-control')).toBe('private, no-store');
    }
    // Both versions went out with them, the variant's file as well as the control.
    expect([...arms].sort()).toEqual(['b', 'control']);
  });

  it('gives a bot the control, and everyone the control without a secret', async () => {
    const [local, edge] = [await serve(SECRET), await cloudflare(SECRET)];
    expect(await armOf(await local('/', BOT))).toBe('control');
    expect(await armOf(await edge('/', BOT))).toBe('control');
    const [plain, plainEdge] = [await serve(undefined), await cloudflare(undefined)];
    for (const ua of AGENTS.slice(0, 8)) {
      expect(await armOf(await plain('/', ua))).toBe('control');
      expect(await armOf(await plainEdge('/', ua))).toBe('control');
    }
  });

  it('does not serve the host files, and the Netlify Edge Function chooses as npm start does', async () => {
    const local = await serve(SECRET);
    for (const f of ['/_experiments.json', '/_worker.js', '/_routes.json', `/${NETLIFY_EDGE_FUNCTION}`]) expect((await local(f, AGENTS[0]!)).status, f).toBe(404);
    const file = join(dist, 'netlify-edge.mjs');
    writeFileSync(file, files.get(NETLIFY_EDGE_FUNCTION)!);
    (globalThis as { Netlify?: unknown }).Netlify = { env: { get: (k: string) => (k === 'EXPERIMENT_SECRET' ? SECRET : undefined) } };
    try {
      const edge = await import(pathToFileURL(file).href);
      // A variant's own address is the site's 404, as on npm start.
      const notFound: Response = await edge.default(new Request('https://site.example/index.b.html'), { ip: '127.0.0.1', next: async (r?: Request) => new Response(readFileSync(join(dist, new URL(r!.url).pathname.slice(1)))) });
      expect(notFound.status).toBe(404);
      expect(await notFound.text()).toContain('not-found');
      expect(edge.config.path).toEqual(['/', '/index.b.html', '/index.b']);
      for (const ua of AGENTS.slice(0, 8)) {
        const context = { ip: '127.0.0.1', next: async (r?: Request) => new Response(readFileSync(join(dist, r && new URL(r.url).pathname === '/index.b.html' ? 'index.b.html' : 'index.html'))) };
        const res: Response = await edge.default(new Request('https://site.example/', { headers: { 'user-agent': ua } }), context);
        expect(await armOf(res)).toBe(await armOf(await local('/', ua)));
        expect(res.headers.get('cache-control')).toBe('private, no-store');
      }
    } finally {
      delete (globalThis as { Netlify?: unknown }).Netlify;
    }
  });
});

describe('an experiment before its start', () => {
  it('serves only the control, on npm start, from the Cloudflare worker and from the Netlify Edge Function', async () => {
    // The fixture's experiment, starting tomorrow: the day it is built and served, no version is shown yet.
    const later = fixtureSite('experiment-site');
    const index = join(later, 'pages/index.yaml');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    writeFileSync(index, readFileSync(index, 'utf8').replace(/start: "[^"]+"/, `start: "${tomorrow}"`));
    const built = await writeDist(later);
    try {
      expect(JSON.parse(built.files.get('_experiments.json')!)['/'].start).toBe(tomorrow);
      const [local, edge] = [await serve(SECRET, built.dist), await cloudflare(SECRET, built.files.get(CLOUDFLARE_WORKER)!)];
      const file = join(built.dist, 'netlify-edge.mjs');
      writeFileSync(file, built.files.get(NETLIFY_EDGE_FUNCTION)!);
      (globalThis as { Netlify?: unknown }).Netlify = { env: { get: (k: string) => (k === 'EXPERIMENT_SECRET' ? SECRET : undefined) } };
      const netlify = await import(pathToFileURL(file).href);
      const context = { ip: '127.0.0.1', next: async (r?: Request) => new Response(readFileSync(join(built.dist, r && new URL(r.url).pathname === '/index.b.html' ? 'index.b.html' : 'index.html'))) };
      // The same browsers that see b once it has started.
      const started = await serve(SECRET);
      const shownB: string[] = [];
      for (const ua of AGENTS) if ((await armOf(await started('/', ua))) === 'b') shownB.push(ua);
      expect(shownB.length).toBeGreaterThan(0);
      for (const ua of shownB) {
        expect(await armOf(await local('/', ua)), ua).toBe('control');
        expect(await armOf(await edge('/', ua)), ua).toBe('control');
        expect(await armOf(await netlify.default(new Request('https://site.example/', { headers: { 'user-agent': ua } }), context)), ua).toBe('control');
      }
      expect(await chooseVariant({ experiment: 'home-headline', arms: ['control', 'b'], address: '127.0.0.1', userAgent: shownB[0]!, secret: SECRET, start: tomorrow, now: new Date(`${tomorrow}T00:00:00Z`) })).toBe('b');
    } finally {
      delete (globalThis as { Netlify?: unknown }).Netlify;
      rmSync(built.dist, { recursive: true, force: true });
      rmSync(later, { recursive: true, force: true });
    }
  });
});

describe("a variant's own address", () => {
  it('is the 404 page on npm start and from the Cloudflare worker, and is routed to the worker', async () => {
    const [local, edge] = [await serve(SECRET), await cloudflare(SECRET)];
    expect(JSON.parse(files.get('_routes.json')!).include).toEqual(expect.arrayContaining(['/index.b.html', '/index.b']));
    for (const path of ['/index.b.html', '/index.%62.html', '/index.b']) {
      for (const get of [local, edge]) {
        const res = await get(path, AGENTS[0]!);
        expect(res.status, path).toBe(404);
        expect(await res.text(), path).toContain('data-page="not-found"');
      }
    }
    const fromWorker = await edge('/index.b.html', AGENTS[0]!);
    for (const [name, value] of Object.entries(HEADERS)) expect(fromWorker.headers.get(name), name).toBe(value);
    // The version is still served as the page's own, to those chosen for it.
    const arms = new Set<string>();
    for (const ua of AGENTS) arms.add((await armOf(await local('/', ua)))!);
    expect(arms).toContain('b');
  });

  it("the worker answers any method on an experiment's route with the security headers", async () => {
    const edge = await cloudflare(SECRET);
    for (const method of ['POST', 'OPTIONS', 'PUT', 'DELETE', 'PATCH']) {
      const res = await edge('/', AGENTS[0]!, method);
      for (const [name, value] of Object.entries(HEADERS)) expect(res.headers.get(name), `${method}: ${name}`).toBe(value);
      expect(res.headers.get('cache-control'), method).toBe('private, no-store');
    }
  });
});
