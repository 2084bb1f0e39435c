// Drafts and scheduled pages on small fixture sites: a build as of a moment leaves out drafts and pages
// scheduled later (from the pages, the blog index, the feed and the sitemap), the dev server shows them
// with a ribbon, links that only the live site would find broken are reported, and the build says
// when a rebuild would publish the next page.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSite, type CompileOptions } from '../../generator/core/compile.ts';
import { parseMoment, scheduleFile, scheduleIsDue } from '../../generator/core/publication.ts';
import { rss, sitemap } from '../../generator/render/site-files.ts';
import { renderPage } from '../../runtime/render/render-page.tsx';
import { errorsOf, makeFixture, MINIMAL_CONFIG, projectRoot, VALID_INDEX } from './fixture.ts';
import { TSX_LOADER } from './tsx-loader.ts';

/** A body of its own (no repeated paragraph) long enough for a one-minute read. */
const words = (seed: string) => Array.from({ length: 160 }, (_, i) => `${seed.replace(/\W/g, '')}${i}`).join(' ');

/** An article; `head` is written at the top of the file (draft, publishAt). */
const article = (title: string, { head = '', featured = false, date = '2025-01-20', body = words(title) } = {}) => `${head}template: article
title: "${title}"
description: "About ${title}."
article:
  excerpt: "Short."
  category: Science
  date: "${date}"
  readTime: 1
  featured: ${featured}
  author: { name: "A. Writer", title: "Writer" }
sections:
  - type: paragraph
    text: "${body}"
`;

const page = (title: string, text: string, head = '') => `${head}title: "${title}"\ndescription: "x"\nsections:\n  - type: paragraph\n    text: "${text}"\n`;

const BLOG_INDEX = `title: "Blog"\ndescription: "All articles."\nsections:\n  - type: blog-index\n    heading: "Blog"\n    categories: [Science]\n`;

const SITE = {
  'index.yaml': VALID_INDEX,
  'blog/index.yaml': BLOG_INDEX,
  'blog/live.yaml': article('Live article', { featured: true }),
  'blog/draft.yaml': article('Draft article', { head: 'draft: true\n' }),
  'blog/soon.yaml': article('Soon article', { head: 'publishAt: "2026-12-01"\n', date: '2026-12-01' }),
  'blog/later.yaml': article('Later article', { head: 'publishAt: "2027-03-01T09:00:00+01:00"\n', date: '2027-03-01' }),
  'blog/old.yaml': article('Old schedule', { head: 'publishAt: "2025-01-20"\n' }),
};

const BEFORE = new Date('2026-11-30T12:00:00Z');
const compile = (pages: Record<string, string>, opts: CompileOptions = {}) => compileSite(makeFixture(pages), opts);
const routes = (r: ReturnType<typeof compileSite>) => r.site!.pages.map((p) => p.route).sort();
const articleRoutes = (r: ReturnType<typeof compileSite>) => r.site!.articles.map((a) => a.route).sort();

function render(r: ReturnType<typeof compileSite>, route: string, now: Date): string {
  const site = r.site!;
  const target = site.pages.find((p) => p.route === route)!;
  return renderPage({ compiled: site, page: target, assets: { css: [], scripts: [] }, supabaseUrl: 'http://localhost:1', now }).html;
}

describe('a build as of a moment', () => {
  const r = compile(SITE, { asOf: BEFORE });

  it('is valid: drafts and scheduled pages are validated, not refused', () => {
    expect(errorsOf(r.diagnostics)).toEqual([]);
  });

  it('leaves drafts and pages scheduled later out of the pages and the blog index', () => {
    expect(routes(r)).not.toContain('/blog/draft');
    expect(routes(r)).not.toContain('/blog/soon');
    expect(routes(r)).not.toContain('/blog/later');
    expect(routes(r)).toEqual(expect.arrayContaining(['/blog/live', '/blog/old']));
    expect(articleRoutes(r)).toEqual(['/blog/live', '/blog/old']);
    const index = render(r, '/blog', BEFORE);
    expect(index).toContain('Live article');
    expect(index).not.toContain('Draft article');
    expect(index).not.toContain('Soon article');
  });

  it('leaves them out of the sitemap and the feed', () => {
    for (const file of [sitemap(r.site!), rss(r.site!)]) {
      expect(file).toContain('/blog/live');
      expect(file).not.toContain('/blog/draft');
      expect(file).not.toContain('/blog/soon');
      expect(file).not.toContain('/blog/later');
    }
  });

  it('names the next publication, and the served file names no unpublished route', () => {
    expect(r.schedule).toMatchObject({
      builtAsOf: BEFORE.toISOString(),
      nextPublishAt: '2026-12-01T00:00:00.000Z',
      scheduled: [
        { route: '/blog/soon', publishAt: '2026-12-01T00:00:00.000Z' },
        { route: '/blog/later', publishAt: '2027-03-01T08:00:00.000Z' },
      ],
      drafts: [{ route: '/blog/draft', file: 'pages/blog/draft.yaml' }],
    });
    const served = JSON.parse(scheduleFile(r.schedule!)) as Record<string, unknown>;
    expect(served).toEqual({ builtAsOf: BEFORE.toISOString(), nextPublishAt: '2026-12-01T00:00:00.000Z' });
  });

  it('publishes a scheduled page from its moment on (date-only is the start of that day in UTC)', () => {
    const atMidnight = compile(SITE, { asOf: new Date('2026-12-01T00:00:00Z') });
    expect(articleRoutes(atMidnight)).toEqual(['/blog/live', '/blog/old', '/blog/soon']);
    expect(atMidnight.schedule!.nextPublishAt).toBe('2027-03-01T08:00:00.000Z');
    const justBefore = compile(SITE, { asOf: new Date('2026-11-30T23:59:59Z') });
    expect(articleRoutes(justBefore)).not.toContain('/blog/soon');
  });

  it('has nothing left to publish once every moment has passed, but never publishes a draft', () => {
    const after = compile(SITE, { asOf: new Date('2030-01-01T00:00:00Z') });
    expect(routes(after)).toEqual(expect.arrayContaining(['/blog/soon', '/blog/later']));
    expect(routes(after)).not.toContain('/blog/draft');
    expect(after.schedule).toMatchObject({ nextPublishAt: null, scheduled: [] });
  });
});

describe('the dev server', () => {
  const r = compile(SITE, { asOf: BEFORE, includeUnpublished: true });

  it('keeps drafts and scheduled pages, each with a ribbon', () => {
    expect(errorsOf(r.diagnostics)).toEqual([]);
    expect(routes(r)).toEqual(expect.arrayContaining(['/blog/draft', '/blog/soon', '/blog/live']));
    const draft = render(r, '/blog/draft', BEFORE);
    expect(draft).toMatch(/data-testid="publication-ribbon"[^>]*><strong[^>]*>Draft</);
    const soon = render(r, '/blog/soon', BEFORE);
    expect(soon).toMatch(/data-testid="publication-ribbon"[^>]*><strong[^>]*>Scheduled<\/strong><span>publishes 1 Dec 2026</);
  });

  it('marks no published page', () => {
    expect(render(r, '/blog/live', BEFORE)).not.toContain('publication-ribbon');
    expect(render(r, '/blog/old', BEFORE)).not.toContain('publication-ribbon');
  });
});

describe('links that only the live site would find broken', () => {
  const linking = (href: string, head = '') => page('About', `See [this](${href}).`, head);

  it('reports a published page linking to a draft, at the link', () => {
    const r = compile({ ...SITE, 'about.yaml': linking('/blog/draft') }, { asOf: BEFORE });
    expect(errorsOf(r.diagnostics)).toMatchObject([{ name: 'LinkToUnpublished', file: 'pages/about.yaml', line: 5, path: 'sections[0].text' }]);
    expect(r.diagnostics[0]!.message).toContain('/blog/draft');
    expect(r.diagnostics[0]!.message).toContain('draft');
  });

  it('reports a published page linking to a page scheduled later, naming its moment', () => {
    const r = compile({ ...SITE, 'about.yaml': linking('/blog/soon') }, { asOf: BEFORE });
    expect(errorsOf(r.diagnostics)).toMatchObject([{ name: 'LinkToUnpublished', file: 'pages/about.yaml' }]);
    expect(r.diagnostics[0]!.message).toContain('1 Dec 2026');
  });

  it('accepts the same link once the target is live', () => {
    const r = compile({ ...SITE, 'about.yaml': linking('/blog/soon') }, { asOf: new Date('2026-12-02T00:00:00Z') });
    expect(errorsOf(r.diagnostics)).toEqual([]);
  });

  it('accepts links from a draft, and from a page published no earlier than its target', () => {
    const r = compile(
      { ...SITE, 'about.yaml': linking('/blog/draft', 'draft: true\n'), 'blog/later.yaml': SITE['blog/later.yaml'].replace('text: "', 'text: "After [the soon one](/blog/soon). ') },
      { asOf: BEFORE },
    );
    expect(errorsOf(r.diagnostics)).toEqual([]);
  });

  it('reports a scheduled page linking to one scheduled even later', () => {
    const r = compile({ ...SITE, 'blog/soon.yaml': SITE['blog/soon.yaml'].replace('text: "', 'text: "Before [the later one](/blog/later). ') }, { asOf: BEFORE });
    expect(errorsOf(r.diagnostics)).toMatchObject([{ name: 'LinkToUnpublished', file: 'pages/blog/soon.yaml' }]);
  });

  it('reports a navigation link in site.config.yaml to a draft', () => {
    const config = MINIMAL_CONFIG;
    const withNav = compileSite(makeFixture({ ...SITE }, config.replace('{ label: "Products", href: "/#products" }', '{ label: "Draft", href: "/blog/draft" }')), { asOf: BEFORE });
    expect(errorsOf(withNav.diagnostics)).toMatchObject([{ name: 'LinkToUnpublished', file: 'site.config.yaml' }]);
  });

  it('is only a warning in the dev server, which shows the draft', () => {
    const r = compile({ ...SITE, 'about.yaml': linking('/blog/draft') }, { asOf: BEFORE, includeUnpublished: true });
    expect(r.ok).toBe(true);
    expect(r.diagnostics).toMatchObject([{ name: 'LinkToUnpublished', severity: 'warning' }]);
  });

});

describe('a product whose page is a draft', () => {
  const fixtureConfig = MINIMAL_CONFIG;
  const instagram = fixtureConfig.slice(fixtureConfig.indexOf('  - id: instagram'));
  const withSnapchat = `${fixtureConfig.trimEnd()}\n${instagram.replace(/instagram/gi, 'snapchat').replace('Snapchat Detox Mastery', 'Snapchat Detox')}`;
  const draftPage = page('Snapchat', 'Soon.', 'draft: true\n');

  it('is left out of the catalogue a build renders from, and kept by the dev server', () => {
    // The landing page's cards list every product of the catalogue when it names none.
    const pages = { ...SITE, 'index.yaml': VALID_INDEX.replace('    products: [instagram]\n', ''), 'snapchat-detox.yaml': draftPage };
    const built = compileSite(makeFixture(pages, withSnapchat), { asOf: BEFORE });
    expect(errorsOf(built.diagnostics)).toEqual([]);
    expect(built.site!.site.products.map((p) => p.id)).toEqual(['instagram']);
    expect(render(built, '/', BEFORE)).not.toContain('/snapchat-detox');
    const dev = compileSite(makeFixture(pages, withSnapchat), { asOf: BEFORE, includeUnpublished: true });
    expect(dev.site!.site.products.map((p) => p.id)).toEqual(['instagram', 'snapchat']);
    expect(render(dev, '/', BEFORE)).toContain('/snapchat-detox');
  });

  it('may not be named by a live page, which would have nothing to show', () => {
    const r = compileSite(makeFixture({ ...SITE, 'index.yaml': VALID_INDEX.replace('[instagram]', '[instagram, snapchat]'), 'snapchat-detox.yaml': draftPage }, withSnapchat), { asOf: BEFORE });
    expect(errorsOf(r.diagnostics)).toMatchObject([{ name: 'UnpublishedProductPage', file: 'pages/index.yaml', path: 'sections[1].products[1]' }]);
    expect(r.diagnostics[0]!.message).toContain('/snapchat-detox');
  });
});

describe('publishAt as written', () => {
  it.each([
    ['2026-13-01', 'not a day of the calendar'],
    ['2026-02-30', 'not a day of the calendar'],
    ['2026-12-01T09:00', 'no zone'],
    ['next monday', 'not a date'],
  ])('refuses %j at its line, saying why', (value, why) => {
    const r = compile({ ...SITE, 'blog/soon.yaml': SITE['blog/soon.yaml'].replace('"2026-12-01"\n', `"${value}"\n`) }, { asOf: BEFORE });
    expect(errorsOf(r.diagnostics)).toMatchObject([{ name: 'InvalidPublishAt', file: 'pages/blog/soon.yaml', line: 1, path: 'publishAt' }]);
    expect(r.diagnostics[0]!.message).toContain(why);
  });

  it('reads a date-time in its own zone', () => {
    expect(parseMoment('2027-03-01T09:00+01:00')).toEqual({ ms: Date.parse('2027-03-01T08:00:00Z'), iso: '2027-03-01T08:00:00.000Z' });
    expect(parseMoment('2026-12-01')).toMatchObject({ iso: '2026-12-01T00:00:00.000Z' });
  });

  it('warns when an article is dated before it is published', () => {
    const r = compile({ ...SITE, 'blog/soon.yaml': SITE['blog/soon.yaml'].replace('date: "2026-12-01"', 'date: "2026-01-05"') }, { asOf: BEFORE });
    expect(r.ok).toBe(true);
    expect(r.diagnostics).toMatchObject([{ name: 'DateBeforePublishAt', severity: 'warning', file: 'pages/blog/soon.yaml', path: 'article.date' }]);
  });

  it('counts a featured draft out of the one featured article', () => {
    const r = compile({ ...SITE, 'blog/draft.yaml': SITE['blog/draft.yaml'].replace('featured: false', 'featured: true') }, { asOf: BEFORE });
    expect(errorsOf(r.diagnostics)).toEqual([]);
  });
});

describe('a build left from before', () => {
  it('is out of date once its next publication is due, or when it was built for a later moment', () => {
    const file = JSON.stringify({ builtAsOf: '2026-11-30T12:00:00.000Z', nextPublishAt: '2026-12-01T00:00:00.000Z' });
    expect(scheduleIsDue(file, new Date('2026-11-30T18:00:00Z'))).toBe(false);
    expect(scheduleIsDue(file, new Date('2026-12-01T00:00:00Z'))).toBe(true);
    expect(scheduleIsDue(file, new Date('2026-11-29T00:00:00Z'))).toBe(true);
    expect(scheduleIsDue(JSON.stringify({ builtAsOf: '2026-11-30T12:00:00.000Z', nextPublishAt: null }), new Date('2030-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('--as-of', () => {
  const cli = (name: string, ...args: string[]) =>
    spawnSync(process.execPath, [...TSX_LOADER, `generator/cli/${name}.ts`, ...args], { cwd: projectRoot, encoding: 'utf8', env: { ...process.env, OUT_DIR: '.tmp/never-written' } });

  it.each([
    ['2026-12-32', 'not a day of the calendar'],
    ['2026-12-01T09:00', 'no zone'],
    ['tomorrow', 'not a date'],
  ])('refuses %j before building anything: exit 2, saying which forms it takes', (value, why) => {
    const r = cli('build', '--as-of', value);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(why);
    expect(r.stderr).toContain('--as-of 2026-12-01');
  });
});
