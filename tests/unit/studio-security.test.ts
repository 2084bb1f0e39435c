// The studio's real endpoints in a running `npm run dev` (on a copy of the blog-site fixture) against
// what another page, process or file could try: edit paths that reach a prototype, symlinks under
// pages/ (dangling, or a folder pointing out), writes and reads from a foreign origin (CORS, framing,
// the run's token), and GETs that would change the studio's state.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../generator/chromium.ts';
import { applyEdits, EditError, type Edit } from '../../generator/studio/yaml-edit.ts';
import { copyProject, projectRoot } from './fixture.ts';
import { portFor, startDev, studioTokenOf, type DevServer } from './dev-server-process.ts';
import { TSX_LOADER } from './tsx-loader.ts';

let dir = '';
let outside = '';
let dev: DevServer;
let origin = '';
let token = '';

const read = (file: string) => readFileSync(join(dir, file), 'utf8');

/** `npm run new` in the copy; not spawnSync, which would hold the event loop while the server closes idle sockets. */
function runNew(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [...TSX_LOADER, 'generator/cli/new.ts', ...args], { cwd: dir, encoding: 'utf8' }, (err, stdout, stderr) => {
      done({ status: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

async function post(path: string, body: unknown, headers: Record<string, string | undefined> = {}) {
  const all = { 'content-type': 'application/json', origin, 'x-studio-token': token, ...headers };
  const res = await fetch(`${origin}${path}`, { method: 'POST', headers: Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as Record<string, string>, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

beforeAll(async () => {
  dir = copyProject('studio-security-', 'blog-site');
  cpSync(join(projectRoot, 'studio'), join(dir, 'studio'), { recursive: true });
  outside = mkdtempSync(join(tmpdir(), 'studio-outside-'));
  const port = await portFor(process.env.STUDIO_SECURITY_PORT);
  origin = `http://localhost:${port}`;
  dev = await startDev(dir, port, {}, async (p) => (await fetch(`http://localhost:${p}/_studio`)).status === 200);
  token = studioTokenOf(await (await fetch(`${origin}/_studio`)).text())!;
}, 180_000);

afterAll(async () => {
  await dev?.stop();
  rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  rmSync(outside, { recursive: true, force: true });
});

describe('edit paths that reach a prototype', () => {
  const attempts: Edit[] = [
    { op: 'set', path: ['__proto__', 'polluted'], value: 'yes' },
    { op: 'set', path: ['constructor', 'prototype', 'polluted'], value: 'yes' },
    { op: 'set', path: ['sections', 0, '__proto__', 'polluted'], value: 'yes' },
    { op: 'set', path: ['__proto__'], value: { polluted: 'yes' } },
    { op: 'delete', path: ['sections', 'constructor'] },
    { op: 'insert', path: ['__proto__'], index: 0, value: 'yes' },
  ];

  it('are refused by the draft endpoint with a 4xx, and no later page carries what they tried to set', async () => {
    const file = 'pages/about.yaml';
    const text = read(file);
    for (const edit of attempts) {
      const r = await post('/_studio/api/draft', { file, text, edits: [edit] });
      expect(r.status, JSON.stringify(edit.path)).toBe(422);
      expect(String(r.body.error), JSON.stringify(edit.path)).toMatch(/refused the key "(__proto__|constructor)"/);
    }
    // Pages rendered afterwards by the same server (a polluted Object.prototype shows as attributes).
    for (const path of ['/', '/about', `/_studio/preview?file=${file}`]) {
      const html = await (await fetch(`${origin}${path}`)).text();
      expect(html, path).toContain('<html');
      expect(html, path).not.toContain('polluted');
    }
    expect(read(file)).toBe(text);
  });

  it('are refused in the edit module itself, and Object.prototype stays clean', () => {
    const text = read('pages/about.yaml');
    for (const edit of attempts) expect(() => applyEdits(text, [edit]), JSON.stringify(edit.path)).toThrow(EditError);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('walk own properties only: a key only a prototype has is not found in the data, and nothing is set on it', () => {
    // `toString` and `hasOwnProperty` are on every object's prototype, never in the file.
    for (const key of ['toString', 'hasOwnProperty', 'valueOf']) {
      expect(() => applyEdits('title: "x"\n', [{ op: 'set', path: [key, 'walked'], value: 'yes' }]), key).toThrow(EditError);
      expect(Object.hasOwn((Object.prototype as unknown as Record<string, object>)[key]!, 'walked'), key).toBe(false);
    }
  });
});

describe('symlinks under pages/', () => {
  it('a save to a dangling symlink is refused with a clear error and creates nothing outside; the site still compiles', async () => {
    const target = join(outside, 'made-by-save.yaml');
    symlinkSync(target, join(dir, 'pages/dangling.yaml'));
    const r = await post('/_studio/api/save', { file: 'pages/dangling.yaml', text: 'title: "escaped"\n', base: null });
    expect(r.status).toBe(403);
    expect(String(r.body.error)).toContain('pages/dangling.yaml');
    expect(String(r.body.error)).toContain('symlink');
    expect(existsSync(target)).toBe(false);
    expect((await fetch(`${origin}/_studio/api/file?file=pages/dangling.yaml`)).status).toBe(403);
    // A link to nothing is no page: the studio's list and the dev server's pages carry on without it.
    const pages = (await (await fetch(`${origin}/_studio/api/pages`)).json()) as { file: string }[];
    expect(pages.map((p) => p.file)).not.toContain('pages/dangling.yaml');
    expect(pages.length).toBeGreaterThan(0);
    expect((await fetch(`${origin}/about`)).status).toBe(200);
    rmSync(join(dir, 'pages/dangling.yaml'));
  });

  it('a save into a folder that is a symlink out of the project is refused and creates nothing there', async () => {
    symlinkSync(outside, join(dir, 'pages/linked'), 'dir');
    const r = await post('/_studio/api/save', { file: 'pages/linked/new.yaml', text: 'title: "escaped"\n', base: null });
    expect(r.status).toBe(403);
    expect(String(r.body.error)).toContain('symlink');
    expect(readdirSync(outside)).toEqual([]);
    rmSync(join(dir, 'pages/linked'));
  });

  it('a file under a symlinked folder inside pages/ is refused when opened, not only when saved', async () => {
    symlinkSync(join(dir, 'pages/blog'), join(dir, 'pages/blog-alias'), 'dir');
    const file = readdirSync(join(dir, 'pages/blog')).map((name) => `pages/blog-alias/${name}`).find((f) => f.endsWith('.yaml'))!;
    const read = await fetch(`${origin}/_studio/api/file?file=${encodeURIComponent(file)}`);
    expect(read.status).toBe(403);
    expect(String(((await read.json()) as { error: string }).error)).toContain('pages/blog-alias is a symlink');
    const opened = await post('/_studio/api/open', { file });
    expect(opened.status).toBe(403);
    // The same file by its own path opens and saves.
    const real = file.replace('blog-alias', 'blog');
    const own = (await (await fetch(`${origin}/_studio/api/file?file=${encodeURIComponent(real)}`)).json()) as { text: string; hash: string };
    expect((await post('/_studio/api/save', { file: real, text: own.text, base: own.hash })).status).toBe(200);
    rmSync(join(dir, 'pages/blog-alias'));
  });

  it('npm run new, and the studio\'s New, refuse a dangling symlink where the file would go, and create nothing outside', async () => {
    const target = join(outside, 'made-by-new.yaml');
    symlinkSync(target, join(dir, 'pages/from-new.yaml'));
    const cli = await runNew('page', 'from-new');
    expect(cli.status, cli.stdout + cli.stderr).toBe(2);
    expect(cli.stderr).toContain('pages/from-new.yaml is a symlink');
    const studio = await post('/_studio/api/new', { kind: 'page', name: 'from-new' });
    expect(studio.status).toBe(400);
    expect(String(studio.body.error)).toContain('symlink');
    expect(existsSync(target)).toBe(false);
    // A folder on the way that links out: nothing is made in it either.
    mkdirSync(join(outside, 'blog-out'));
    symlinkSync(join(outside, 'blog-out'), join(dir, 'pages/blog-out'), 'dir');
    const nested = await runNew('page', 'blog-out/escaped');
    expect(nested.status, nested.stdout + nested.stderr).toBe(2);
    expect(nested.stderr).toContain('pages/blog-out is a symlink');
    expect(readdirSync(join(outside, 'blog-out'))).toEqual([]);
    rmSync(join(dir, 'pages/from-new.yaml'));
    rmSync(join(dir, 'pages/blog-out'));
  });
});

describe('foreign origins', () => {
  it('refuses a write from another origin, even with the token, and one without the right token from its own', async () => {
    const file = 'pages/about.yaml';
    const before = read(file);
    const opened = (await (await fetch(`${origin}/_studio/api/file?file=${file}`)).json()) as { hash: string };
    const save = { file, text: 'title: "taken"\n', base: opened.hash };
    const evil = await post('/_studio/api/save', save, { origin: 'http://evil.example' });
    expect(evil.status).toBe(403);
    expect((await post('/_studio/api/save', save, { origin: `http://localhost:${Number(new URL(origin).port) + 1}` })).status).toBe(403);
    for (const wrong of [undefined, '', 'x'.repeat(token.length), token.slice(1)]) {
      const r = await post('/_studio/api/save', save, { 'x-studio-token': wrong });
      expect(r.status, String(wrong)).toBe(403);
      expect(String(r.body.error)).toContain('token');
    }
    expect(read(file)).toBe(before);
    expect(dev.output()).toContain('refused a write from origin "http://evil.example"');
  });

  it('sends no CORS headers, to a preflight or a read, for any origin', async () => {
    for (const from of ['http://evil.example', 'http://localhost:1', 'http://127.0.0.1:1']) {
      const preflight = await fetch(`${origin}/_studio/api/save`, { method: 'OPTIONS', headers: { origin: from, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-studio-token' } });
      expect(preflight.headers.get('access-control-allow-origin'), from).toBeNull();
      for (const path of ['/_studio/api/pages', '/_studio/api/file?file=pages/about.yaml', '/runtime/client/main.ts']) {
        const res = await fetch(`${origin}${path}`, { headers: { origin: from } });
        expect(res.headers.get('access-control-allow-origin'), `${from} ${path}`).toBeNull();
      }
    }
  });

  it('a page of another local origin in Chromium cannot read the studio API nor write through it', async () => {
    // What a page at another localhost port (another dev server, a malicious local app) would do.
    const file = 'pages/about.yaml';
    const before = read(file);
    const page$ = `<!doctype html><title>elsewhere</title>`;
    const other: Server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page$));
    const otherPort = await portFor(process.env.STUDIO_SECURITY_OTHER_PORT);
    await new Promise<void>((ok) => other.listen(otherPort, '127.0.0.1', ok));
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const page = await browser.newPage();
      await page.goto(`http://localhost:${otherPort}/`);
      const outcome = await page.evaluate(async ({ origin, file }) => {
        const tried: Record<string, string> = {};
        try {
          tried.read = (await (await fetch(`${origin}/_studio/api/file?file=${file}`)).text()).slice(0, 40);
        } catch (e) {
          tried.read = `refused: ${(e as Error).name}`;
        }
        try {
          // A form-like POST needs no preflight; the studio wants JSON and a token, and says no.
          const r = await fetch(`${origin}/_studio/api/save`, { method: 'POST', mode: 'no-cors', body: JSON.stringify({ file, text: 'title: "taken"\n', base: null }) });
          tried.write = r.type;
        } catch (e) {
          tried.write = `refused: ${(e as Error).name}`;
        }
        return tried;
      }, { origin, file });
      expect(outcome.read).toBe('refused: TypeError');
      expect(read(file)).toBe(before);
    } finally {
      await browser.close();
      await new Promise((r) => other.close(r));
    }
  }, 90_000);

  it('cannot be framed by another site; only the studio frames its own preview', async () => {
    for (const path of ['/_studio', '/_studio/api/pages']) {
      const res = await fetch(`${origin}${path}`);
      expect(res.headers.get('content-security-policy'), path).toBe("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    }
    const preview = await fetch(`${origin}/_studio/preview?file=pages/about.yaml`);
    expect(preview.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    expect(preview.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});

describe('GETs change nothing', () => {
  it('reading a file keeps its open draft; opening it in the editor (a POST) drops it', async () => {
    const file = 'pages/about.yaml';
    const text = read(file);
    const marker = `Draft marker ${process.pid}`;
    const draft = await post('/_studio/api/draft', { file, text, edits: [{ op: 'set', path: ['title'], value: marker }] });
    expect(draft.status).toBe(200);
    const previewHas = async () => (await (await fetch(`${origin}/_studio/preview?file=${file}`)).text()).includes(marker);
    expect(await previewHas()).toBe(true);
    for (const path of [`/_studio/api/file?file=${file}`, '/_studio/api/pages', '/_studio/api/schemas', '/_studio']) expect((await fetch(`${origin}${path}`)).status, path).toBe(200);
    expect(await previewHas()).toBe(true);
    const opened = await post('/_studio/api/open', { file });
    expect(opened.status).toBe(200);
    expect(opened.body.text).toBe(text);
    expect(await previewHas()).toBe(false);
    expect(read(file)).toBe(text);
  });
});

describe('the token of the link the dev server prints for other machines', () => {
  it('is read from the address, kept for the tab, and taken out of the address bar', async () => {
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const context = await browser.newContext();
      // The studio's page as another machine gets it: the same page without its token.
      await context.route((url) => url.pathname === '/_studio', async (route) => {
        const res = await route.fetch();
        await route.fulfill({ response: res, body: (await res.text()).replace(/<meta name="studio-token"[^>]*>\n?/, '') });
      });
      const page = await context.newPage();
      /** The file opening that `go` leads to (the studio's first write): the token it carried, and the answer. */
      const opening = async (tab: typeof page, go: () => Promise<unknown>) => {
        const [res] = await Promise.all([tab.waitForResponse((r) => new URL(r.url()).pathname === '/_studio/api/open'), go()]);
        return { token: (await res.request().headerValue('x-studio-token')) ?? '', status: res.status() };
      };
      const studio = `${origin}/_studio?file=pages/about.yaml`;
      expect(await opening(page, () => page.goto(`${studio}#token=${token}`))).toEqual({ token, status: 200 });
      expect(page.url()).toBe(studio);
      // A reload, with the token no longer in the address, still writes.
      expect(await opening(page, () => page.reload())).toEqual({ token, status: 200 });
      // Another tab's session has not got it: without the link, the page has no token, and its first write is refused.
      const other = await context.newPage();
      expect(await opening(other, () => other.goto(studio))).toEqual({ token: '', status: 403 });
    } finally {
      await browser.close();
    }
  }, 90_000);
});
