// Issue 41's studio part, in Chromium on `npm run dev`, on a copy of the platform-experiment-site
// fixture: a platform page's own fields have the Control / Variant switch; with variant b shown, the
// form shows b's headline and an edit to the sub-headline is b's alone (the preview of b shows it, the
// control's does not), saved as one added line under platform.variants.b.
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../generator/chromium.ts';
import { compileSite } from '../../generator/core/compile.ts';
import { portFor, startDev, type DevServer } from './dev-server-process.ts';
import { copyProject, errorsOf, projectRoot } from './fixture.ts';

type Platform = { headline: string; subheadline: string; variants: Record<string, { headline: string; subheadline?: string }> };

let dir = '';
let dev: DevServer;
let browser: Browser;
const file = 'pages/instagram-detox.yaml';
const read = () => readFileSync(join(dir, file), 'utf8');

beforeAll(async () => {
  dir = copyProject('studio-platform-variants-', 'platform-experiment-site');
  cpSync(join(projectRoot, 'studio'), join(dir, 'studio'), { recursive: true });
  spawnSync('git', ['init', '-q'], { cwd: dir });
  spawnSync('git', ['add', '-A'], { cwd: dir });
  spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'base'], { cwd: dir });
  const port = await portFor(process.env.STUDIO_PLATFORM_VARIANTS_TEST_PORT);
  dev = await startDev(dir, port, {}, async (p) => (await fetch(`http://localhost:${p}/_studio`)).status === 200);
  browser = await chromium.launch(chromiumLaunchOptions);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
});

describe('a platform page’s variant in the studio', () => {
  it('switches the platform’s fields to variant b, edits one for b alone, previews and saves it', async () => {
    const origin = `http://localhost:${dev.port}`;
    const before = parse(read()) as { experiment: { variants: string[] }; platform: Platform };
    const variant = before.experiment.variants[0]!;
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${origin}/_studio?file=${file}`);
    const form = page.getByRole('region', { name: 'Platform sales page' });
    await form.waitFor({ timeout: 60_000 });
    const versions = form.getByRole('group', { name: 'Version shown and edited' });
    await versions.getByRole('radio', { name: 'Control' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await versions.getByRole('radio', { name: `Variant ${variant}` }).isChecked()).toBe(true);
    expect(await form.getByLabel('Hero headline', { exact: true }).inputValue()).toBe(before.platform.variants[variant]!.headline);
    expect(await form.locator('[data-overridden="headline"]').getByText(`Changed in variant ${variant}`).count()).toBe(1);

    const edited = 'A calmer feed in thirty days, without deleting the app.';
    await form.getByLabel('Hero sub-headline', { exact: true }).fill(edited);
    const preview = page.frameLocator('iframe[title^="Preview"]');
    await preview.getByText(edited).first().waitFor({ timeout: 60_000 });
    const previewOf = async (arm?: string) => (await fetch(`${origin}/_studio/preview?file=${file}${arm ? `&variant=${arm}` : ''}`)).text();
    expect(await previewOf(variant)).toContain(edited);
    expect(await previewOf()).not.toContain(edited);

    await page.getByText('Unsaved changes').waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(`Saved ${file}`).waitFor();
    const base = spawnSync('git', ['show', `HEAD:${file}`], { cwd: dir, encoding: 'utf8' }).stdout.split('\n');
    expect(read().split('\n').filter((l) => !base.includes(l))).toEqual([`      subheadline: "${edited}"`]);
    const saved = parse(read()) as { platform: Platform };
    expect(saved.platform.subheadline).toBe(before.platform.subheadline);
    expect(errorsOf(compileSite(dir).diagnostics)).toEqual([]);
    await page.close();
  }, 300_000);
});
