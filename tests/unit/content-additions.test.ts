// A marketer's additions leave the tests green. On a copy of the project, made exactly as the marketer's guide
// says: a draft article, an article scheduled for next week, a new article (`npm run new -- article`),
// and two new platforms (a catalogue entry copied from a platform's, then `npm run new -- platform`):
// one still the draft the starter is, one published. Then valid content in every style of the corpus
// (tests/fixtures/yaml-styles/pages: block scalars, long plain texts folded as the yaml library writes
// them, flow mappings, anchors, CRLF, comments), and an article that counts the bundle's platforms by
// hand, correctly ("all five apps" once there are five). `npm run validate` passes on the copy, and every
// unit test file that reads the live site (those importing `liveSite` from fixture.ts) passes with
// SITE_ROOT pointing at the copy: such a test may assert only what validate and build enforce.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { bundledProducts, countWord, isBundle } from '../../model/catalogue.ts';
import { blogCategories, type CategoryEntry } from '../../model/blog.ts';
import { addCatalogueEntry, copyProject, errorsOf, projectRoot } from './fixture.ts';

/** The new platforms' ids: the first one's page is published, the second stays a draft. */
const NEW_PLATFORMS = ['addedplatform', 'draftplatform'];
const routeOf = (id: string) => `/${id}-detox`;
const day = (d: Date) => d.toISOString().slice(0, 10);
const nextWeek = day(new Date(Date.now() + 7 * 24 * 3600 * 1000));

/** The corpus of valid YAML styles' page files. */
const CORPUS = join(projectRoot, 'tests/fixtures/yaml-styles/pages');
/** The article that counts the bundle's platforms by hand, and what it says. */
const COUNTING = 'all-the-apps';
let counted = '';
let dir = '';
/** `npm run <script> -- args` in the copy, as a marketer types it. */
const npm = (script: string, ...args: string[]) => spawnSync('npm', ['run', '--silent', script, '--', ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_STANDIN: '1' } });
const edit = (file: string, change: (text: string) => string) => writeFileSync(join(dir, file), change(readFileSync(join(dir, file), 'utf8')));

beforeAll(() => {
  dir = copyProject('content-additions-');
  for (const slug of ['a-draft-idea', 'next-weeks-article', 'a-new-article']) expect(npm('new', 'article', slug).status).toBe(0);
  // "draft: true (a top-level field of any page)"
  edit('pages/blog/a-draft-idea.yaml', (t) => t.replace(/^template: article$/m, 'template: article\ndraft: true'));
  // "publishAt ... An article's date is still the date shown on it: set it to the publish day."
  edit('pages/blog/next-weeks-article.yaml', (t) => t.replace(/^template: article$/m, `template: article\npublishAt: "${nextWeek}"`).replace(/^ {2}date: ".*"$/m, `  date: "${nextWeek}"`));
  // "Catalogue entry: add a product to products in site.config.yaml (copy a platform's entry)".
  for (const id of NEW_PLATFORMS) {
    const name = id[0]!.toUpperCase() + id.slice(1);
    addCatalogueEntry(dir, { id, platform: name, route: routeOf(id), title: `${name} Detox Plan`, shortTitle: `${name} Detox` });
  }
  for (const id of NEW_PLATFORMS) expect(npm('new', 'platform', id).status).toBe(0);
  // "Remove draft: true when its copy is done": the copy done, its DRAFT: marks go with it.
  edit(`pages${routeOf(NEW_PLATFORMS[0]!)}.yaml`, (t) => t.replace(/^draft: true\n/m, '').replaceAll('DRAFT: ', ''));
  // The corpus of styles, as pages of their own: articles under blog/, pages under /yaml-styles/.
  mkdirSync(join(dir, 'pages/yaml-styles'), { recursive: true });
  // The corpus's one tie to a site's content is an article's category: it becomes one the copy's blog
  // index declares, so a category renamed on the live site changes nothing here. (Its links go to "/",
  // which every site has; it names no product and no token.)
  const category = declaredCategories(dir).at(-1)!;
  for (const f of readdirSync(CORPUS)) {
    const text = readFileSync(join(CORPUS, f), 'utf8');
    writeFileSync(join(dir, f.startsWith('article-') ? 'pages/blog' : 'pages/yaml-styles', f), f.startsWith('article-') ? withCategory(text, category) : text);
  }
  // A count typed by hand, true as the site now is: the published bundle's platforms, spelled as the
  // site's {countWord} spells them.
  const published = compileSite(dir).site!.site;
  counted = `all ${countWord(bundledProducts(published, published.products.find(isBundle)!).length)} apps`;
  expect(npm('new', 'article', COUNTING).status).toBe(0);
  edit(`pages/blog/${COUNTING}.yaml`, (t) => t.replace(/^ {6}End with .*$/m, `      One plan covers ${counted}, and a week of it changes what the reader reaches for.`));
  expect(readFileSync(join(dir, `pages/blog/${COUNTING}.yaml`), 'utf8')).toContain(counted);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The category names a site's blog index declares (pages/blog/index.yaml, the block holding `categories`). */
function declaredCategories(site: string): string[] {
  const index = parse(readFileSync(join(site, 'pages/blog/index.yaml'), 'utf8')) as { sections?: { categories?: CategoryEntry[] }[] };
  const names = blogCategories(index.sections?.find((s) => Array.isArray(s.categories))?.categories ?? []).map((c) => c.name);
  expect(names.length, 'the blog index declares no category').toBeGreaterThan(0);
  return names;
}

/** An article's text with the category its `category:` line names replaced by `category`. */
function withCategory(text: string, category: string): string {
  const line = /^( +category:)[^\r\n]*/m;
  expect(text, 'a corpus article without a category line').toMatch(line);
  return text.replace(line, `$1 ${JSON.stringify(category)}`);
}

describe('a draft, a scheduled article, a new article, two new platforms, every style of the corpus and a count by hand', () => {
  it('validate, and the site holds what is published and nothing else', () => {
    const validate = npm('validate');
    expect(validate.status, validate.stdout + validate.stderr).toBe(0);
    const routes = compileSite(dir).site!.pages.map((p) => p.route);
    expect(routes).toEqual(expect.arrayContaining(['/blog/a-new-article', routeOf(NEW_PLATFORMS[0]!)]));
    for (const route of ['/blog/a-draft-idea', '/blog/next-weeks-article', routeOf(NEW_PLATFORMS[1]!)]) expect(routes).not.toContain(route);
  });

  it('validate every style of the corpus, and stay silent on a count that is right', () => {
    const { site, diagnostics } = compileSite(dir);
    expect(errorsOf(diagnostics)).toEqual([]);
    const routes = site!.pages.map((p) => p.route);
    for (const f of readdirSync(CORPUS)) expect(routes).toContain(f.startsWith('article-') ? `/blog/${f.replace(/\.yaml$/, '')}` : `/yaml-styles/${f.replace(/\.yaml$/, '')}`);
    expect(diagnostics.filter((d) => d.file === `pages/blog/${COUNTING}.yaml` && d.name.startsWith('Catalogue'))).toEqual([]);
    expect(JSON.stringify(site!.pages.find((p) => p.route === `/blog/${COUNTING}`))).toContain(counted);
  });

  it('leave every unit test of the live site green', () => {
    const files = readdirSync(join(projectRoot, 'tests/unit'))
      .filter((f) => f.endsWith('.test.ts'))
      .filter((f) => /import \{[^}]*\bliveSite\b[^}]*\} from '\.\/fixture\.ts'/.test(readFileSync(join(projectRoot, 'tests/unit', f), 'utf8')));
    expect(files.length).toBeGreaterThan(0);
    // A vitest of its own, outside this one's workers (their variables left out).
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST')));
    const r = spawnSync(process.execPath, [join(projectRoot, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=verbose', ...files.map((f) => `tests/unit/${f}`)], { cwd: projectRoot, encoding: 'utf8', env: { ...env, SITE_ROOT: dir, NO_COLOR: '1' } });
    console.log(`SITE_ROOT=<copy> vitest run ${files.join(' ')}\n${r.stdout.split('\n').filter((l) => /Test Files|Tests /.test(l)).join('\n')}`);
    expect(r.status, r.stdout.slice(-4000) + r.stderr.slice(-2000)).toBe(0);
    // They read the copy: a test is named after each new platform (one per product of the catalogue).
    for (const id of NEW_PLATFORMS) expect(r.stdout).toContain(id);
  }, 600_000);
});
