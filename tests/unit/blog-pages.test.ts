// The blog that scales: on a fixture site of 60 articles the compiler makes the index's pages and each
// category's pages, every listed article is on exactly one page of 'All' and of its category, the chips
// and page numbers link to pages that exist, and the sitemap and the feed follow.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { compileSite } from '../../generator/core/compile.ts';
import { FEED_SIZE, rss, sitemap } from '../../generator/render/site-files.ts';
import { blogCategories, categorySlug, pageWindow, type CategoryEntry } from '../../model/blog.ts';
import type { ArticleSummary, CompiledSite, PageDefinition } from '../../model/page.ts';
import { renderPage } from '../../runtime/render/render-page.tsx';
import { errorsOf, makeFixture, projectRoot, VALID_INDEX } from './fixture.ts';

const PAGE_SIZE = 7;
const CHIPS = ['Science', 'Practical Tips', 'Psychology', 'Sleep Health'];
/** Categories the articles use: 'Sleep Health' (a chip) is used by none, 'Personal Experience' (no chip) by some. */
const USED = ['Science', 'Practical Tips', 'Psychology', 'Personal Experience'];

const blogIndex = (pageSize: number | undefined, categories = CHIPS) => `title: "The Blog"
description: "Articles about things."
sections:
  - type: blog-index
    heading: "Our Blog"
    categories: ${JSON.stringify(categories)}${pageSize === undefined ? '' : `\n    pageSize: ${pageSize}`}
`;

function article(i: number): string {
  const day = new Date(Date.UTC(2024, 0, 1 + i * 3)).toISOString().slice(0, 10);
  // Words of its own, so no paragraph repeats another article's.
  const body = Array.from({ length: 200 }, (_, k) => `a${i}w${k}`).join(' ');
  return `template: article
title: "Article number ${i}"
description: "About number ${i}."
article:
  excerpt: "Excerpt ${i}."
  category: ${USED[i % USED.length]}
  date: "${day}"
  readTime: 1
  author: { name: "A. Writer", title: "Writer" }
  featured: ${i === 30}
  unlisted: ${i % 10 === 7}
sections:
  - type: paragraph
    text: "${body}"
`;
}

const ARTICLES = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`blog/article-${i}.yaml`, article(i)]));
const roots: string[] = [];
function compile(pages: Record<string, string>) {
  const root = makeFixture({ 'index.yaml': VALID_INDEX, ...ARTICLES, ...pages });
  roots.push(root);
  return compileSite(root);
}
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

const result = compile({ 'blog/index.yaml': blogIndex(PAGE_SIZE) });
const site = result.site as CompiledSite;
const listed = site.articles;
const routes = (pages: PageDefinition[]) => pages.map((p) => p.route);
/** The pages of one listing ('All' when category is undefined), first page first. */
const listingPages = (category: string | undefined) => site.pages.filter((p) => p.listing && p.listing.category === category).sort((a, b) => a.listing!.page - b.listing!.page);
const cardsOf = (pages: PageDefinition[]) => pages.flatMap((p) => [...(p.listing!.featured ? [p.listing!.featured] : []), ...p.listing!.articles]);
const slugs = (as: ArticleSummary[]) => as.map((a) => a.slug);

describe('the blog index of a 60-article site', () => {
  it('compiles without errors; the chip no listed article uses is a warning at that chip', () => {
    expect(errorsOf(result.diagnostics)).toEqual([]);
    expect(result.ok).toBe(true);
    const warnings = result.diagnostics.filter((d) => d.name === 'EmptyBlogCategory');
    expect(warnings).toMatchObject([{ file: 'pages/blog/index.yaml', path: 'sections[0].categories[3]', severity: 'warning' }]);
    expect(warnings[0]!.message).toContain('"Sleep Health"');
  });

  it('has the listed articles only: 6 of the 60 are unlisted', () => {
    expect(listed).toHaveLength(54);
    expect(listed.every((a) => !a.unlisted)).toBe(true);
  });

  it('is split into pages of pageSize cards, the featured article above the first page’s grid', () => {
    const all = listingPages(undefined);
    const expected = Math.ceil((listed.length - 1) / PAGE_SIZE);
    expect(all).toHaveLength(expected);
    expect(routes(all)).toEqual(['/blog', ...Array.from({ length: expected - 1 }, (_, i) => `/blog/page/${i + 2}`)]);
    expect(all[0]!.listing!.featured?.slug).toBe('article-30');
    expect(all.slice(1).every((p) => !p.listing!.featured)).toBe(true);
    for (const [i, p] of all.entries()) {
      expect(p.listing!.page).toBe(i + 1);
      expect(p.listing!.pageCount).toBe(expected);
      expect(p.listing!.articles.length).toBe(i < expected - 1 ? PAGE_SIZE : listed.length - 1 - PAGE_SIZE * (expected - 1));
    }
  });

  it('shows every listed article exactly once across its pages, in the index’s order, and no unlisted one', () => {
    const shown = slugs(cardsOf(listingPages(undefined)));
    expect(shown).toEqual(slugs(listed));
    expect(new Set(shown).size).toBe(shown.length);
  });

  it('gives each chip category with articles its own pages holding exactly its articles', () => {
    const withPages = CHIPS.filter((c) => listed.some((a) => a.category === c));
    expect(withPages).toEqual(['Science', 'Practical Tips', 'Psychology']);
    for (const category of withPages) {
      const pages = listingPages(category);
      const own = listed.filter((a) => a.category === category);
      expect(pages.length, category).toBe(Math.ceil(own.length / PAGE_SIZE));
      const first = `/blog/category/${categorySlug(category)}`;
      expect(routes(pages)).toEqual([first, ...pages.slice(1).map((_, i) => `${first}/page/${i + 2}`)]);
      expect(slugs(cardsOf(pages)), category).toEqual(slugs(own));
      // The featured article is a card like the others in its category.
      expect(pages.every((p) => !p.listing!.featured)).toBe(true);
    }
    // No page for the chip without articles, nor for a category that has no chip.
    expect(listingPages('Sleep Health')).toEqual([]);
    expect(listingPages('Personal Experience')).toEqual([]);
    expect(site.pages.some((p) => p.route.includes('/category/sleep-health') || p.route.includes('/category/personal-experience'))).toBe(false);
  });

  it('offers as chips only the categories that have pages, in the block’s order, on every listing page', () => {
    for (const p of site.pages.filter((x) => x.listing)) {
      expect(p.listing!.categories.map((c) => c.name)).toEqual(['Science', 'Practical Tips', 'Psychology']);
      for (const c of p.listing!.categories) expect(routes(site.pages)).toContain(c.route);
    }
  });

  it('gives every generated page its own title and description, and the index’s other sections', () => {
    const generated = site.pages.filter((p) => p.listing);
    expect(new Set(generated.map((p) => p.title)).size).toBe(generated.length);
    expect(new Set(generated.map((p) => p.description)).size).toBe(generated.length);
    expect(site.pages.find((p) => p.route === '/blog/page/2')!.title).toBe('The Blog – Page 2');
    expect(site.pages.find((p) => p.route === '/blog/category/practical-tips')!.title).toBe('Practical Tips Articles – Our Blog');
    expect(site.pages.find((p) => p.route === '/blog/category/practical-tips/page/2')!.title).toBe('Practical Tips Articles – Our Blog – Page 2');
    for (const p of generated) expect(p.file).toBe('pages/blog/index.yaml');
  });

  it('lists every page in the sitemap, generated ones included', () => {
    const xml = sitemap(site);
    const locs = [...xml.matchAll(/<loc>https:\/\/test\.example([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs.sort()).toEqual(routes(site.pages).filter((r) => r !== '/404').sort());
    expect(locs).toContain('/blog/page/2');
    expect(locs).toContain('/blog/category/psychology');
  });

  it('keeps the latest 50 articles in the feed, newest first, the featured one only by its date', () => {
    const items = [...rss(site).matchAll(/<item><title>([^<]*)<\/title><link>https:\/\/test\.example([^<]*)<\/link>.*?<pubDate>([^<]*)<\/pubDate>/g)];
    expect(items).toHaveLength(Math.min(FEED_SIZE, listed.length));
    const newest = [...listed].sort((a, b) => b.date.localeCompare(a.date)).slice(0, FEED_SIZE);
    expect(items.map((m) => m[2])).toEqual(newest.map((a) => a.route));
    const times = items.map((m) => Date.parse(m[3]!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe('a rendered listing page', () => {
  const render = (route: string) => renderPage({ compiled: site, page: site.pages.find((p) => p.route === route)!, assets: { css: ['/site.css'], scripts: ['/main.js'] }, supabaseUrl: 'http://127.0.0.1:54321', now: new Date('2026-01-15T12:00:00Z') }).html;

  it('links its chips and page numbers to their pages, marks the current ones, and ships no script', () => {
    const html = render('/blog/category/science/page/2');
    expect(html).toMatch(/<nav aria-label="Article categories"/);
    expect(html).toMatch(/<a href="\/blog"[^>]*>All<\/a>/);
    // The chip of the category shown is selected; on a later page it links to the category's first page.
    expect(html).toMatch(/<a href="\/blog\/category\/science" aria-current="true"[^>]*>Science<\/a>/);
    expect(html).toMatch(/<a href="\/blog\/category\/psychology" class[^>]*>Psychology<\/a>/);
    expect(html).toMatch(/<nav aria-label="Pagination"/);
    expect(html).toMatch(/<a href="\/blog\/category\/science" rel="prev"/);
    expect(html).toMatch(/<a href="\/blog\/category\/science\/page\/2" aria-current="page"/);
    expect(html).toContain('<h2 id="grid-heading" class="text-2xl font-extrabold text-gray-900 sm:text-3xl">Science Articles</h2>');
    expect(html).not.toContain('Featured Article');
    expect(html).not.toMatch(/<script[^>]+src=|modulepreload|data-island/);
    expect(html).toContain('<link rel="canonical" href="https://test.example/blog/category/science/page/2"/>');
  });

  it('on the first page of All: Featured Article, then Latest Articles, the All chip the current page', () => {
    const html = render('/blog');
    expect(html.indexOf('Featured Article')).toBeGreaterThan(0);
    expect(html.indexOf('Latest Articles')).toBeGreaterThan(html.indexOf('Featured Article'));
    expect(html).toMatch(/<a href="\/blog" aria-current="page"[^>]*>All<\/a>/);
    expect(html).toMatch(/<a href="\/blog\/page\/2" rel="next"/);
  });
});

describe('links and addresses', () => {
  it('a link to a category page or a later page resolves; one to a category without articles is broken', () => {
    const about = (href: string) => `title: "About"\ndescription: "x"\nsections:\n  - type: paragraph\n    text: "See [this](${href})."\n`;
    for (const href of ['/blog/category/practical-tips', '/blog/page/2', '/blog/category/science/page/2']) {
      expect(errorsOf(compile({ 'blog/index.yaml': blogIndex(PAGE_SIZE), 'about.yaml': about(href) }).diagnostics), href).toEqual([]);
    }
    const broken = compile({ 'blog/index.yaml': blogIndex(PAGE_SIZE), 'about.yaml': about('/blog/category/sleep-health') });
    expect(errorsOf(broken.diagnostics)).toMatchObject([{ name: 'BrokenLink', file: 'pages/about.yaml' }]);
  });

  it('a page file at a generated address is a duplicate route', () => {
    const r = compile({ 'blog/index.yaml': blogIndex(PAGE_SIZE), 'blog/page/2.yaml': `title: "x"\ndescription: "x"\nsections: []\n` });
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.name, d.message])).toEqual([['DuplicateRoute', 'route /blog/page/2 is also defined by pages/blog/page/2.yaml']]);
  });

  it('an article whose category the index does not declare is a warning at its category, with a guess', () => {
    const undeclared = result.diagnostics.filter((d) => d.name === 'UndeclaredBlogCategory');
    const expected = listed.filter((a) => !CHIPS.includes(a.category)).map((a) => `pages${a.route}.yaml`).sort();
    expect(expected.length).toBeGreaterThan(0);
    expect(undeclared.map((d) => d.file).sort()).toEqual(expected);
    expect(undeclared.every((d) => d.path === 'article.category' && d.severity === 'warning')).toBe(true);
    const misspelt = compile({ 'blog/index.yaml': blogIndex(PAGE_SIZE, ['Science', 'Practical Tips', 'Psychology', 'Personal Experiense']) });
    expect(errorsOf(misspelt.diagnostics)).toEqual([]);
    expect(misspelt.diagnostics.find((d) => d.name === 'UndeclaredBlogCategory')!.message).toContain('did you mean "Personal Experiense"?');
  });

  it('the page size defaults to 24', () => {
    const r = compile({ 'blog/index.yaml': blogIndex(undefined) });
    const all = r.site!.pages.filter((p) => p.listing && p.listing.category === undefined);
    expect(all).toHaveLength(Math.ceil((r.site!.articles.length - 1) / 24));
    expect(all[0]!.listing!.articles).toHaveLength(24);
  });

  it('category slugs are the names in lower case with dashes', () => {
    expect(['Practical Tips', 'Mental Health', 'Café & Co.', ' Sleep  Health '].map(categorySlug)).toEqual(['practical-tips', 'mental-health', 'cafe-co', 'sleep-health']);
  });

  it('every category the blog index declares has an address of its own', () => {
    const index = parse(readFileSync(join(projectRoot, 'pages/blog/index.yaml'), 'utf8')) as { sections: { type: string; categories?: CategoryEntry[] }[] };
    const slugs = blogCategories(index.sections.find((s) => s.type === 'blog-index')!.categories!).map((c) => c.slug);
    expect(slugs.every((s) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(s))).toBe(true);
    expect(new Set(slugs).size).toBe(slugs.length);
  });
});

describe('the page numbers shown', () => {
  it('are all of them for a few pages, else the ends and the current page’s neighbours with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(1, 40)).toEqual([1, 2, 3, 4, 5, null, 40]);
    expect(pageWindow(20, 40)).toEqual([1, null, 19, 20, 21, null, 40]);
    expect(pageWindow(40, 40)).toEqual([1, null, 36, 37, 38, 39, 40]);
    expect(pageWindow(4, 40)).toEqual([1, 2, 3, 4, 5, null, 40]);
    expect(pageWindow(5, 40)).toEqual([1, null, 4, 5, 6, null, 40]);
  });
});
