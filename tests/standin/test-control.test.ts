// The e2e test control server (generator/host/test-control.ts) runs any SQL as the database owner: only a
// request with the run's token and without an Origin header (no browser page, whatever its origin) may.
// On a stand-in of its own (in memory), with a real Chromium for the page of another origin.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../generator/chromium.ts';
import { CONTROL_TOKEN_HEADER, startTestControl } from '../../generator/host/test-control.ts';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { portFor } from '../unit/dev-server-process.ts';

const token = randomBytes(32).toString('base64url');
let standIn: StandIn;
let control: Server;
let base = '';

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** Whether a table a refused request tried to make exists, asked with the token. */
async function exists(table: string): Promise<boolean> {
  const res = await post('/query', { sql: 'select to_regclass($1) is not null as present', params: [`public.${table}`] }, { [CONTROL_TOKEN_HEADER]: token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { present: boolean }[])[0]!.present;
}

beforeAll(async () => {
  standIn = await startStandIn({ port: 0, memory: true, quiet: true });
  const port = await portFor(process.env.TEST_CONTROL_PORT);
  control = await startTestControl(standIn, port, token);
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await new Promise((r) => control?.close(r));
  await standIn?.close();
});

describe('the e2e test control server', () => {
  it('will not start without a long random token', async () => {
    for (const weak of [undefined, '', 'short']) await expect(startTestControl(standIn, 0, weak)).rejects.toThrow(/STANDIN_CONTROL_TOKEN/);
  });

  it('runs a query with the token and no Origin', async () => {
    const res = await post('/query', { sql: 'select 41 + 1 as answer' }, { [CONTROL_TOKEN_HEADER]: token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ answer: 42 }]);
  });

  it('refuses a request without the token, with a wrong one, or with any Origin even with the token', async () => {
    const attempts: [string, Record<string, string>][] = [
      ['no token', {}],
      ['a wrong token', { [CONTROL_TOKEN_HEADER]: randomBytes(32).toString('base64url') }],
      ['a token one character short', { [CONTROL_TOKEN_HEADER]: token.slice(1) }],
      ['another site', { [CONTROL_TOKEN_HEADER]: token, origin: 'http://evil.example' }],
      ['a local page', { [CONTROL_TOKEN_HEADER]: token, origin: 'http://localhost:4173' }],
      ['an opaque origin', { [CONTROL_TOKEN_HEADER]: token, origin: 'null' }],
    ];
    for (const [what, headers] of attempts) {
      const table = `control_probe_${what.replace(/\W/g, '_')}`;
      expect((await post('/query', { sql: `create table public.${table} (x int)` }, headers)).status, what).toBe(403);
      expect((await post('/users', { email: `${table}@example.com`, password: 'password-123456' }, headers)).status, what).toBe(403);
      expect(await exists(table), what).toBe(false);
    }
  });

  it('a page of another origin in Chromium cannot run SQL through it, not even knowing the token', async () => {
    const other: Server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>elsewhere</title>'));
    const otherPort = await portFor(process.env.TEST_CONTROL_OTHER_PORT);
    await new Promise<void>((ok) => other.listen(otherPort, '127.0.0.1', ok));
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const page = await browser.newPage();
      await page.goto(`http://localhost:${otherPort}/`);
      const outcome = await page.evaluate(async ({ base, header, token }) => {
        const out: string[] = [];
        // A simple request (no preflight): the server still sees its Origin.
        await fetch(`${base}/query`, { method: 'POST', mode: 'no-cors', body: JSON.stringify({ sql: 'create table public.control_probe_page (x int)' }) }).then((r) => out.push(r.type), (e) => out.push(String(e)));
        // With the token in a header: a preflight, refused.
        await fetch(`${base}/query`, { method: 'POST', headers: { [header]: token, 'content-type': 'application/json' }, body: JSON.stringify({ sql: 'create table public.control_probe_page_token (x int)' }) }).then((r) => out.push(String(r.status)), (e) => out.push(`refused: ${(e as Error).name}`));
        return out;
      }, { base, header: CONTROL_TOKEN_HEADER, token });
      expect(outcome[1]).toBe('refused: TypeError');
      expect(await exists('control_probe_page')).toBe(false);
      expect(await exists('control_probe_page_token')).toBe(false);
    } finally {
      await browser.close();
      await new Promise((r) => other.close(r));
    }
  }, 60_000);
});
