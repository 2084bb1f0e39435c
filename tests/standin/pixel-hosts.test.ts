// The no-script pixel on every server that answers it (model/analytics/pixel.ts): npm start's, the Cloudflare
// Pages worker the build writes (run in workerd through miniflare) and the Netlify Edge Function.
// Each answers the GIF and counts the page view in the database as the visitor it saw, not as
// itself: the database believes the visitor they name only with the proxy secret
// (20251222000000_analytics_proxy.sql), so a visitor who names someone else is counted as themself.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { CLOUDFLARE_ROUTES, CLOUDFLARE_WORKER, experimentFiles, NETLIFY_EDGE_FUNCTION, NETLIFY_PIXEL_FUNCTION } from '../../generator/host/edge-files.ts';
import { startStaticServer } from '../../generator/host/serve.ts';
import { pixelAddress, trackEndpoint } from '../../model/analytics/event.ts';
import { PIXEL_GIF_BASE64, PROXY_CLIENT_HEADER, PROXY_KEY_HEADER } from '../../model/analytics/pixel.ts';
import { BROWSER_UA } from '../../supabase/local/concurrently.ts';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { fixtureSite } from '../unit/fixture.ts';
import { sendFrom } from './send-from.ts';

const SECRET = 'a test proxy secret, not a real one';
const GIF = Buffer.from(PIXEL_GIF_BASE64, 'base64');

let standIn: StandIn;
let site = '';
let dir = '';
let files: Map<string, string>;
let filesOff: Map<string, string>;
const flares: Miniflare[] = [];
const servers: Server[] = [];

beforeAll(async () => {
  standIn = await startStandIn({ port: 0, memory: true, quiet: true, analyticsProxySecret: SECRET });
  await standIn.query(`update private.hourly_limits set per_hour = 1000000 where action = 'events'`);
  site = fixtureSite('experiment-site');
  const compiled = compileSite(site, { asOf: new Date('2026-02-01T00:00:00Z') }).site!;
  files = await experimentFiles(compiled, {}, trackEndpoint(standIn.url, standIn.anonKey));
  filesOff = await experimentFiles(compiled, {});
  dir = mkdtempSync(join(tmpdir(), 'pixel-hosts-'));
});
afterAll(async () => {
  for (const m of flares) await m.dispose();
  for (const s of servers) s.close();
  await standIn?.close();
  rmSync(site, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
});

const count = async () => Number((await standIn.query<{ n: string }>('select count(*) as n from analytics.events')).rows[0]!.n);

/** Waits (at most 10 s) for the database to hold `n` events: a pixel counts after it has answered. */
async function countReaches(n: number): Promise<void> {
  for (let i = 0; i < 100 && (await count()) < n; i++) await new Promise((r) => setTimeout(r, 100));
  expect(await count()).toBe(n);
}

/** The newest event, and whether its visitor is the day's hash of `address` with the browser's user agent. */
async function newest(address: string): Promise<{ kind: string; route: string; device: string; as: boolean }> {
  const { rows } = await standIn.query<{ kind: string; route: string; device: string; as: boolean }>(
    `select kind, route, device, visitor = sha256((select salt from private.analytics_salt)
       || convert_to((select site from analytics.settings) || chr(10) || $1 || chr(10) || $2, 'UTF8')) as as
     from analytics.events order by id desc limit 1`,
    [address, BROWSER_UA],
  );
  return rows[0]!;
}

/** The generated worker in workerd; its ASSETS answer a page for anything but the pixel. */
function cloudflare(bindings: Record<string, string>): Miniflare {
  const mf = new Miniflare({
    modules: true,
    script: files.get(CLOUDFLARE_WORKER)!,
    compatibilityDate: '2026-01-01',
    bindings,
    serviceBindings: { ASSETS: async () => new Response('<html>a page', { headers: { 'content-type': 'text/html' } }) },
    // workerd reaches only public and private networks; the stand-in listens on loopback.
    outboundService: async (request) => {
      const answer = await fetch(request.url, { method: request.method, headers: Object.fromEntries(request.headers), body: await request.text() });
      return new Response(await answer.text(), { status: answer.status }) as never;
    },
  });
  flares.push(mf);
  return mf;
}

describe('the no-script pixel on the hosts', () => {
  it('the Cloudflare worker in workerd answers the GIF and counts the view as the visitor Cloudflare saw', async () => {
    expect(JSON.parse(files.get(CLOUDFLARE_ROUTES)!).include).toContain('/_px');
    const mf = cloudflare({ ANALYTICS_PROXY_SECRET: SECRET });
    const before = await count();
    const res = (await mf.dispatchFetch(`https://site.example${pixelAddress('/about', 'view')}`, {
      headers: { 'user-agent': BROWSER_UA, 'cf-connecting-ip': '203.0.113.7', 'sec-ch-ua-mobile': '?1' },
    })) as unknown as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await res.arrayBuffer()).equals(GIF)).toBe(true);
    await countReaches(before + 1);
    expect(await newest('203.0.113.7')).toEqual({ kind: 'view', route: '/about', device: 'phone', as: true });
    // The experiment's page is still chosen by the same worker; other paths are the files.
    const page = (await mf.dispatchFetch('https://site.example/', { headers: { 'user-agent': BROWSER_UA, 'cf-connecting-ip': '203.0.113.7' } })) as unknown as Response;
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(await page.text()).toBe('<html>a page');
  });

  it('without the secret on the host it answers the GIF and counts nothing (the visitor could not be named)', async () => {
    const mf = cloudflare({});
    const before = await count();
    const res = (await mf.dispatchFetch(`https://site.example${pixelAddress('/about', 'view')}`, { headers: { 'user-agent': BROWSER_UA, 'cf-connecting-ip': '203.0.113.7' } })) as unknown as Response;
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(GIF)).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    expect(await count()).toBe(before);
  });

  it('the Netlify Edge Function counts the view as context.ip', async () => {
    const file = join(dir, 'pixel.mjs');
    writeFileSync(file, files.get(NETLIFY_PIXEL_FUNCTION)!);
    (globalThis as { Netlify?: unknown }).Netlify = { env: { get: (k: string) => (k === 'ANALYTICS_PROXY_SECRET' ? SECRET : undefined) } };
    try {
      const edge = await import(pathToFileURL(file).href);
      expect(edge.config.path).toBe('/_px');
      const before = await count();
      const waits: Promise<unknown>[] = [];
      const context = { ip: '203.0.113.8', next: () => new Response('not the pixel'), waitUntil: (p: Promise<unknown>) => waits.push(p) };
      const res: Response = await edge.default(new Request(`https://site.example${pixelAddress('/404', '404')}`, { headers: { 'user-agent': BROWSER_UA, referer: 'https://site.example/Gone', host: 'site.example' } }), context);
      expect(res.headers.get('content-type')).toBe('image/gif');
      await Promise.all(waits);
      await countReaches(before + 1);
      expect(await newest('203.0.113.8')).toEqual({ kind: '404', route: '/gone', device: 'desktop', as: true });
    } finally {
      delete (globalThis as { Netlify?: unknown }).Netlify;
    }
  });

  it("npm start's server counts the view as the address it was asked from", async () => {
    const server = await startStaticServer({ dir, port: 0, host: '127.0.0.1', log: () => undefined, pixel: { endpoint: trackEndpoint(standIn.url, standIn.anonKey), secret: SECRET } });
    servers.push(server);
    const before = await count();
    const url = new URL(pixelAddress('/kit', 'view'), `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const status = await new Promise<number>((ok, fail) =>
      request({ host: url.hostname, port: url.port, path: url.pathname + url.search, localAddress: '127.0.0.5', agent: false, headers: { 'user-agent': BROWSER_UA } }, (res) => {
        res.resume();
        res.on('end', () => ok(res.statusCode ?? 0));
      })
        .on('error', fail)
        .end(),
    );
    expect(status).toBe(200);
    await countReaches(before + 1);
    expect(await newest('127.0.0.5')).toMatchObject({ route: '/kit', as: true });
  });

  it('a visitor naming another address without the secret is counted as themself', async () => {
    const before = await count();
    const url = new URL(`/rest/v1/rpc/track?apikey=${encodeURIComponent(standIn.anonKey)}`, standIn.url);
    for (const key of [undefined, 'a guess']) {
      const headers: Record<string, string> = { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER_UA, [PROXY_CLIENT_HEADER]: '198.51.100.1' };
      if (key) headers[PROXY_KEY_HEADER] = key;
      expect((await sendFrom('127.0.0.9', 'POST', url, headers, '{"k":"view","r":"/","d":"desktop"}', { pooled: false })).status).toBe(200);
      expect(await newest('127.0.0.9')).toMatchObject({ as: true });
    }
    expect(await count()).toBe(before + 2);
  });

  it('a site that does not count gets the experiments\' files exactly as before, and no trace of the pixel', () => {
    expect([...filesOff.keys()].sort()).toEqual([CLOUDFLARE_ROUTES, CLOUDFLARE_WORKER, '_experiments.json', NETLIFY_EDGE_FUNCTION].sort());
    for (const [name, text] of filesOff) expect(text, name).not.toMatch(/_px|rpc\/track|x-analytics/);
    // The experiments' Netlify function is the same file whether the site counts or not.
    expect(files.get(NETLIFY_EDGE_FUNCTION)).toBe(filesOff.get(NETLIFY_EDGE_FUNCTION));
  });
});
