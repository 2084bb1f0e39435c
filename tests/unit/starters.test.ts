// `npm run new` writes starters that validate as written, on a copy of the whole project: a page, an
// article that teaches the markdown block, a platform page filled from the catalogue as a draft, and a
// newsletter as a draft.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import type { Product } from '../../model/schema.generated.ts';
import { copyProject, errorsOf } from './fixture.ts';
import { TSX_LOADER } from './tsx-loader.ts';

let dir = '';
beforeAll(() => {
  dir = copyProject('starters-');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const runNew = (...args: string[]) => spawnSync(process.execPath, [...TSX_LOADER, 'generator/cli/new.ts', ...args], { cwd: dir, encoding: 'utf8' });

/** The modeline's schema path, resolved from the written file, is the editors' copy of the page schema (or `schemaFile`), and it exists. */
function expectModeline(file: string, schemaFile = 'page.schema.json') {
  const first = readFileSync(join(dir, file), 'utf8').split('\n')[0]!;
  const m = /^# yaml-language-server: \$schema=(.+)$/.exec(first);
  expect(m, first).not.toBeNull();
  const schema = resolve(dirname(join(dir, file)), m![1]!);
  expect(schema).toBe(join(dir, '.vscode/schemas', schemaFile));
  expect(existsSync(schema), 'npm run new writes the schema its modeline names').toBe(true);
}

describe('npm run new', () => {
  it('writes an article that teaches the markdown block and validates as written', () => {
    const r = runNew('article', 'a-fresh-article');
    expect(r.status, r.stderr).toBe(0);
    const text = readFileSync(join(dir, 'pages/blog/a-fresh-article.yaml'), 'utf8');
    expect(text).toContain('type: markdown');
    expect(text).toContain('text: |');
    expectModeline('pages/blog/a-fresh-article.yaml');
    const compiled = compileSite(dir);
    expect(errorsOf(compiled.diagnostics)).toEqual([]);
    const page = compiled.site!.pages.find((p) => p.route === '/blog/a-fresh-article')!;
    expect(page.sections.map((s) => s.type)).toEqual(['article-header', 'markdown', 'callout', 'cta', 'article-footer']);
    // Its body shows a heading and a list too, and its read time is honest (no ReadTime error above).
    expect(text).toMatch(/^ {6}## /m);
    expect(text).toMatch(/^ {6}- /m);
  });

  it('writes a page that validates as written, with its modeline at any depth', () => {
    expect(runNew('page', 'a-fresh-page').status).toBe(0);
    expect(runNew('page', 'guides/deep/a-nested-page').status).toBe(0);
    expectModeline('pages/a-fresh-page.yaml');
    expectModeline('pages/guides/deep/a-nested-page.yaml');
    const compiled = compileSite(dir);
    expect(errorsOf(compiled.diagnostics)).toEqual([]);
    expect(compiled.site!.pages.map((p) => p.route)).toEqual(expect.arrayContaining(['/a-fresh-page', '/guides/deep/a-nested-page']));
  });

  it('writes a newsletter as a draft that validates as written, refused published until its DRAFT copy is written', () => {
    const r = runNew('newsletter', 'a-fresh-letter');
    expect(r.status, r.stderr).toBe(0);
    const name = 'newsletters/a-fresh-letter.yaml';
    expectModeline(name, 'newsletter.schema.json');
    const compiled = compileSite(dir);
    expect(errorsOf(compiled.diagnostics)).toEqual([]);
    expect(compiled.schedule!.drafts.map((d) => d.file)).toContain(name);
    const file = join(dir, name);
    const starter = readFileSync(file, 'utf8');
    try {
      writeFileSync(file, starter.replace(/^draft: true\n/m, ''));
      const lines = readFileSync(file, 'utf8').split('\n');
      const marked = lines.flatMap((l, i) => (/^[^#]*"DRAFT: /.test(l) ? [i + 1] : []));
      // Its subject, its preheader and its body are all marked.
      expect(lines.filter((l) => /^(subject|preheader): "DRAFT: /.test(l))).toHaveLength(2);
      expect(marked.length).toBeGreaterThan(2);
      const found = errorsOf(compileSite(dir).diagnostics).filter((d) => d.file === name);
      expect(found.map((d) => [d.name, d.line])).toEqual(marked.map((line) => ['DraftCopy', line]));
      writeFileSync(file, lines.join('\n').replace(/"DRAFT: /g, '"'));
      expect(errorsOf(compileSite(dir).diagnostics)).toEqual([]);
    } finally {
      writeFileSync(file, starter);
    }
    // A list mail's name, or a folder, is no newsletter's.
    expect(runNew('newsletter', 'welcome').status).toBe(2);
    expect(runNew('newsletter', 'issues/one').status).toBe(2);
    expect(existsSync(join(dir, 'newsletters/welcome.yaml'))).toBe(false);
  });

  describe('platform', () => {
    // A new platform as a marketer adds it: one catalogue entry (made from an existing guide's), then the starter.
    let guide: Product;
    let bundles: string[];
    beforeAll(() => {
      const configFile = join(dir, 'site.config.yaml');
      const doc = parseDocument(readFileSync(configFile, 'utf8'));
      const products = (doc.toJS() as { products: Product[] }).products;
      guide = products.find((p) => !p.bundles?.length)!;
      bundles = products.filter((p) => p.bundles?.length).map((p) => p.id);
      const entry: Product = { ...guide, id: 'starterplatform', platform: 'Starterplatform', route: '/starterplatform-detox', title: 'Starterplatform Detox Plan', checkoutUrl: 'https://checkout.example.com/starterplatform' };
      doc.addIn(['products'], doc.createNode(entry));
      writeFileSync(configFile, doc.toString());
    });

    it('fills every section from the catalogue with DRAFT copy, as a draft that validates as written', () => {
      const r = runNew('platform', 'starterplatform');
      expect(r.status, r.stderr).toBe(0);
      const file = 'pages/starterplatform-detox.yaml';
      expectModeline(file);
      const text = readFileSync(join(dir, file), 'utf8');
      expect(text).toMatch(/^draft: true$/m);
      const dev = compileSite(dir, { includeUnpublished: true });
      expect(errorsOf(dev.diagnostics)).toEqual([]);
      const page = dev.site!.pages.find((p) => p.route === '/starterplatform-detox')!;
      // Every block of the platform template is there, and names the product.
      const guidePage = dev.site!.pages.find((p) => p.route === guide.route)!;
      expect(page.sections.map((s) => s.type)).toEqual(guidePage.sections.map((s) => s.type));
      expect(page.sections.filter((s) => 'product' in s && !bundles.includes(s.product as string)).every((s) => (s as { product: string }).product === 'starterplatform')).toBe(true);
      // Each text a visitor would read is marked as draft copy.
      const data = parseDocument(text).toJS() as { title: string; description: string; platform: Record<string, unknown> };
      const texts = [data.title, data.description, ...strings(data.platform).filter((s) => !/^(starterplatform|Starterplatform|\/images\/.+)$/.test(s))];
      expect(texts.filter((s) => !s.startsWith('DRAFT: '))).toEqual([]);
      // A build leaves the page and the product out; `validate` (a build's compile) has no error.
      const built = compileSite(dir);
      expect(errorsOf(built.diagnostics)).toEqual([]);
      expect(built.site!.pages.map((p) => p.route)).not.toContain('/starterplatform-detox');
      expect(built.site!.site.products.map((p) => p.id)).not.toContain('starterplatform');
    });

    it('published with its DRAFT copy still in, it is invalid: an error at each marked text, none once the copy is written', () => {
      const file = join(dir, 'pages/starterplatform-detox.yaml');
      const starter = readFileSync(file, 'utf8');
      try {
        writeFileSync(file, starter.replace(/^draft: true\n/m, ''));
        const lines = readFileSync(file, 'utf8').split('\n');
        const marked = lines.flatMap((l, i) => (/^[^#]*"DRAFT: /.test(l) ? [i + 1] : []));
        // The starter must hold marked copy, or the comparisons below would hold on nothing.
        expect(marked.length).toBeGreaterThan(0);
        const found = errorsOf(compileSite(dir).diagnostics).filter((d) => d.file === 'pages/starterplatform-detox.yaml');
        expect(found.map((d) => d.name)).toEqual(marked.map(() => 'DraftCopy'));
        expect(found.map((d) => d.line)).toEqual(marked);
        writeFileSync(file, lines.join('\n').replace(/"DRAFT: /g, '"'));
        expect(errorsOf(compileSite(dir).diagnostics)).toEqual([]);
      } finally {
        writeFileSync(file, starter);
      }
    });

    it('refuses an unknown product with a did-you-mean, writing nothing', () => {
      const r = runNew('platform', 'starterplatfrom');
      expect(r.status).toBe(2);
      expect(r.stderr).toContain('site.config.yaml');
      expect(r.stderr).toContain('did you mean "starterplatform"?');
      expect(existsSync(join(dir, 'pages/starterplatfrom-detox.yaml'))).toBe(false);
    });

    it('never overwrites a page', () => {
      const r = runNew('platform', 'starterplatform');
      expect(r.status).toBe(2);
      expect(r.stderr).toContain('already exists');
    });
  });
});

/** Every string in a value, depth first (numbers, booleans and keys left out). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}
