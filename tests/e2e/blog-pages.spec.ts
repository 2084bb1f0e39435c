// The blog's pages with JavaScript disabled, on a copy of the site whose index shows two cards a page, so
// the index and a category run to several pages whatever the real page size is. Everything expected
// is read from the copy as the generator compiles it (its live articles and index), or from its sitemap.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { blogCategories } from '../../model/blog.ts';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startStaticServer } from '../../generator/host/serve.ts';
import { copyProject, projectRoot } from '../unit/fixture.ts';
import { compiledSite } from './site.ts';
import { E2E_PORT } from '../ports.ts';

const PAGE_SIZE = 2;
const PORT = E2E_PORT + 3;
const BASE = `http://127.0.0.1:${PORT}`;

interface Listed {
  route: string;
  category: string;
  date: string;
  featured: boolean;
}

let dir = '';
let server: Server | undefined;
let context: BrowserContext;
let listed: Listed[] = [];
let chipCategories: string[] = [];
/** Each declared category's slug, as the copy's index declares it (a marketer may give one: `{ name, slug }`). */
let categorySlugs = new Map<string, string>();

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  dir = copyProject('blog-pages-e2e-');
  const indexFile = join(dir, 'pages/blog/index.yaml');
  const index = readFileSync(indexFile, 'utf8');
  // The copy's index shows PAGE_SIZE cards a page (set, or replacing what the real one sets).
  const withSize = /^ {4}pageSize:.*$/m.test(index) ? index.replace(/^ {4}pageSize:.*$/m, `    pageSize: ${PAGE_SIZE}`) : index.replace(/^( {4}heading: .*)$/m, `$1\n    pageSize: ${PAGE_SIZE}`);
  expect(withSize).toContain(`pageSize: ${PAGE_SIZE}`);
  writeFileSync(indexFile, withSize);
  const build = spawnSync(process.execPath, [join(projectRoot, 'node_modules/tsx/dist/cli.mjs'), 'generator/cli/build.ts'], { cwd: dir, encoding: 'utf8', env: { ...process.env, OUT_DIR: join(dir, 'out') } });
  expect(build.status, build.stderr).toBe(0);
  server = await startStaticServer({ dir: join(dir, 'out'), port: PORT, host: '127.0.0.1', log: () => {} });

  const copy = compiledSite(dir);
  listed = copy.pages
    .flatMap((p) => (p.article && !p.article.unlisted ? [p.article] : []))
    .map((a) => ({ route: a.route, category: a.category, date: a.date, featured: a.featured }))
    .sort((a, b) => Number(b.featured) - Number(a.featured) || b.date.localeCompare(a.date) || a.route.localeCompare(b.route));
  const block = copy.pages.find((p) => p.route === '/blog')!.sections.find((s) => s.type === 'blog-index')!;
  const declared = 'categories' in block ? blogCategories(block.categories) : [];
  categorySlugs = new Map(declared.map((c) => [c.name, c.slug]));
  chipCategories = declared.map((c) => c.name).filter((c) => listed.some((a) => a.category === c));
  context = await browser.newContext({ javaScriptEnabled: false, baseURL: BASE });
});

test.afterAll(async () => {
  await context?.close();
  server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });
const cardLinks = (page: Page) => page.locator('[data-testid="featured-article"] h3 a, [data-testid="article-card"] h3 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
const slug = (c: string) => categorySlugs.get(c)!;

test('the index runs over pages of two cards; Next walks them all, each listed article once', async () => {
  const page = await context.newPage();
  const pageCount = Math.ceil((listed.length - 1) / PAGE_SIZE);
  expect(pageCount).toBeGreaterThan(2);
  await page.goto('/blog');
  const seen: string[] = [];
  for (let n = 1; n <= pageCount; n++) {
    await expect(page).toHaveURL(n === 1 ? `${BASE}/blog` : `${BASE}/blog/page/${n}`);
    // 'Featured Article' then 'Latest Articles' on the first page; later pages continue the latest ones.
    await expect(page.getByRole('heading', { level: 2, name: 'Featured Article' })).toHaveCount(n === 1 ? 1 : 0);
    await expect(page.getByRole('heading', { level: 2, name: 'Latest Articles' })).toBeVisible();
    await expect(page.getByText(`Page ${n} of ${pageCount}`, { exact: true })).toBeVisible();
    await expect(pagination(page).locator('[aria-current="page"]')).toHaveText(`Page ${n}`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${n === 1 ? '/blog' : `/blog/page/${n}`}$`));
    if (n > 1) await expect(page).toHaveTitle(new RegExp(` – Page ${n} \\|`));
    seen.push(...(await cardLinks(page)));
    const next = pagination(page).getByRole('link', { name: 'Next', exact: true });
    if (n < pageCount) await next.click();
    else await expect(next).toHaveCount(0);
  }
  expect(seen).toEqual(listed.map((a) => a.route));
  await page.close();
});

test('page numbers and Previous navigate; the last page is reachable from the first', async () => {
  const page = await context.newPage();
  const pageCount = Math.ceil((listed.length - 1) / PAGE_SIZE);
  await page.goto('/blog');
  await expect(pagination(page).getByRole('link', { name: 'Previous', exact: true })).toHaveCount(0);
  await pagination(page).getByRole('link', { name: `Page ${pageCount}`, exact: true }).click();
  await expect(page).toHaveURL(`${BASE}/blog/page/${pageCount}`);
  await pagination(page).getByRole('link', { name: 'Previous', exact: true }).click();
  await expect(page).toHaveURL(`${BASE}/blog/page/${pageCount - 1}`);
  await pagination(page).getByRole('link', { name: 'Page 1', exact: true }).click();
  await expect(page).toHaveURL(`${BASE}/blog`);
  await expect(page.getByRole('heading', { level: 2, name: 'Featured Article' })).toBeVisible();
  await page.close();
});

test('a category runs over pages too, its chip current on each, holding exactly its listed articles', async () => {
  const page = await context.newPage();
  // The chip category with the most listed articles: with two a page it has at least two pages.
  const category = [...chipCategories].sort((a, b) => listed.filter((x) => x.category === b).length - listed.filter((x) => x.category === a).length)[0]!;
  const own = listed.filter((a) => a.category === category);
  expect(own.length).toBeGreaterThan(PAGE_SIZE);
  await page.goto('/blog/page/2');
  await expect(page.getByRole('navigation', { name: 'Article categories' }).getByRole('link', { name: 'All', exact: true })).toHaveAttribute('aria-current', 'true');
  await page.getByRole('navigation', { name: 'Article categories' }).getByRole('link', { name: category, exact: true }).click();
  const first = `/blog/category/${slug(category)}`;
  const seen: string[] = [];
  for (let n = 1; n <= Math.ceil(own.length / PAGE_SIZE); n++) {
    await expect(page).toHaveURL(`${BASE}${n === 1 ? first : `${first}/page/${n}`}`);
    await expect(page.getByRole('heading', { level: 2, name: `${category} Articles` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Featured Article' })).toHaveCount(0);
    const current = page.getByRole('navigation', { name: 'Article categories' }).getByRole('link', { name: category, exact: true });
    await expect(current).toHaveAttribute('aria-current', n === 1 ? 'page' : 'true');
    await expect(current).toHaveAttribute('href', first);
    seen.push(...(await cardLinks(page)));
    const next = pagination(page).getByRole('link', { name: 'Next', exact: true });
    if (await next.count()) await next.click();
  }
  expect(seen).toEqual(own.map((a) => a.route));
  await page.close();
});

test('the sitemap lists every page of the index and of each category', async ({ request }) => {
  const xml = await (await request.get(`${BASE}/sitemap.xml`)).text();
  const routes = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const pageCount = Math.ceil((listed.length - 1) / PAGE_SIZE);
  for (let n = 2; n <= pageCount; n++) expect(routes).toContain(`/blog/page/${n}`);
  for (const c of chipCategories) {
    const count = Math.ceil(listed.filter((a) => a.category === c).length / PAGE_SIZE);
    expect(routes).toContain(`/blog/category/${slug(c)}`);
    for (let n = 2; n <= count; n++) expect(routes).toContain(`/blog/category/${slug(c)}/page/${n}`);
  }
  expect(routes).not.toContain(`/blog/page/${pageCount + 1}`);
});
