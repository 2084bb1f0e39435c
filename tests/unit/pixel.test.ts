// The no-script pixel (generator/host/pixel-server.ts) on npm start's server: a 1x1 GIF at once, and the page view
// posted to the track function as the beacon posts it (text/plain, the visitor's user agent and address
// passed on with the proxy secret); nothing under Sec-GPC or DNT, nor for a route that is not a plain
// slug path. The track function here is a recording server on loopback; tests/standin/pixel-hosts.test.ts
// covers the real stand-in and the hosts' edge functions.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIXEL_GIF } from '../../generator/host/pixel-server.ts';
import { startStaticServer } from '../../generator/host/serve.ts';
import { pixelAddress, trackEndpoint } from '../../model/analytics/event.ts';

let site: Server;
let track: Server;
let port = 0;
const posted: { url: string; headers: IncomingHttpHeaders; body: unknown }[] = [];
let arrived: () => void = () => undefined;

beforeAll(async () => {
  track = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      posted.push({ url: req.url!, headers: req.headers, body: JSON.parse(body) });
      res.writeHead(204).end();
      arrived();
    });
  });
  await new Promise<void>((r) => track.listen(0, '127.0.0.1', r));
  const dir = mkdtempSync(join(tmpdir(), 'pixel-'));
  writeFileSync(join(dir, 'index.html'), '<h1>Home</h1>');
  site = await startStaticServer({ dir, port: 0, host: '127.0.0.1', log: () => undefined, pixel: { endpoint: trackEndpoint(`http://127.0.0.1:${(track.address() as AddressInfo).port}`, 'anon-key'), secret: 'the proxy secret' } });
  port = (site.address() as AddressInfo).port;
});
afterAll(() => {
  site.close();
  track.close();
});

function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; type?: string; cache?: string; bytes: Buffer }>((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { 'user-agent': 'Mozilla/5.0 Test', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode!, type: res.headers['content-type'], cache: res.headers['cache-control'], bytes: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end();
  });
}

/** Requests the pixel and waits for what it posts (or a moment, when nothing should come). */
async function pixel(path: string, headers: Record<string, string> = {}, expectPost = true) {
  const before = posted.length;
  const came = new Promise<void>((r) => (arrived = r));
  const answer = await get(path, headers);
  if (expectPost) await came;
  else await new Promise((r) => setTimeout(r, 300));
  return { answer, sent: posted.slice(before) };
}

describe('the no-script pixel', () => {
  it('answers a 1x1 GIF, not cached, and posts the page view to track as text/plain with the user agent, the address and the proxy secret', async () => {
    const { answer, sent } = await pixel(pixelAddress('/blog/a-post', 'view'));
    expect(answer).toMatchObject({ status: 200, type: 'image/gif', cache: 'no-store' });
    expect(answer.bytes.equals(PIXEL_GIF)).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/rest/v1/rpc/track?apikey=anon-key');
    expect(sent[0]!.body).toEqual({ k: 'view', r: '/blog/a-post', d: 'desktop' });
    expect(sent[0]!.headers['content-type']).toBe('text/plain;charset=UTF-8');
    expect(sent[0]!.headers['user-agent']).toBe('Mozilla/5.0 Test');
    expect(sent[0]!.headers['x-analytics-client']).toBe('127.0.0.1');
    expect(sent[0]!.headers['x-analytics-key']).toBe('the proxy secret');
  });

  it('counts the not-found page at the address asked for (its Referer on this origin), and a phone by its client hint', async () => {
    const { sent } = await pixel(pixelAddress('/404', '404'), { referer: `http://127.0.0.1:${port}/Old-Page`, host: `127.0.0.1:${port}`, 'sec-ch-ua-mobile': '?1' });
    expect(sent.map((s) => s.body)).toEqual([{ k: '404', r: '/old-page', d: 'phone' }]);
  });

  it('sends nothing under Global Privacy Control or Do Not Track, nor for a route that is no plain slug path, and still answers the GIF', async () => {
    for (const [path, headers] of [
      [pixelAddress('/', 'view'), { 'sec-gpc': '1' }],
      [pixelAddress('/', 'view'), { dnt: '1' }],
      ['/_px?r=/a%20b', {}],
      ['/_px', {}],
    ] as const) {
      const { answer, sent } = await pixel(path, headers, false);
      expect(answer.status).toBe(200);
      expect(sent).toEqual([]);
    }
  });
});
