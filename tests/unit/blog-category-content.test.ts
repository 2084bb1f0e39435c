// A category is content: added, on a copy of the project, by editing only the blog index (one entry in
// `categories`) and an article (its `category`). No schema edit, no type generation; the chip, the
// category's page with the article's card, and its sitemap entry follow, and nothing warns.
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { compileSite, type CompileResult } from '../../generator/core/compile.ts';
import { sitemap } from '../../generator/render/site-files.ts';
import type { CompiledSite } from '../../model/page.ts';
import { renderPage } from '../../runtime/render/render-page.tsx';
import { copyProject, errorsOf, projectRoot } from './fixture.ts';

/**
 * A category the copied site does not use: "Parenting" (slug "parents"), numbered until neither its name
 * nor its slug appears anywhere in the blog's files, so a marketer's own "Parenting" never collides.
 */
function absentCategory(blog: string): { name: string; slug: string; description: string } {
  const text = readdirSync(blog).filter((f) => f.endsWith('.yaml')).map((f) => readFileSync(join(blog, f), 'utf8')).join('\n').toLowerCase();
  for (let n = 1; ; n++) {
    const [name, slug] = n === 1 ? ['Parenting', 'parents'] : [`Parenting ${n}`, `parents-${n}`];
    if (!text.includes(name.toLowerCase()) && !text.includes(slug)) return { name, slug, description: 'Screens, children and the family table.' };
  }
}

let CATEGORY = { name: '', slug: '', description: '' };
let ROUTE = '';

let dir = '';
let result: CompileResult;
let site: CompiledSite;
let article = '';
const generatedBefore = readFileSync(join(projectRoot, 'model/schema.generated.ts'), 'utf8');
const render = (route: string) => renderPage({ compiled: site, page: site.pages.find((p) => p.route === route)!, assets: { css: ['/site.css'], scripts: [] }, supabaseUrl: 'http://127.0.0.1:54321', now: new Date('2026-01-15T12:00:00Z') }).html;

beforeAll(() => {
  dir = copyProject('blog-category-');
  CATEGORY = absentCategory(join(dir, 'pages/blog'));
  ROUTE = `/blog/category/${CATEGORY.slug}`;
  // The blog index: one more entry after the last category.
  const indexFile = join(dir, 'pages/blog/index.yaml');
  const lines = readFileSync(indexFile, 'utf8').split('\n');
  const start = lines.findIndex((l) => /^\s+categories:\s*$/.test(l));
  let last = start + 1;
  while (/^\s+- /.test(lines[last + 1] ?? '')) last++;
  const indent = /^(\s+)- /.exec(lines[last]!)![1];
  lines.splice(last + 1, 0, `${indent}- { name: "${CATEGORY.name}", slug: "${CATEGORY.slug}", description: "${CATEGORY.description}" }`);
  writeFileSync(indexFile, lines.join('\n'));
  // An article moves to the new category: a listed one, not the featured one, whose category keeps others.
  const blog = join(dir, 'pages/blog');
  type Meta = { category: string; featured?: boolean; unlisted?: boolean };
  const listed = readdirSync(blog).sort().flatMap((f) => {
    const a = (parse(readFileSync(join(blog, f), 'utf8')) as { article?: Meta }).article;
    return a && !a.unlisted ? [{ f, a }] : [];
  });
  const file = listed.find(({ a }) => !a.featured && listed.filter((x) => x.a.category === a.category).length > 1)!.f;
  article = `/blog/${file.replace(/\.yaml$/, '')}`;
  const text = readFileSync(join(blog, file), 'utf8');
  writeFileSync(join(blog, file), text.replace(/^(\s+category:).*$/m, `$1 ${CATEGORY.name}`));
  result = compileSite(dir);
  site = result.site!;
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a category added in the blog index and an article', () => {
  it('compiles with no error, no category warning and no generated types touched', () => {
    expect(errorsOf(result.diagnostics)).toEqual([]);
    expect(result.diagnostics.filter((d) => d.name === 'UndeclaredBlogCategory' || d.name === 'EmptyBlogCategory')).toEqual([]);
    expect(readFileSync(join(dir, 'model/schema.generated.ts'), 'utf8')).toBe(generatedBefore);
  });

  it('has its chip on the blog index, linking to its page', () => {
    expect(render('/blog')).toMatch(new RegExp(`<a[^>]*href="${ROUTE}"[^>]*>${CATEGORY.name}</a>`));
  });

  it('has its page, with its description and the article’s card', () => {
    const page = site.pages.find((p) => p.route === ROUTE)!;
    expect(page.listing?.category).toBe(CATEGORY.name);
    expect(page.description).toContain(CATEGORY.description);
    const html = render(ROUTE);
    expect(html).toContain(CATEGORY.description);
    expect(html).toContain(`href="${article}"`);
    expect(page.listing!.articles.map((a) => a.route)).toEqual([article]);
  });

  it('is in the sitemap', () => {
    expect(sitemap(site)).toContain(`${site.site.site.url.replace(/\/$/, '')}${ROUTE}</loc>`);
  });
});
