// The marketer's promise, tried on a copy of the whole project: one more article is one page file, and
// one more platform is one catalogue entry plus one page file. Nothing else is touched (no schema, no
// generated types), validation passes, and the build lists the platform everywhere products are listed,
// with the bundle's figures and counts following. Slow: it validates and builds the copy.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledProducts, countWord, discountPercent, isBundle, money, originalPrice, previewPath, savings } from '../../model/catalogue.ts';
import type { SiteConfig } from '../../model/page.ts';
import { compileSite } from '../../generator/core/compile.ts';
import { addPlatform, copyProject, projectRoot } from './fixture.ts';
import { TSX_LOADER } from './tsx-loader.ts';

// Named for this run, so a platform the marketer adds to the live site can never be this one.
const STAMP = Date.now().toString(36);
const NEW = { id: `grown${STAMP}`, platform: `Grown${STAMP}`, route: `/grown${STAMP}-detox`, title: `Grown${STAMP} Detox Plan`, shortTitle: `Grown${STAMP} Detox` };
const ARTICLE_SLUG = 'grown-site-article';

let dir = '';
let out = '';
let validate: ReturnType<typeof spawnSync>;
let build: ReturnType<typeof spawnSync>;
let site: SiteConfig;
const generatedBefore = readFileSync(join(projectRoot, 'model/schema.generated.ts'), 'utf8');

const run = (script: string, env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [...TSX_LOADER, script], { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env } });

function filesUnder(d: string): string[] {
  return readdirSync(d).flatMap((n) => {
    const f = join(d, n);
    return statSync(f).isDirectory() ? filesUnder(f) : [f];
  });
}

const html = (route: string) => readFileSync(join(out, route === '/' ? '' : route, 'index.html'), 'utf8');
const visibleText = (h: string) => h.replace(/<(script|style)[\s\S]*?<\/\1>/g, '').replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');

beforeAll(() => {
  dir = copyProject('grow-site-');
  out = join(dir, 'out');
  // The platform: one catalogue entry and one page file, made from an existing guide's.
  const model = addPlatform(dir, NEW);
  expect(readFileSync(join(dir, `pages${NEW.route}.yaml`), 'utf8')).toContain(`platform: ${NEW.platform}`);
  expect(model.id).not.toBe(NEW.id);

  // The article: one page file.
  const body = Array.from({ length: 12 }, (_, i) => `  - type: paragraph\n    text: "Paragraph ${i + 1} of the grown article says something new about keeping a calmer phone, one small habit at a time, with enough words to read."\n`).join('');
  writeFileSync(
    join(dir, `pages/blog/${ARTICLE_SLUG}.yaml`),
    `template: article\ntitle: "A Grown Article"\ndescription: "An article added to a copy of the site."\narticle:\n  excerpt: "An article added by writing one file."\n  category: Practical Tips\n  date: "2025-02-01"\n  readTime: 2\n  author:\n    name: "Alex Rivera"\n    title: "Tech Industry Analyst"\nsections:\n${body}`,
  );

  // The catalogue as the live site has it: a product whose page is still a draft is left out.
  site = compileSite(dir).site!.site;
  validate = run('generator/cli/validate.ts');
  build = run('generator/cli/build.ts', { OUT_DIR: out });
}, 300_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a site grown by an article and a platform', () => {
  it('validates with no schema edit and no type generation', () => {
    expect(validate.status, `${validate.stdout}\n${validate.stderr}`).toBe(0);
    expect(readFileSync(join(dir, 'model/schema.generated.ts'), 'utf8')).toBe(generatedBefore);
    // The one warning the new platform earns: it has no preview source yet.
    expect(`${validate.stdout}${validate.stderr}`).toContain(`product "${NEW.id}" has no preview source`);
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
  });

  it('shows the platform on the landing page, in every footer, in the sitemap and in the admin upload list', () => {
    const landing = html('/');
    expect(landing).toMatch(new RegExp(`<article[^>]*data-product="${NEW.id}"`));
    expect(landing).toContain(`href="${NEW.route}"`);
    const pages = filesUnder(out).filter((f) => f.endsWith('.html'));
    const footers = pages.map((f) => readFileSync(f, 'utf8').match(/<footer[\s\S]*?<\/footer>/)?.[0]).filter((f): f is string => !!f);
    expect(footers.length).toBeGreaterThan(1);
    for (const footer of footers) expect(footer).toMatch(new RegExp(`href="${NEW.route}"[^>]*>${NEW.shortTitle}</a>`));
    const sitemap = readFileSync(join(out, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain(`${site.site.url}${NEW.route}</loc>`);
    expect(sitemap).toContain(`${site.site.url}/blog/${ARTICLE_SLUG}</loc>`);
    const upload = readFileSync(join(out, 'admin/upload/index.html'), 'utf8').replaceAll('&quot;', '"');
    expect(upload).toContain(`"product":"${NEW.id}"`);
    expect(upload).toContain(`"path":"${NEW.route.slice(1)}-preview.pdf"`);
  });

  it('puts the article on its page and its card in the blog', () => {
    expect(html(`/blog/${ARTICLE_SLUG}`)).toContain('A Grown Article');
    const blogPages = filesUnder(join(out, 'blog')).filter((f) => f.endsWith('index.html')).map((f) => readFileSync(f, 'utf8'));
    expect(blogPages.some((h) => h.includes(`href="/blog/${ARTICLE_SLUG}"`))).toBe(true);
  });

  it('keeps the bundle figures consistent: the new platform is in, the original is the sum, savings and discount follow', () => {
    for (const bundle of site.products.filter(isBundle)) {
      const parts = bundledProducts(site, bundle);
      expect(parts.map((p) => p.id)).toContain(NEW.id);
      const sum = parts.reduce((n, p) => n + p.price, 0);
      expect(originalPrice(site, bundle)).toBe(sum);
      const text = visibleText(html(bundle.route));
      expect(text).toContain(`Original price: ${money(sum)}`);
      expect(text).toContain(`Save ${money(savings(site, bundle))}`);
      expect(text).toContain(`${discountPercent(site, bundle)}% off`);
      expect(html(bundle.route).match(/data-testid="platform-tile"/g)?.length ?? 0).toBe(parts.length);
    }
  });

  it('says the new count wherever a text counts the bundle with a token', () => {
    const bundle = site.products.find(isBundle)!;
    const n = bundledProducts(site, bundle).length;
    const word = countWord(n);
    const sources = filesUnder(join(dir, 'pages')).filter((f) => f.endsWith('.yaml'));
    const counted = sources.filter((f) => readFileSync(f, 'utf8').includes(`{countWord:${bundle.id}}`) || readFileSync(f, 'utf8').includes(`{CountWord:${bundle.id}}`));
    expect(counted.length).toBeGreaterThan(0);
    for (const f of counted) {
      const route = f.slice(join(dir, 'pages').length).replace(/\.yaml$/, '').replace(/\/index$/, '') || '/';
      const rendered = visibleText(html(route)).toLowerCase();
      expect(rendered, route).toMatch(new RegExp(`\\b${word}\\b`));
      expect(rendered, route).not.toMatch(/\{count/i);
    }
  });

  it("says 'Preview coming soon' on the new platform's sales page until the storage has its PDF, never a storage error", () => {
    const page = html(NEW.route);
    // The page as built, all a visitor without scripts sees: no viewer, no still, no link to a missing file.
    expect(page).toContain('data-testid="preview-coming-soon"');
    expect(page).not.toContain('data-testid="pdf-viewer"');
    expect(page).not.toContain('data-testid="pdf-still"');
    expect(page).not.toMatch(/NoSuchKey|statusCode/);
    // The viewer island that asks the storage when the page is viewed (tests/e2e/admin-upload.spec.ts).
    const island = /<div data-island="pdf-viewer" data-props="([^"]*)"/.exec(page);
    expect(island).not.toBeNull();
    const props = JSON.parse(island![1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as { url: string; checkFirst?: { bucket: string; path: string }; still?: unknown };
    // It asks by the storage's list (bucket and path), never by the missing file's address.
    expect(props.checkFirst).toEqual({ bucket: site.previews.bucket, path: previewPath(site.products.find((p) => p.id === NEW.id)!) });
    expect(props.still).toBeUndefined();
    expect(props.url.endsWith(`/${site.previews.bucket}/${previewPath(site.products.find((p) => p.id === NEW.id)!)}`)).toBe(true);
  });
});
