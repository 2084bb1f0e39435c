// `npm run dev` seen from another machine: a network namespace this test makes (a veth pair with
// private addresses, 10.231.x.0/30), never the machine's real address or network. From there:
// - the default `npm run dev` (no HOST) is not reachable at all;
// - with HOST=0.0.0.0 the site is, but the studio (reads and writes, even with a right Host, Origin and
//   token), `.data/`, `supabase/local/` and `/__open-in-editor` are refused;
// - a request target in absolute form (`GET http://…/__open-in-editor`), which connect still routes, is
//   refused;
// - with STUDIO_ALLOW_REMOTE the studio answers, but its page there carries no token: a write needs the
//   one in the link the dev server printed.
// Needs root (or passwordless sudo, as on a GitHub runner) and iproute2: where namespaces can't be made
// it fails under CI, saying why, and is skipped elsewhere, saying so (tests/cannot-run.ts). The
// namespace exists only while the tests that use it run (made in beforeAll, removed in afterAll and at
// exit), so a filtered run makes none and an interrupted one leaves none.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, projectRoot } from './fixture.ts';
import { portFor, startDev, studioTokenOf, type DevServer } from './dev-server-process.ts';
import { cannotRun } from '../cannot-run.ts';

const NS = `devremote${process.pid}`;
// Interface names are at most 15 characters.
const HOST_IF = `drh${process.pid}`.slice(0, 15);
const NS_IF = `drn${process.pid}`.slice(0, 15);
const SUBNET = (process.pid % 250) + 1;
const HOST_IP = `10.231.${SUBNET}.1`;
const NS_IP = `10.231.${SUBNET}.2`;
const SECRET = `secret-${process.pid}-${Date.now()}`;

/** Root runs the namespace's commands as they are; anyone else through passwordless sudo (a GitHub runner). */
const asRoot = (command: string, args: string[]): [string, string[]] => (process.getuid?.() === 0 ? [command, args] : ['sudo', ['-n', command, ...args]]);
const ip = (...args: string[]) => spawnSync(...asRoot('ip', args), { encoding: 'utf8' });

/** Why no namespace can be made here, or undefined. Asked without making one that could be left behind. */
function whyUnavailable(): string | undefined {
  if (process.platform !== 'linux') return 'network namespaces are Linux only';
  if (process.getuid?.() !== 0 && spawnSync('sudo', ['-n', 'true']).status !== 0) return 'making a network namespace needs root or passwordless sudo';
  if (spawnSync('ip', ['-V']).error) return 'no `ip` command (install iproute2)';
  // An unnamed namespace, gone when `unshare` exits: can this process make one at all (a container may not)?
  const probe = spawnSync(...asRoot('unshare', ['--net', 'true']), { encoding: 'utf8' });
  if (!probe.error && probe.status !== 0) return `no network namespace can be made here: ${probe.stderr.trim()}`;
  return undefined;
}

/** Makes the namespace and its link, after removing any left by an earlier run of the same name. */
function makeNamespace(): void {
  removeNamespace();
  const steps = [
    ['netns', 'add', NS],
    ['link', 'add', HOST_IF, 'type', 'veth', 'peer', 'name', NS_IF],
    ['link', 'set', NS_IF, 'netns', NS],
    ['addr', 'add', `${HOST_IP}/30`, 'dev', HOST_IF],
    ['link', 'set', HOST_IF, 'up'],
    ['netns', 'exec', NS, 'ip', 'addr', 'add', `${NS_IP}/30`, 'dev', NS_IF],
    ['netns', 'exec', NS, 'ip', 'link', 'set', NS_IF, 'up'],
    ['netns', 'exec', NS, 'ip', 'link', 'set', 'lo', 'up'],
  ];
  for (const step of steps) {
    const r = ip(...step);
    if (r.status !== 0) {
      removeNamespace();
      throw new Error(`\`ip ${step.join(' ')}\` failed: ${(r.stderr || String(r.error)).trim()}`);
    }
  }
}

function removeNamespace(): void {
  ip('link', 'del', HOST_IF); // takes its peer with it
  ip('netns', 'del', NS);
}

const unavailable = whyUnavailable();

interface Answer {
  /** HTTP status, or 0 when no connection was made. */
  status: number;
  body: string;
  /** Why no connection was made (ECONNREFUSED: nothing listens there). */
  error?: string;
}

// Node's own http client in the namespace (Host is a header it lets a caller set, as curl does).
const CLIENT = `
const { request } = require('node:http');
const { url, method, headers, body } = JSON.parse(process.argv[1]);
const req = request(url, { method, headers, timeout: 20000 }, (res) => {
  let text = '';
  res.setEncoding('utf8').on('data', (d) => (text += d)).on('end', () => console.log(JSON.stringify({ status: res.statusCode, body: text })));
});
req.on('error', (e) => console.log(JSON.stringify({ status: 0, body: '', error: e.code ?? String(e) })));
req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
req.end(body);
`;

/** An HTTP request made from inside the namespace, as another machine on the network would. */
function fromOutside(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return inNamespace(CLIENT, { url, method: opts.method ?? 'GET', headers: opts.headers ?? {}, body: opts.body });
}

/** Runs a Node script in the namespace with `input` as its argument, and reads the Answer it prints. */
function inNamespace(script: string, input: unknown): Promise<Answer> {
  const args = ['netns', 'exec', NS, process.execPath, '-e', script, JSON.stringify(input)];
  return new Promise((done, fail) => {
    const child = spawn(...asRoot('ip', args));
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', () => {
      try {
        done(JSON.parse(out) as Answer);
      } catch {
        fail(new Error(`no answer from the namespace's client: ${out}${err}`));
      }
    });
  });
}

// A raw request, written byte for byte (Node's http client always sends a plain path): the status
// line of the answer, or the connection's error.
const RAW = `
const { connect } = require('node:net');
const { host, port, text } = JSON.parse(process.argv[1]);
let got = '';
let error;
const socket = connect(port, host, () => socket.write(text));
socket.setTimeout(20000, () => socket.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
socket.setEncoding('utf8').on('data', (d) => (got += d));
socket.on('error', (e) => (error = e.code ?? String(e)));
socket.on('close', () => {
  const status = /^HTTP\\/1\\.[01] (\\d{3})/.exec(got);
  console.log(JSON.stringify({ status: status ? Number(status[1]) : 0, body: got, error }));
});
`;

function rawFromOutside(port: number, text: string): Promise<Answer> {
  return inNamespace(RAW, { host: HOST_IP, port, text });
}

const local = (port: number, path: string) => fetch(`http://127.0.0.1:${port}${path}`);
const studioUp = async (port: number) => (await local(port, '/_studio')).status === 200;

let dir = '';
let port = 0;
let dev: DevServer | undefined;

if (unavailable) cannotRun('npm run dev from another machine', { missing: unavailable, install: 'run as root on Linux with iproute2 (apt-get install iproute2), where network namespaces can be made' });
else describe('npm run dev from another machine', () => {
  beforeAll(async () => {
    // Also at exit, should the run be stopped before afterAll.
    process.once('exit', removeNamespace);
    makeNamespace();
    dir = copyProject('dev-remote-', 'blog-site');
    cpSync(join(projectRoot, 'studio'), join(dir, 'studio'), { recursive: true });
    // What the local database keeps: it must never be served.
    mkdirSync(join(dir, '.data/pglite'), { recursive: true });
    writeFileSync(join(dir, '.data/pglite/probe.txt'), SECRET);
    port = await portFor(process.env.DEV_REMOTE_PORT);
  });

  afterAll(async () => {
    try {
      await dev?.stop();
    } finally {
      removeNamespace();
      process.off('exit', removeNamespace);
      if (dir) rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
    }
  });

  it('by default is not reachable from there at all, and is from this machine', async () => {
    dev = await startDev(dir, port, {}, async (p) => (await local(p, '/')).status === 200);
    const outside = await fromOutside(`http://${HOST_IP}:${port}/`);
    expect(outside.status, outside.body).toBe(0);
    expect(outside.error).toBe('ECONNREFUSED'); // nothing listens on that address
    expect((await local(port, '/_studio')).status).toBe(200);
    await dev.stop();
  }, 180_000);

  describe('with HOST=0.0.0.0', () => {
    const base = () => `http://${HOST_IP}:${port}`;
    // What a browser on this machine would send, written by hand from another one.
    const forged = () => ({ host: `localhost:${port}`, origin: `http://localhost:${port}`, 'content-type': 'application/json' });

    beforeAll(async () => {
      dev = await startDev(dir, port, { HOST: '0.0.0.0' }, studioUp);
    }, 180_000);
    afterAll(async () => dev?.stop());

    it('serves the site there (so the refusals below are refusals, not a broken link)', async () => {
      const page = await fromOutside(`${base()}/`);
      expect(page.status).toBe(200);
      expect(page.body).toContain('<html');
    });

    it('refuses studio reads there, whatever Host it claims', async () => {
      for (const path of ['/_studio', '/_studio/api/pages', '/_studio/api/schemas', '/_studio/api/file?file=pages/index.yaml', '/_studio/preview?file=pages/index.yaml']) {
        expect((await fromOutside(`${base()}${path}`)).status, path).toBe(403);
        expect((await fromOutside(`${base()}${path}`, { headers: { host: `localhost:${port}` } })).status, `${path} with Host: localhost`).toBe(403);
      }
      // The same reads answer on this machine.
      expect((await local(port, '/_studio/api/file?file=pages/index.yaml')).status).toBe(200);
    });

    it('refuses studio writes there, even with a local Host and Origin and the right token', async () => {
      const file = 'pages/about.yaml';
      const before = readFileSync(join(dir, file), 'utf8');
      const token = studioTokenOf(await (await local(port, '/_studio')).text())!;
      const opened = (await (await local(port, `/_studio/api/file?file=${file}`)).json()) as { hash: string };
      const body = JSON.stringify({ file, text: 'title: "taken from the network"\n', base: opened.hash });
      const r = await fromOutside(`${base()}/_studio/api/save`, { method: 'POST', headers: { ...forged(), 'x-studio-token': token }, body });
      expect(r.status, r.body).toBe(403);
      const draft = await fromOutside(`${base()}/_studio/api/draft`, { method: 'POST', headers: { ...forged(), 'x-studio-token': token }, body: JSON.stringify({ file, text: 'x: 1\n' }) });
      expect(draft.status).toBe(403);
      expect(readFileSync(join(dir, file), 'utf8')).toBe(before);
      expect(dev!.output()).toMatch(new RegExp(`refused a client from (::ffff:)?${NS_IP.replaceAll('.', '\\.')}`));
    });

    it('serves no file of .data/ or supabase/local/ there, in any form', async () => {
      const keys = readFileSync(join(dir, 'supabase/local/keys.ts'), 'utf8');
      const secretLine = keys.split('\n').find((l) => l.includes('LOCAL_JWT_SECRET ='))!;
      for (const path of ['/.data/pglite/probe.txt', '/.data/pglite/probe.txt?raw', '/.data/pglite/probe.txt?url', '/.data/pglite/probe.txt?raw&import', '/supabase/local/keys.ts', '/supabase/local/keys.ts?raw', '/supabase/local/keys.ts?import', '/supabase/local/keys.ts?raw&import', `/@fs${dir}/.data/pglite/probe.txt`, `/@fs${dir}/supabase/local/keys.ts?raw`]) {
        const r = await fromOutside(`${base()}${path}`);
        expect(r.status, path).toBe(403);
        expect(r.body, path).not.toContain(SECRET);
        expect(r.body, path).not.toContain(secretLine);
      }
      // An asset imported without ?raw is answered with its address only (Vite's module for an asset),
      // never its bytes.
      const asset = await fromOutside(`${base()}/.data/pglite/probe.txt?import`);
      expect(asset.body).not.toContain(SECRET);
    });

    it('refuses /__open-in-editor there', async () => {
      for (const path of ['/__open-in-editor?file=pages/index.yaml', '/__open-in-editor?file=site.config.yaml:1:1', '/__OPEN-IN-EDITOR?file=pages/index.yaml', '/__open-in-editor/?file=pages/index.yaml']) {
        const r = await fromOutside(`${base()}${path}`, { headers: { host: `localhost:${port}` } });
        expect(r.status, path).toBe(403);
      }
    });

    it('refuses a request target in absolute form there, which connect would still route to /__open-in-editor', async () => {
      for (const target of [`http://${HOST_IP}:${port}/__open-in-editor?file=pages/index.yaml`, `http://localhost:${port}/__OPEN-IN-EDITOR?file=pages/index.yaml`, `http://${HOST_IP}:${port}/`]) {
        const r = await rawFromOutside(port, `GET ${target} HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`);
        expect(r.status, `${target}: ${r.error ?? r.body.slice(0, 200)}`).toBe(400);
      }
      // The same bytes with a plain path: the site answers, so the 400 above is about the form.
      const plain = await rawFromOutside(port, `GET / HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`);
      expect(plain.status, plain.error ?? plain.body.slice(0, 200)).toBe(200);
    });
  });

  describe('with STUDIO_ALLOW_REMOTE', () => {
    const base = () => `http://${HOST_IP}:${port}`;

    beforeAll(async () => {
      // HOST names the address the other machine uses, so the studio's Host check accepts it.
      dev = await startDev(dir, port, { HOST: HOST_IP, STUDIO_ALLOW_REMOTE: '1' }, async (p) => (await fetch(`http://${HOST_IP}:${p}/_studio`)).status === 200);
    }, 180_000);
    afterAll(async () => dev?.stop());

    it('answers the studio there, without its token; a write needs the token of the link the dev server printed', async () => {
      const file = 'pages/about.yaml';
      const before = readFileSync(join(dir, file), 'utf8');
      const shell = await fromOutside(`${base()}/_studio`);
      expect(shell.status).toBe(200);
      expect(shell.body).toContain('/studio/main.tsx');
      expect(studioTokenOf(shell.body)).toBeUndefined();
      expect(shell.body).not.toContain('studio-token');
      const link = new RegExp(`${base().replaceAll('.', '\\.')}/_studio#token=([\\w-]+)`).exec(dev!.output());
      expect(link, dev!.output()).not.toBeNull();
      const token = link![1]!;
      expect(token.length).toBeGreaterThanOrEqual(32);
      expect(shell.body).not.toContain(token);
      const opened = JSON.parse((await fromOutside(`${base()}/_studio/api/file?file=${file}`)).body) as { hash: string };
      const headers = { origin: base(), 'content-type': 'application/json' };
      const text = `${before}# saved from the network\n`;
      const body = JSON.stringify({ file, text, base: opened.hash });
      const wrongs: Record<string, string>[] = [{}, { 'x-studio-token': '' }, { 'x-studio-token': 'not-the-token' }, { 'x-studio-token': `${token}x` }, { 'x-studio-token': token.slice(1) }];
      for (const wrong of wrongs) {
        expect((await fromOutside(`${base()}/_studio/api/save`, { method: 'POST', headers: { ...headers, ...wrong }, body })).status, JSON.stringify(wrong)).toBe(403);
      }
      expect(readFileSync(join(dir, file), 'utf8')).toBe(before);
      const saved = await fromOutside(`${base()}/_studio/api/save`, { method: 'POST', headers: { ...headers, 'x-studio-token': token }, body });
      expect(saved.status, saved.body).toBe(200);
      expect(readFileSync(join(dir, file), 'utf8')).toBe(text);
      // Still not the project's other files, nor the editor.
      expect((await fromOutside(`${base()}/.data/pglite/probe.txt?raw`)).status).toBe(403);
      expect((await fromOutside(`${base()}/__open-in-editor?file=pages/index.yaml`)).status).toBe(403);
    });
  });
});
