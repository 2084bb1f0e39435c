// The studio in `npm run dev`, on a copy of the project (never the real pages/): a marketer edits the
// hero's headline by its field, sees the real page change, saves, and the file's diff is that one line;
// adds a FAQ block, moves it up by keyboard, deletes another, and only those lines change. The API
// refuses paths outside pages/ and site.config.yaml, writes from a foreign Origin, and stale saves.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seriousAxeViolations } from '../axe.ts';
import { chromium, type Browser, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../generator/chromium.ts';
import { studioSchemas } from '../../generator/studio/schemas-for-ui.ts';
import { applyEdits, type Edit } from '../../generator/studio/yaml-edit.ts';
import { copyProject, projectRoot } from './fixture.ts';
import { studioTokenOf } from './dev-server-process.ts';
import { choose, optionsOf } from './studio-controls.ts';

const PORT = Number(process.env.STUDIO_TEST_PORT ?? 5610);
const ORIGIN = `http://localhost:${PORT}`;
let dir = '';
let child: ChildProcess | undefined;
let output = '';
let browser: Browser;
/** The run's write token, from the studio's page as its client reads it. */
let token = '';

const git = (...args: string[]) => spawnSync('git', args, { cwd: dir, encoding: 'utf8' }).stdout;
const read = (file: string) => readFileSync(join(dir, file), 'utf8');

async function post(path: string, body: unknown, origin: string | null = ORIGIN) {
  const res = await fetch(`${ORIGIN}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-studio-token': token, ...(origin ? { origin } : {}) }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function waitFor<T>(fn: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
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
  dir = copyProject('studio-copy-');
  cpSync(join(projectRoot, 'studio'), join(dir, 'studio'), { recursive: true });
  // A git repository, so the test reads the saves' diffs as a reviewer would.
  spawnSync('git', ['init', '-q'], { cwd: dir });
  // Ignored, as the project's .gitignore does: the links to its packages, and Vite's cache beside them.
  writeFileSync(join(dir, '.git/info/exclude'), 'node_modules/\n');
  spawnSync('git', ['add', '-A'], { cwd: dir });
  spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'base'], { cwd: dir });
  child = spawn(process.execPath, [join(projectRoot, 'node_modules/tsx/dist/cli.mjs'), 'generator/cli/dev.ts'], { cwd: dir, env: { ...process.env, PORT: String(PORT), NO_STANDIN: '1' } });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await waitFor(async () => ((await fetch(`${ORIGIN}/_studio`)).status === 200 ? true : undefined), 90_000);
  token = studioTokenOf(await (await fetch(`${ORIGIN}/_studio`)).text())!;
  browser = await chromium.launch(chromiumLaunchOptions);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (child && child.exitCode === null) await new Promise((r) => (child!.once('exit', r), child!.kill()));
  rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
});

describe('the studio API', () => {
  it('lists the pages a catalogue change affects before it is saved, and writes nothing', async () => {
    const text = read('site.config.yaml');
    const product = (parse(text) as { products: { id: string; route: string; price: number }[] }).products.find((p) => typeof p.price === 'number')!;
    const doc = (await import('yaml')).parseDocument(text);
    const index = (doc.toJS() as { products: { id: string }[] }).products.findIndex((p) => p.id === product.id);
    const edited = applyEdits(text, [{ op: 'set', path: ['products', index, 'price'], value: product.price + 1 }]);
    const r = await post('/_studio/api/affected', { text: edited });
    expect(r.status).toBe(200);
    expect((r.body.pages as { route: string }[]).map((p) => p.route)).toContain(product.route);
    expect(read('site.config.yaml')).toBe(text);
  });

  it('refuses, with 403, and logs, any path but page files and site.config.yaml', async () => {
    const outside = join(tmpdir(), `studio-outside-${process.pid}.yaml`);
    writeFileSync(outside, 'title: "outside"\n');
    symlinkSync(outside, join(dir, 'pages/linked-out.yaml'));
    const attempts = ['../package.json', 'pages/../package.json', '/etc/passwd', join(dir, 'pages/index.yaml'), 'package.json', 'schemas/page.schema.json', 'pages/linked-out.yaml', 'pages\\..\\package.json'];
    for (const file of attempts) {
      expect((await post('/_studio/api/save', { file, text: 'x: 1\n', base: null })).status, file).toBe(403);
      expect((await fetch(`${ORIGIN}/_studio/api/file?file=${encodeURIComponent(file)}`)).status, file).toBe(403);
    }
    expect(readFileSync(outside, 'utf8')).toBe('title: "outside"\n');
    expect(output).toContain('studio: refused "../package.json"');
    rmSync(join(dir, 'pages/linked-out.yaml'));
    rmSync(outside);
  });

  it('refuses writes from another origin, or with none', async () => {
    const opened = (await (await fetch(`${ORIGIN}/_studio/api/file?file=pages/about.yaml`)).json()) as { text: string; hash: string };
    for (const origin of ['http://evil.example', `http://localhost:${PORT + 1}`, null]) {
      const r = await post('/_studio/api/save', { file: 'pages/about.yaml', text: 'title: "taken"\n', base: opened.hash }, origin);
      expect(r.status, String(origin)).toBe(403);
    }
    expect(read('pages/about.yaml')).toBe(opened.text);
    expect(output).toContain('refused a write from origin "http://evil.example"');
  });

  it('refuses a save over a file changed on disk since it was opened (409), and says what is there now', async () => {
    const opened = (await (await fetch(`${ORIGIN}/_studio/api/file?file=pages/about.yaml`)).json()) as { text: string; hash: string };
    const theirs = `${opened.text}# edited elsewhere\n`;
    writeFileSync(join(dir, 'pages/about.yaml'), theirs);
    const r = await post('/_studio/api/save', { file: 'pages/about.yaml', text: `${opened.text}# mine\n`, base: opened.hash });
    expect(r.status).toBe(409);
    expect(r.body.text).toBe(theirs);
    expect(read('pages/about.yaml')).toBe(theirs);
    writeFileSync(join(dir, 'pages/about.yaml'), opened.text);
  });
});

/** Open a page file in the studio from its list. */
/** Every file under a folder of the copy, project-relative. */
const pages = (d: string): string[] => readdirSync(join(dir, d), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? pages(`${d}/${e.name}`) : [`${d}/${e.name}`]));

async function openInStudio(page: Page, file: string) {
  await page.goto(`${ORIGIN}/_studio`);
  await page.getByLabel('Search pages').fill(file);
  await page.locator('tbody tr', { hasText: file }).getByRole('link').click();
  await page.getByRole('heading', { name: 'Sections', exact: true }).waitFor();
}

describe('editing a page in the studio', () => {
  it('edits the hero headline by its field, shows it in the preview, and saves a one-line diff', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const file = 'pages/index.yaml';
    const sections = (parse(read(file)) as { sections: { type: string }[] }).sections;
    const hero = sections.findIndex((s) => s.type === 'hero');
    await openInStudio(page, file);
    await page.getByRole('button', { name: new RegExp(`^hero`) }).first().click();
    const headline = 'Edited in the studio, one line';
    await page.getByLabel('Headline', { exact: true }).fill(headline);
    await page.frameLocator('iframe[title^="Preview"]').getByText(headline).first().waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(`Saved ${file}`).waitFor();
    expect(git('diff', '--numstat', '--', file).trim()).toBe(`1\t1\t${file}`);
    expect((parse(read(file)) as { sections: { headline?: string }[] }).sections[hero]!.headline).toBe(headline);
    await page.close();
  }, 120_000);

  it("offers in the palette only the blocks the page's template holds, as the page schema says", async () => {
    const palette = studioSchemas(projectRoot).blocksByTemplate;
    const article = readdirSync(join(dir, 'pages/blog')).map((f) => `pages/blog/${f}`).find((f) => /^template: article$/m.test(read(f)))!;
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const options = () => optionsOf(page, page.getByLabel('Block type to add'));
    await openInStudio(page, article);
    expect(await options()).toEqual(palette.article);
    expect(await options()).not.toContain('admin-app');
    await openInStudio(page, 'pages/index.yaml');
    expect(await options()).toEqual(palette.page);
    await page.close();
  }, 120_000);

  it("offers in an article's category field only the categories the blog index declares", async () => {
    // The blog index, found by its block, with one category more than any article uses.
    const index = pages('pages').find((f) => /^\s+- type: blog-index$/m.test(read(f)))!;
    const original = read(index);
    const added = 'Studio Test Category';
    writeFileSync(join(dir, index), original.replace(/^(\s+)categories:\n/m, `$1categories:\n$1  - ${added}\n`));
    try {
      const declared = ((parse(read(index)) as { sections: { type: string; categories?: (string | { name: string })[] }[] }).sections.find((s) => s.type === 'blog-index')!.categories ?? []).map((c) => (typeof c === 'string' ? c : c.name));
      expect(declared).toContain(added);
      const article = pages('pages').find((f) => /^template: article$/m.test(read(f)))!;
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
      await openInStudio(page, article);
      await page.getByRole('button', { name: 'Page settings' }).click();
      const field = page.getByLabel('Category', { exact: true });
      // Less the "none" option (the field's default, or a dash), which a category field may offer.
      const offered = (await optionsOf(page, field)).filter((o) => o !== '—' && !o.startsWith('Default ('));
      expect(offered).toEqual(declared);
      expect(declared).toContain(await field.textContent());
      await page.close();
    } finally {
      writeFileSync(join(dir, index), original);
    }
  }, 120_000);

  it('lists the pages by kind, from the compiled pages: platforms, the bundle, articles by category, the admin screens apart', async () => {
    const site = parse(read('site.config.yaml')) as { products: { route: string; bundles?: unknown }[] };
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${ORIGIN}/_studio`);
    await page.locator('tbody tr').first().waitFor();
    const routesIn = (group: string) => page.getByRole('region', { name: new RegExp(`^${group} \\d+$`) }).locator('tbody tr code').allTextContents();
    const platforms = await routesIn('Platform pages');
    const bundle = await routesIn('The bundle');
    for (const p of site.products) expect(p.bundles === undefined ? platforms : bundle).toContain(p.route);
    const article = (await (await fetch(`${ORIGIN}/_studio/api/pages`)).json() as { route: string; template: string; file: string }[]).find((p) => p.template === 'article')!;
    const category = (parse(read(article.file)) as { article: { category: string } }).article.category;
    expect(await routesIn(`Articles: ${category}`)).toContain(article.route);
    // The admin screens (pages holding the admin app) are listed apart, in their own fold.
    const admin = pages('pages').filter((f) => /^\s+- type: admin-app$/m.test(read(f)));
    expect(admin.length).toBeGreaterThan(0);
    const fold = page.getByRole('button', { name: /^Admin screens/ });
    expect(await fold.getAttribute('aria-expanded')).toBe('false');
    for (const heading of await page.locator('.studio-group h3').allTextContents()) expect(heading).not.toMatch(/^Admin/);
    await fold.click();
    const apart = await page.locator('.studio-admin tbody tr .studio-file').allTextContents();
    expect(apart.sort()).toEqual(admin.sort());
    await page.close();
  }, 120_000);

  it("shows a scheduled page's time in the marketer's time zone, naming the zone", async () => {
    const file = 'pages/studio-scheduled.yaml';
    const moment = '2030-01-02T09:30:00Z';
    writeFileSync(join(dir, file), read('pages/about.yaml').replace(/^title: .*$/m, `publishAt: "${moment}"\ntitle: "Scheduled by the studio test"`));
    try {
      const zone = 'America/New_York';
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: zone, locale: 'en-US' })).newPage();
      await page.goto(`${ORIGIN}/_studio`);
      const shown = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone: zone }).format(new Date(moment));
      const scheduled = page.getByRole('region', { name: 'Scheduled' });
      await scheduled.waitFor();
      expect(await scheduled.textContent()).toContain(zone);
      const item = scheduled.locator('li', { hasText: 'Scheduled by the studio test' });
      expect(await item.locator('time').textContent()).toBe(`${shown} (${zone})`);
      expect(await item.locator('time').getAttribute('datetime')).toBe(new Date(moment).toISOString());
      await page.close();
    } finally {
      rmSync(join(dir, file));
    }
  }, 120_000);

  it('adds a FAQ block from the palette, moves it up by keyboard, deletes another: only those lines change', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const file = 'pages/index.yaml';
    const before = read(file);
    const sections = (parse(before) as { sections: { type: string }[] }).sections;
    await openInStudio(page, file);
    // Select the first block; the palette adds after the selected one.
    await page.locator('.studio-section-select').first().click();
    await choose(page, 'Block type to add', 'faq');
    await page.getByRole('button', { name: 'Add block' }).click();
    const added = page.locator('.studio-section-select').nth(1);
    await expect.poll(async () => (await added.textContent())?.startsWith('faq'), { timeout: 20_000 }).toBe(true);
    await added.focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(async () => (await page.locator('.studio-section-select').first().textContent())?.startsWith('faq'), { timeout: 20_000 }).toBe(true);
    const last = sections.length; // after the insertion, the old last block's index
    await page.getByRole('button', { name: `Delete block ${last + 1} (${sections[last - 1]!.type})` }).click();
    await page.keyboard.press('Control+s');
    await page.getByText(`Saved ${file}`).waitFor();
    const faq = JSON.parse(readFileSync(join(projectRoot, 'schemas/blocks/faq.schema.json'), 'utf8')).examples[0];
    const edits: Edit[] = [
      { op: 'insert', path: ['sections'], index: 1, value: faq },
      { op: 'move', path: ['sections'], from: 1, to: 0 },
      { op: 'delete', path: ['sections', last] },
    ];
    const after = read(file);
    expect(after).toBe(applyEdits(before, edits));
    // Every line of the file outside the deleted block is still there, in order; the added lines are the FAQ's.
    const diff = git('diff', '-U0', '--', file).split('\n');
    const removed = diff.filter((l) => l.startsWith('-') && !l.startsWith('---')).map((l) => l.slice(1));
    const addedLines = diff.filter((l) => l.startsWith('+') && !l.startsWith('+++')).map((l) => l.slice(1));
    expect(removed.join('\n')).toContain(`type: ${sections[last - 1]!.type}`);
    expect(removed.filter((l) => l.trim() && !l.trim().startsWith('#')).length).toBe(removed.filter((l) => l.trim()).length);
    expect(addedLines.filter((l) => l.trim()).every((l) => /^ {2}- type: faq$|^ {4}|^ {6}/.test(l))).toBe(true);
    expect((parse(after) as { sections: { type: string }[] }).sections.map((s) => s.type)).toEqual(['faq', ...sections.slice(0, -1).map((s) => s.type)]);
    await page.close();
  }, 120_000);

  it('shows a misspelt product id\'s "did you mean" at its field, and saves the failing page', async () => {
    const products = (parse(read('site.config.yaml')) as { products: { id: string }[] }).products;
    const id = products[0]!.id;
    const typo = id.slice(0, -1);
    const file = 'pages/studio-typo.yaml';
    writeFileSync(join(dir, file), `title: "Typo"\ndescription: "A page with a misspelt product."\nsections:\n  - type: products\n    heading: "Pick one"\n    featured: ${typo}\n`);
    const page = await (await browser.newContext({ viewport: { width: 820, height: 900 } })).newPage();
    await openInStudio(page, file);
    await page.locator('.studio-section-select').first().click();
    const field = page.locator('[role="combobox"][aria-invalid="true"]');
    await field.waitFor();
    const help = await page.locator(`#${await field.getAttribute('aria-describedby').then((d) => d!.split(' ').pop())}`).textContent();
    expect(help).toContain(`did you mean "${id}"`);
    await expect.poll(() => page.getByText(/Failing: \d+ error/).count()).toBeGreaterThan(0);
    // The problems list jumps to the field.
    await page.getByRole('button', { name: new RegExp(`Line 6: .*${typo}`) }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    // Work is never lost to an error: the failing page saves, with the marketer's change and the typo as written.
    await page.getByLabel('Heading', { exact: true }).fill('Pick one, saved while failing');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(/Saved pages\/studio-typo\.yaml\. It has \d+ error/).waitFor();
    expect(read(file)).toContain('heading: "Pick one, saved while failing"');
    expect(read(file)).toContain(`featured: ${typo}`);
    expect(await seriousAxeViolations(page, 'the failing page', { exclude: 'iframe' })).toEqual([]);
    await page.close();
    rmSync(join(dir, file));
  }, 120_000);

  it('is clean for axe on the page list and the editor at 1280 and 820 px', async () => {
    for (const width of [1280, 820]) {
      const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
      await page.goto(`${ORIGIN}/_studio`);
      await page.getByRole('heading', { name: 'Pages', exact: true }).waitFor();
      await page.locator('tbody tr').first().waitFor();
      const serious = await seriousAxeViolations(page, `${width}px, the page list`);
      if (process.env.STUDIO_SCREENSHOTS) await page.screenshot({ path: join(process.env.STUDIO_SCREENSHOTS, `studio-list-${width}.png`) });
      await openInStudio(page, 'pages/about.yaml');
      await page.locator('.studio-section-select').first().click();
      serious.push(...(await seriousAxeViolations(page, `${width}px, the editor`, { exclude: 'iframe' })));
      expect(serious).toEqual([]);
      if (process.env.STUDIO_SCREENSHOTS) await page.screenshot({ path: join(process.env.STUDIO_SCREENSHOTS, `studio-editor-${width}.png`) });
      await page.close();
    }
  }, 300_000);

  it('works by keyboard alone: add a block, type in it, move it, undo and redo, save', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const file = 'pages/about.yaml';
    const before = (parse(read(file)) as { sections: { type: string }[] }).sections;
    await page.goto(`${ORIGIN}/_studio?file=${file}`);
    await page.getByRole('heading', { name: 'Sections', exact: true }).waitFor();
    /** Tab forward until the focused control's name matches: what a keyboard user does. */
    const tabTo = async (name: RegExp) => {
      for (let i = 0; i < 300; i++) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          const label = el?.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : '';
          return `${el?.getAttribute('aria-label') ?? ''} ${label ?? ''} ${el?.textContent ?? ''}`.trim();
        });
        if (name.test(focused)) return;
      }
      throw new Error(`no control named ${name} by Tab`);
    };
    await tabTo(/^Block type to add/);
    await page.keyboard.type('faq');
    await tabTo(/^Add block$/);
    await page.keyboard.press('Enter');
    // With no block selected, the new block goes last and its form opens.
    await page.getByRole('heading', { name: new RegExp(`Block ${before.length + 1}: faq`) }).waitFor();
    await tabTo(/^Heading/);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Typed by keyboard');
    await page.keyboard.press('Shift+Tab'); // away from the field, so Ctrl+Z is the studio's undo
    await page.locator('.studio-section-select').nth(before.length).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(async () => (await page.locator('.studio-section-select').nth(before.length - 1).textContent())?.startsWith('faq'), { timeout: 20_000 }).toBe(true);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await page.locator('.studio-section-select').nth(before.length).textContent())?.startsWith('faq'), { timeout: 20_000 }).toBe(true);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(async () => (await page.locator('.studio-section-select').nth(before.length - 1).textContent())?.startsWith('faq'), { timeout: 20_000 }).toBe(true);
    await page.keyboard.press('Control+s');
    await page.getByText(`Saved ${file}`).waitFor();
    const after = (parse(read(file)) as { sections: { type: string; heading?: string }[] }).sections;
    expect(after.map((s) => s.type)).toEqual([...before.slice(0, -1).map((s) => s.type), 'faq', before[before.length - 1]!.type]);
    expect(after[before.length - 1]!.heading).toBe('Typed by keyboard');
    await page.close();
  }, 120_000);

  it('makes a new page from the same starter as npm run new, and refuses one that exists', async () => {
    const r = await post('/_studio/api/new', { kind: 'page', name: 'studio-made' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.file).toBe('pages/studio-made.yaml');
    const { pageStarter } = await import('../../generator/authoring/starters.ts');
    expect(read('pages/studio-made.yaml')).toBe(pageStarter('pages/studio-made.yaml', 'studio-made'));
    expect((await post('/_studio/api/new', { kind: 'page', name: 'studio-made' })).status).toBe(400);
    expect((await post('/_studio/api/new', { kind: 'page', name: '../escape' })).status).toBe(400);
    rmSync(join(dir, 'pages/studio-made.yaml'));
  }, 60_000);

  it('changed no file outside pages/ and site.config.yaml', () => {
    const changed = git('status', '--porcelain', '--', '.').split('\n').filter(Boolean).map((l) => l.slice(3));
    // .vscode/ is the editors' copy of the schemas, which `npm run dev` itself writes on start.
    expect(changed.filter((f) => !f.startsWith('pages/') && f !== 'site.config.yaml' && f !== '.vscode/')).toEqual([]);
  });
});
