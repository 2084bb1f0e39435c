// `npm run dev` on a copy of the project with the blog-site fixture's content (frozen, so the routes and
// texts named here stay): a YAML change shows on the next load, and a validation error is shown in the
// browser and printed in the terminal with its location.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../generator/chromium.ts';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, projectRoot } from './fixture.ts';

let PORT = 0;
let dir = '';
let child: ChildProcess | undefined;
let output = '';

async function get(path: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`http://localhost:${PORT}${path}`);
  return { status: res.status, text: await res.text() };
}

async function waitFor<T>(fn: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      const v = await fn();
      if (v !== undefined) return v;
    } catch {
      /* not up yet */
    }
    if (Date.now() > end) throw new Error(`timed out; dev output:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  // A port the system says is free (other test runs on this machine may hold any fixed one).
  PORT = await new Promise<number>((done) => {
    const probe = createServer().listen(0, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
  dir = copyProject('dev-copy-', 'blog-site');
  child = spawn(process.execPath, [join(projectRoot, 'node_modules/tsx/dist/cli.mjs'), 'generator/cli/dev.ts'], {
    cwd: dir,
    env: { ...process.env, PORT: String(PORT), NO_STANDIN: '1' },
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await waitFor(async () => ((await get('/')).status === 200 ? true : undefined), 60_000);
}, 90_000);

afterAll(async () => {
  // The server may still be writing (its caches, the editors' schemas): let it exit before the copy goes.
  if (child && child.exitCode === null) await new Promise((r) => (child!.once('exit', r), child!.kill()));
  rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
});

describe('npm run dev', () => {
  it('hydrates every island with React\'s development checks and no mismatch', async () => {
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text().slice(0, 300)));
      page.on('pageerror', (e) => errors.push(e.message));
      for (const route of ['/', '/contact', '/blog', '/instagram-detox']) {
        await page.goto(`http://localhost:${PORT}${route}`);
        await page.waitForSelector('html[data-islands-ready="true"]', { timeout: 60_000 });
      }
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);

  it('re-renders a page after its YAML changes', async () => {
    expect((await get('/')).text).toContain('Social media was designed to keep you addicted.');
    const file = join(dir, 'pages/index.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace("It's not your fault. Social media", 'Edited live. Social media'));
    const text = await waitFor(async () => {
      const r = await get('/');
      return r.text.includes('Edited live.') ? r.text : undefined;
    });
    expect(text).toContain('Edited live. Social media was designed');
  });

  it('keeps serving when a folder under pages/ is deleted while it runs', async () => {
    const page = 'title: "A nested page | Test"\ndescription: "A page two folders deep, made and deleted while the dev server runs."\nsections:\n  - type: page-title\n    title: "Nested and deleted"\n';
    // Made and deleted several times: deleting a watched folder raced Node's recursive watcher.
    for (let i = 0; i < 4; i++) {
      mkdirSync(join(dir, 'pages/gone/deeper'), { recursive: true });
      writeFileSync(join(dir, 'pages/gone/deeper/page.yaml'), page);
      await waitFor(async () => ((await get('/gone/deeper/page')).text.includes('Nested and deleted') ? true : undefined));
      rmSync(join(dir, 'pages/gone'), { recursive: true, force: true });
      await waitFor(async () => ((await get('/gone/deeper/page')).status === 404 ? true : undefined));
    }
    expect(child!.exitCode).toBeNull();
    expect(output).not.toContain('ENOENT');
    expect((await get('/')).status).toBe(200);
  }, 120_000);

  it('shows a validation error in the browser and the terminal', async () => {
    writeFileSync(join(dir, 'pages/dev-check.yaml'), 'title: 42\ndescription: "x"\nsections: []\n');
    const page = await waitFor(async () => {
      const r = await get('/');
      return r.status === 500 ? r.text : undefined;
    });
    expect(page).toContain('pages/dev-check.yaml:1:8 title: must be string, got 42');
    expect(output).toContain('pages/dev-check.yaml:1:8 title: must be string, got 42');
  });
});
