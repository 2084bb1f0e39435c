// Experiments in Chromium (issue 33): on a copy of the experiment-site fixture, built and served by npm
// start's server with a secret, two browsers whose user agents land on different versions each get
// theirs in the HTML itself, the same on reload, with no cookie and no storage; a bot gets the control,
// and so does everyone before the experiment's start.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { compileSite } from '../../generator/core/compile.ts';
import { startStaticServer } from '../../generator/host/serve.ts';
import { chooseVariant } from '../../model/analytics/choose-variant.ts';
import { arms, variantAddresses } from '../../model/analytics/experiment.ts';
import type { PageDefinition } from '../../model/page.ts';
import { copyProject, projectRoot } from '../unit/fixture.ts';
import { E2E_PORT } from '../ports.ts';

const PORT = E2E_PORT + 4;
const BASE = `http://127.0.0.1:${PORT}`;
const SECRET = 'the e2e secret, not a real one';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let dir = '';
let server: Server | undefined;
let home: PageDefinition;
let variants: PageDefinition[] = [];
/** A user agent per arm, found under this test's secret for this machine's loopback address. */
const agentFor = new Map<string, string>();

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dir = copyProject('experiments-e2e-', 'experiment-site');
  const build = spawnSync(process.execPath, [join(projectRoot, 'node_modules/tsx/dist/cli.mjs'), 'generator/cli/build.ts'], { cwd: dir, encoding: 'utf8', env: { ...process.env, OUT_DIR: join(dir, 'out'), EXPERIMENT_SECRET: SECRET } });
  expect(build.status, build.stderr).toBe(0);
  server = await startStaticServer({ dir: join(dir, 'out'), port: PORT, host: '127.0.0.1', log: () => {}, experimentSecret: SECRET });
  const compiled = compileSite(dir).site!;
  home = compiled.pages.find((p) => p.experiment)!;
  variants = (compiled.variants ?? []).filter((v) => v.route === home.route);
  for (let i = 0; agentFor.size < arms(home.experiment!).length && i < 500; i++) {
    const ua = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${120 + i}.0.0.0 Safari/537.36`;
    const arm = await chooseVariant({ experiment: home.experiment!.id, arms: arms(home.experiment!), address: '127.0.0.1', userAgent: ua, secret: SECRET });
    if (!agentFor.has(arm)) agentFor.set(arm, ua);
  }
});

test.afterAll(async () => {
  server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const headlineOf = (p: PageDefinition) => (p.sections.find((s) => s.type === 'hero') as { headline: string }).headline;

async function visit(browser: Browser, userAgent: string, javaScriptEnabled = true) {
  const context = await browser.newContext({ userAgent, baseURL: BASE, javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(home.route);
  return { context, page, arm: await page.locator('html').getAttribute('data-variant') };
}

test('two browsers get their versions, each the same on reload, with no cookie and no storage', async ({ browser }) => {
  expect([...agentFor.keys()].sort()).toEqual(arms(home.experiment!).sort());
  for (const [arm, ua] of agentFor) {
    const { context, page, arm: shown } = await visit(browser, ua);
    expect(shown).toBe(arm);
    const expected = arm === 'control' ? headlineOf(home) : headlineOf(variants.find((v) => v.variant === arm)!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected);
    for (let i = 0; i < 2; i++) {
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-variant', arm);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected);
    }
    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
    await context.close();
  }
});

test("the version's headline is in the HTML itself: no script changes the text", async ({ browser }) => {
  for (const variant of variants) {
    const { context, page, arm } = await visit(browser, agentFor.get(variant.variant!)!, false);
    expect(arm).toBe(variant.variant);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(headlineOf(variant));
    const html = await (await context.request.get(home.route, { headers: { 'user-agent': agentFor.get(variant.variant!)! } })).text();
    expect(html).toContain(headlineOf(variant));
    expect(html).not.toContain(headlineOf(home));
    await context.close();
  }
});

test('a bot gets the control', async ({ browser }) => {
  const { context, page, arm } = await visit(browser, BOT);
  expect(arm).toBe('control');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(headlineOf(home));
  await context.close();
});

test("a variant's file by its own address is the site's 404, even for a browser chosen for that variant", async ({ browser }) => {
  const addresses = variantAddresses({ [home.route]: { id: home.experiment!.id, arms: arms(home.experiment!) } });
  expect(addresses.length).toBeGreaterThan(0);
  for (const variant of variants) {
    const context = await browser.newContext({ userAgent: agentFor.get(variant.variant!)!, baseURL: BASE });
    const page = await context.newPage();
    for (const address of addresses) {
      const res = await page.goto(address);
      expect(res!.status(), address).toBe(404);
      await expect(page.locator('body'), address).not.toContainText(headlineOf(variant));
      expect(await page.locator('html').getAttribute('data-variant'), address).toBeNull();
    }
    await context.close();
  }
});

test('before its start the experiment serves only the control, even to the browsers chosen for another version', async ({ browser }) => {
  test.slow();
  // The same site with the experiment starting tomorrow (UTC), built and served as npm start serves it.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const index = join(dir, 'pages/index.yaml');
  writeFileSync(index, readFileSync(index, 'utf8').replace(/^ {2}start: .*$/m, `  start: "${tomorrow}"`));
  const out = join(dir, 'out-later');
  const build = spawnSync(process.execPath, [join(projectRoot, 'node_modules/tsx/dist/cli.mjs'), 'generator/cli/build.ts'], { cwd: dir, encoding: 'utf8', env: { ...process.env, OUT_DIR: out, EXPERIMENT_SECRET: SECRET } });
  expect(build.status, build.stderr).toBe(0);
  const port = E2E_PORT + 8;
  const later = await startStaticServer({ dir: out, port, host: '127.0.0.1', log: () => {}, experimentSecret: SECRET });
  try {
    const others = [...agentFor].filter(([arm]) => arm !== 'control');
    expect(others.length).toBeGreaterThan(0);
    for (const [arm, ua] of others) {
      const context = await browser.newContext({ userAgent: ua, baseURL: `http://127.0.0.1:${port}` });
      const page = await context.newPage();
      for (let i = 0; i < 2; i++) {
        await page.goto(home.route);
        await expect(page.locator('html'), `a browser chosen for ${arm}`).toHaveAttribute('data-variant', 'control');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(headlineOf(home));
      }
      await context.close();
    }
  } finally {
    later.close();
  }
});
