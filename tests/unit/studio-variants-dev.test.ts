// Issue 33's studio part, in Chromium on `npm run dev`, on a copy of the experiment-site fixture (never
// the real pages/): the marketer sees the page's experiment, switches the hero's form to variant b by
// keyboard, edits its headline, and the preview of b changes while the control's does not; the save is
// that one line. Choosing b as the winner, confirmed in the dialog, makes b's headline the page's and
// removes the experiment and every variant; the file then compiles without errors. axe finds nothing
// serious or critical, and the switcher and the winner's buttons are reached with Tab.
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { seriousAxeViolations } from '../axe.ts';
import { chromium, type Browser, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../generator/chromium.ts';
import { compileSite } from '../../generator/core/compile.ts';
import { portFor, startDev, studioTokenOf, type DevServer } from './dev-server-process.ts';
import { copyProject, errorsOf, projectRoot } from './fixture.ts';

type Hero = { type: string; headline: string; variants?: Record<string, { headline?: string }> };
type PageFile = { experiment?: { id: string; goal: string; variants: string[] }; sections: Hero[] };

let dir = '';
let dev: DevServer;
let browser: Browser;
const file = 'pages/index.yaml';
const read = () => readFileSync(join(dir, file), 'utf8');
const git = (...args: string[]) => spawnSync('git', args, { cwd: dir, encoding: 'utf8' }).stdout.trim();
const serious = (page: Page) => seriousAxeViolations(page, 'studio', { exclude: 'iframe' });

/** Save, and wait until it is written (the status may still say the last save's "Saved"). */
async function save(page: Page) {
  await page.getByText('Unsaved changes').waitFor();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Unsaved changes').waitFor({ state: 'detached' });
  await page.getByText(`Saved ${file}`).waitFor();
}

/** STUDIO_SCREENSHOTS=<folder>: the view at 1280 px and, the same page narrowed, at 820 px. */
async function shoot(page: Page, name: string, at?: string) {
  const folder = process.env.STUDIO_SCREENSHOTS;
  if (!folder) return;
  for (const width of [1280, 820]) {
    await page.setViewportSize({ width, height: 900 });
    // The studio's columns scroll on their own: the part to see is scrolled into its column.
    if (at) await page.locator(at).first().evaluate((el) => {
      const column = el.closest('main')!;
      column.scrollTop += el.getBoundingClientRect().top - column.getBoundingClientRect().top - 8;
    });
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(folder, `studio-variants-${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

beforeAll(async () => {
  dir = copyProject('studio-variants-', 'experiment-site');
  cpSync(join(projectRoot, 'studio'), join(dir, 'studio'), { recursive: true });
  // A repository, so the save is read as a reviewer reads it: as a diff.
  spawnSync('git', ['init', '-q'], { cwd: dir });
  spawnSync('git', ['add', '-A'], { cwd: dir });
  spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'base'], { cwd: dir });
  const port = await portFor(process.env.STUDIO_VARIANTS_TEST_PORT);
  dev = await startDev(dir, port, {}, async (p) => (await fetch(`http://localhost:${p}/_studio`)).status === 200);
  browser = await chromium.launch(chromiumLaunchOptions);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
});

describe('a variant in the studio', () => {
  it('edits variant b of the hero, previews b alone, saves one line, and makes b the winner', async () => {
    const origin = `http://localhost:${dev.port}`;
    const before = parse(read()) as PageFile;
    const heroAt = before.sections.findIndex((s) => s.type === 'hero');
    const hero = before.sections[heroAt]!;
    const variant = before.experiment!.variants[0]!;
    const theirs = hero.variants![variant]!.headline!;
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${origin}/_studio?file=${file}`);
    await page.getByRole('heading', { name: 'Sections', exact: true }).waitFor({ timeout: 60_000 });

    // The experiment, as written: its id, and its goal chosen from the catalogue's goals.
    const experiment = page.getByRole('region', { name: 'Experiment' });
    await experiment.getByText('Edit the experiment').click();
    expect(await experiment.getByLabel('Experiment id').inputValue()).toBe(before.experiment!.id);
    expect(await experiment.getByLabel('Goal', { exact: true }).textContent()).toContain(before.experiment!.goal);
    expect(await page.locator('.studio-section-select').nth(heroAt).textContent()).toContain(`Varies: ${variant}`);

    // The hero's form, switched to the variant from the keyboard (a radio group: arrow keys).
    await page.locator('.studio-section-select').nth(heroAt).click();
    // In the control, the field the variant replaces says so.
    expect(await page.locator('[data-varies="headline"]').textContent()).toContain(`Variant ${variant} has its own headline`);
    const versions = page.getByRole('region', { name: /^Block/ }).getByRole('group', { name: 'Version shown and edited' });
    await versions.getByRole('radio', { name: 'Control' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await versions.getByRole('radio', { name: `Variant ${variant}` }).isChecked()).toBe(true);
    const headlineField = page.getByLabel('Headline', { exact: true });
    expect(await headlineField.inputValue()).toBe(theirs);
    expect(await page.locator('[data-overridden="headline"]').getByText(`Changed in variant ${variant}`).count()).toBe(1);
    const preview = page.frameLocator('iframe[title^="Preview"]');
    await preview.getByText(theirs).first().waitFor({ timeout: 60_000 });
    await shoot(page, 'experiment', '#experiment-title');
    await shoot(page, 'block', '#block-title');
    expect(await serious(page)).toEqual([]);

    // An edit in the variant: the preview of b shows it, the control's does not.
    const edited = 'Evenings are yours again';
    await headlineField.fill(edited);
    await preview.getByText(edited).first().waitFor({ timeout: 60_000 });
    const previewOf = async (arm?: string) => (await fetch(`${origin}/_studio/preview?file=${file}${arm ? `&variant=${arm}` : ''}`)).text();
    expect(await previewOf(variant)).toContain(edited);
    expect(await previewOf()).not.toContain(edited);
    expect(await previewOf()).toContain(hero.headline);
    await versions.getByText('Control', { exact: true }).click();
    expect(await versions.getByRole('radio', { name: 'Control' }).isChecked()).toBe(true);
    expect(await headlineField.inputValue()).toBe(hero.headline);
    await page.frameLocator(`iframe[title="Preview of /"]`).getByText(hero.headline).first().waitFor({ timeout: 60_000 });
    expect(await page.frameLocator(`iframe[title="Preview of /"]`).getByText(edited).count()).toBe(0);

    // Saved: the one line of the override; the control's headline as it was.
    await save(page);
    expect(git('diff', '--numstat', '--', file)).toBe(`1\t1\t${file}`);
    const saved = parse(read()) as PageFile;
    expect(saved.sections[heroAt]!.headline).toBe(hero.headline);
    expect(saved.sections[heroAt]!.variants![variant]!.headline).toBe(edited);

    // Everything of the experiment is reached with Tab, from the top of the page.
    await page.locator('body').focus();
    const reached = new Set<string>();
    for (let i = 0; i < 120 && !reached.has(`${`Variant ${variant}`} wins`); i++) {
      await page.keyboard.press('Tab');
      reached.add(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? ''));
    }
    expect(reached).toContain(`Variant ${variant} wins`);
    expect(reached).toContain('Add a variant');

    // The winner, by keyboard through the dialog: b's headline becomes the hero's own, the experiment goes.
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await shoot(page, 'winner');
    expect(await serious(page)).toEqual([]);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(`Make variant ${variant} the page`);
    await page.keyboard.press('Enter');
    await experiment.waitFor({ state: 'detached' });
    await expect.poll(() => headlineField.inputValue()).toBe(edited);
    await page.frameLocator(`iframe[title="Preview of /"]`).getByText(edited).first().waitFor({ timeout: 60_000 });
    await save(page);
    const won = read();
    const after = parse(won) as PageFile;
    expect(after.experiment).toBeUndefined();
    expect(after.sections.every((s) => s.variants === undefined)).toBe(true);
    expect(after.sections[heroAt]!.headline).toBe(edited);
    expect(won).not.toMatch(/^\s*variants:/m);
    // What stayed is as it was: the edit removed lines and changed the headline's, nothing else.
    const base = spawnSync('git', ['show', `HEAD:${file}`], { cwd: dir, encoding: 'utf8' }).stdout.split('\n');
    const changedLines = won.split('\n').filter((l) => !base.includes(l));
    expect(changedLines).toEqual([`    headline: "${edited}"`]);
    expect(errorsOf(compileSite(dir).diagnostics)).toEqual([]);
    await page.getByRole('heading', { name: 'Sections', exact: true }).scrollIntoViewIfNeeded();
    await shoot(page, 'after-winner', '#block-title');
    expect(await serious(page)).toEqual([]);

    // A page without an experiment starts one: version b, a goal of the catalogue's, starting today.
    await page.getByText('Experiment', { exact: true }).click();
    await page.getByRole('button', { name: 'Start an experiment' }).click();
    await experiment.waitFor();
    expect(await experiment.getByRole('radio', { name: `Variant ${variant}` }).count()).toBe(1);
    expect(await experiment.textContent()).toContain(`${before.experiment!.goal} (`);
    // Its variant changes nothing yet: said under Variants, with the settings opened to show it.
    await experiment.getByText(/no section gives the variant/).first().waitFor({ timeout: 30_000 });
    await shoot(page, 'started', '#experiment-title');
    expect(await serious(page)).toEqual([]);
    await page.getByRole('button', { name: 'Undo' }).click();
    await experiment.waitFor({ state: 'detached' });
    await page.close();
  }, 300_000);

  it('changes nothing on a GET, and refuses a variant path that reaches a prototype', async () => {
    const origin = `http://localhost:${dev.port}`;
    const text = read();
    const token = studioTokenOf(await (await fetch(`${origin}/_studio`)).text())!;
    for (const arm of ['b', 'control', '__proto__', 'nope']) expect((await fetch(`${origin}/_studio/preview?file=${file}&variant=${arm}`)).status).toBe(200);
    const draft = (edits: unknown) => fetch(`${origin}/_studio/api/draft`, { method: 'POST', headers: { 'content-type': 'application/json', origin, 'x-studio-token': token }, body: JSON.stringify({ file, text, edits, variant: 'b' }) });
    for (const key of ['__proto__', 'constructor', 'prototype']) expect((await draft([{ op: 'set', path: ['sections', 0, 'variants', key, 'headline'], value: 'x' }])).status).toBe(422);
    expect(read()).toBe(text);
  }, 60_000);
});
