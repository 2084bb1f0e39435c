// The generator follows the schemas: fields are checked for what they are (x-kind), whatever they are
// called; defaults come from the schema; text goes through one linear parser; markdown prose is
// located line by line. All on small fixture sites.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { renderPage } from '../../runtime/render/render-page.tsx';
import { makeFixture, MINIMAL_CONFIG, projectRoot, VALID_INDEX } from './fixture.ts';

const page = (sections: string) => `title: "About"\ndescription: "x"\nsections:\n${sections}`;
const assets = { css: [], scripts: [] };

/** A block no component knows, whose fields have names the generator has never seen. */
const GALLERY = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'GalleryBlock',
  type: 'object',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { const: 'gallery' },
    bundle: { $ref: '../defs.schema.json#/$defs/productId' },
    picture: { type: 'object', additionalProperties: false, properties: { url: { $ref: '../defs.schema.json#/$defs/publicFile' } } },
    target: { $ref: '../defs.schema.json#/$defs/href' },
    blurb: { $ref: '../defs.schema.json#/$defs/inlineText' },
  },
};

describe('cross-checks follow the schema', () => {
  it('checks a product id, an address, a file and a link inside text in fields with new names', () => {
    const root = makeFixture({ 'index.yaml': VALID_INDEX });
    writeFileSync(join(root, 'schemas/blocks/gallery.schema.json'), JSON.stringify(GALLERY));
    writeFileSync(join(root, 'pages/about.yaml'), page('  - type: gallery\n    bundle: instagran\n    picture:\n      url: /images/nowhere.png\n    target: /abut\n    blurb: "Read [this](/blgo) first."\n'));
    const r = compileSite(root);
    expect(r.diagnostics.map((d) => [d.name, d.path, d.line, d.column])).toEqual([
      ['UnknownProduct', 'sections[0].bundle', 5, 13],
      ['MissingFile', 'sections[0].picture.url', 7, 12],
      ['BrokenLink', 'sections[0].target', 8, 13],
      ['BrokenLink', 'sections[0].blurb', 9, 25],
    ]);
    expect(r.diagnostics[0]!.message).toContain('did you mean "instagram"?');
  });

  it('refuses script, data and plain-http links inside text', () => {
    const r = compileSite(makeFixture({ 'index.yaml': VALID_INDEX, 'about.yaml': page('  - type: paragraph\n    text: "A [plain](http://example.com) link and a [mail](mailto:a@example.com) one."\n') }));
    expect(r.diagnostics.map((d) => [d.name, d.line, d.column])).toEqual([['UnsafeLink', 5, 22]]);
  });
});

describe('schema defaults', () => {
  it('reach the component from the schema, typed nowhere else', () => {
    const root = makeFixture({ 'index.yaml': VALID_INDEX, 'about.yaml': page('  - type: list\n    items: ["one"]\n  - type: products\n    heading: "Pick"\n    featured: instagram\n    products: [instagram]\n') });
    // Change a default in the fixture's copy of the schema: the page must show the new one.
    const schemaFile = join(root, 'schemas/blocks/products.schema.json');
    const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as { properties: { cardButton: { default: string } } };
    schema.properties.cardButton.default = 'Take me there';
    writeFileSync(schemaFile, JSON.stringify(schema));
    const r = compileSite(root);
    expect(r.diagnostics).toEqual([]);
    const about = r.site!.pages.find((p) => p.route === '/about')!;
    expect(about.sections[0]).toMatchObject({ type: 'list', ordered: false });
    const { html } = renderPage({ compiled: r.site!, page: about, assets, supabaseUrl: 'http://127.0.0.1:54321', now: new Date() });
    expect(html).toContain('Take me there');
    expect(html).toContain('<ul');
  });
});

describe('template blocks', () => {
  it('only blocks a template wrote are checked as the template’s; hand-written ones are not blamed on it', () => {
    const problem = JSON.parse(readFileSync(join(projectRoot, 'schemas/blocks/problem.schema.json'), 'utf8')).examples[0] as { cards: { icon: string }[] };
    problem.cards[0]!.icon = '{siteName}';
    // A site name longer than an icon may be: the token passes validation, its value would not.
    const config = MINIMAL_CONFIG.replace('name: "Test Site"', 'name: "A Rather Long Test Site Name"');
    const r = compileSite(makeFixture({ 'index.yaml': VALID_INDEX, 'about.yaml': `title: "About"\ndescription: "x"\nsections:\n  - ${JSON.stringify(problem)}\n` }, config));
    expect(r.diagnostics.map((d) => d.name)).not.toContain('InvalidTemplateOutput');
    expect(r.diagnostics).toEqual([]);
  });
});

describe('one linear parser for text', () => {
  const timed = (text: string) => {
    const root = makeFixture({ 'index.yaml': VALID_INDEX, 'about.yaml': page(`  - type: paragraph\n    text: "${text}"\n`) });
    const started = performance.now();
    const r = compileSite(root);
    return { ms: performance.now() - started, r };
  };

  it('validates 200,000 "[" in about the time of 200,000 plain letters', () => {
    timed('warm up');
    const plain = Math.min(...[0, 1, 2].map(() => timed('a'.repeat(200_000)).ms));
    const hostile = timed('['.repeat(200_000));
    const hostileMs = Math.min(hostile.ms, timed('['.repeat(200_000)).ms);
    expect(hostile.r.ok).toBe(true);
    // Linear, not quadratic: a regex parser took 40 s here. Compared within one run, as the machine is shared.
    expect(hostileMs / plain).toBeLessThan(8);
    console.log(`200,000 '[': ${hostileMs.toFixed(0)} ms; 200,000 letters: ${plain.toFixed(0)} ms`);
  });

  it('renders what a reader expects: no emphasis from lone stars, escapes, links with empty labels', () => {
    const r = compileSite(makeFixture({ 'index.yaml': VALID_INDEX, 'about.yaml': page('  - type: paragraph\n    text: "5 * 3 = 15 and 2 * 2, \\\\*not italic\\\\*, **bold** and [](/blog)"\n'), 'blog.yaml': page('  - type: paragraph\n    text: "Blog"\n') }));
    expect(r.diagnostics).toEqual([]);
    const about = r.site!.pages.find((p) => p.route === '/about')!;
    const { html } = renderPage({ compiled: r.site!, page: about, assets, supabaseUrl: 'http://127.0.0.1:54321', now: new Date() });
    expect(html).toContain('5 * 3 = 15 and 2 * 2, *not italic*, <strong>bold</strong> and <a href="/blog"');
    expect(html).not.toContain('<em>');
  });
});

describe('markdown prose blocks', () => {
  const MD = `title: "About"
description: "x"
sections:
  - type: markdown
    text: |
      ## Why

      A first paragraph with **bold**.

      - an item
      - see [the guide](/guide) here

      # Too high
`;

  it('locates a link and a heading inside the block at their own line and column', () => {
    const r = compileSite(makeFixture({ 'index.yaml': VALID_INDEX, 'about.yaml': MD }));
    expect(r.diagnostics.map((d) => [d.name, d.file, d.line, d.column, d.path])).toEqual([
      ['BrokenLink', 'pages/about.yaml', 11, 25, 'sections[0].text'],
      ['ProseHeading', 'pages/about.yaml', 13, 7, 'sections[0].text'],
    ]);
  });

  it('renders headings, paragraphs, lists and quotes as the prose blocks do', () => {
    const ok = MD.replace('(/guide)', '(/)').replace('      # Too high\n', '      > Quiet is a skill.\n');
    const r = compileSite(makeFixture({ 'index.yaml': VALID_INDEX, 'about.yaml': ok }));
    expect(r.diagnostics).toEqual([]);
    const about = r.site!.pages.find((p) => p.route === '/about')!;
    const { html } = renderPage({ compiled: r.site!, page: about, assets, supabaseUrl: 'http://127.0.0.1:54321', now: new Date() });
    expect(html).toMatch(/<h2 class="prose-width[^"]*">Why<\/h2>/);
    expect(html).toContain('A first paragraph with <strong>bold</strong>.');
    expect(html).toMatch(/<ul class="[^"]*list-disc[^"]*"><li class="pl-1">an item<\/li>/);
    expect(html).toMatch(/<blockquote class="[^"]*italic[^"]*"><p>Quiet is a skill.<\/p><\/blockquote>/);
  });
});
