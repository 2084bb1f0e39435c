// One test per kind of error: each asserts file, line, column and path of the located diagnostic.
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { formatReport } from '../../generator/report/report.ts';
import { makeFixture, VALID_INDEX } from './fixture.ts';

const compile = (pages: Record<string, string>, config?: string) => compileSite(makeFixture({ 'index.yaml': VALID_INDEX, ...pages }, config));

const PLATFORM_PAGE = (price: string) => `title: "Instagram"
description: "Sales page."
sections:
  - type: page-title
    title: "Instagram"
  - type: paragraph
    text: "Intro"
  - type: price-box
    product: instagram
    countdown: ${price}
`;

describe('generator diagnostics', () => {
  it('compiles a valid tree into typed page definitions', () => {
    const r = compile({});
    expect(r.diagnostics).toEqual([]);
    expect(r.ok).toBe(true);
    const home = r.site!.pages.find((p) => p.route === '/')!;
    expect(home.sections.map((s) => s.type)).toEqual(['hero', 'products']);
    expect(home.title).toBe('Home');
  });

  it('locates a wrong type deep in a block at the value itself', () => {
    const r = compile({ 'instagram-detox.yaml': PLATFORM_PAGE('"yes"') });
    expect(r.ok).toBe(false);
    expect(r.diagnostics).toMatchObject([{ name: 'WrongType', file: 'pages/instagram-detox.yaml', line: 10, column: 16, path: 'sections[2].countdown', message: 'must be boolean, got "yes"' }]);
    expect(formatReport(r.diagnostics, r.texts)).toContain('pages/instagram-detox.yaml:10:16 sections[2].countdown: must be boolean, got "yes"\n');
  });

  it('locates a missing required field at the block that lacks it', () => {
    const r = compile({ 'about.yaml': 'title: "About"\ndescription: "x"\nsections:\n  - type: paragraph\n    text: "a"\n  - type: cta\n    label: "Go"\n' });
    expect(r.diagnostics).toMatchObject([{ name: 'MissingField', file: 'pages/about.yaml', line: 6, column: 5, path: 'sections[1]', message: 'missing required field "href"' }]);
  });

  it('reports an unknown block type with a suggestion and the known types', () => {
    const r = compile({ 'about.yaml': 'title: "About"\ndescription: "x"\nsections:\n  - type: paragrap\n    text: "a"\n' });
    expect(r.diagnostics).toHaveLength(1);
    const d = r.diagnostics[0]!;
    expect(d).toMatchObject({ name: 'UnknownBlockType', file: 'pages/about.yaml', line: 4, column: 11, path: 'sections[0].type' });
    expect(d.message).toContain('did you mean "paragraph"?');
    expect(d.message).toContain('Known types: ');
    expect(d.message).toContain('hero');
  });

  it('reports an unknown product id where it is written', () => {
    const r = compile({ 'buy.yaml': 'title: "Buy"\ndescription: "x"\nsections:\n  - type: price-box\n    product: instagran\n' });
    expect(r.diagnostics).toMatchObject([{ name: 'UnknownProduct', file: 'pages/buy.yaml', line: 5, column: 14, path: 'sections[0].product' }]);
    expect(r.diagnostics[0]!.message).toContain('did you mean "instagram"?');
  });

  it('reports a broken internal link, also inside inline text', () => {
    const r = compile({ 'about.yaml': 'title: "About"\ndescription: "x"\nsections:\n  - type: paragraph\n    text: "See [our blog](/blogg) now."\n' });
    expect(r.diagnostics).toMatchObject([{ name: 'BrokenLink', file: 'pages/about.yaml', line: 5, column: 27, path: 'sections[0].text', message: 'link /blogg goes to no page' }]);
  });

  it('reports a broken #anchor with the sections the target has', () => {
    const r = compile({ 'about.yaml': 'title: "About"\ndescription: "x"\nsections:\n  - type: cta\n    label: "Go"\n    href: "/#prodcts"\n' });
    expect(r.diagnostics).toMatchObject([{ name: 'BrokenAnchor', file: 'pages/about.yaml', line: 6, column: 11, path: 'sections[0].href' }]);
    expect(r.diagnostics[0]!.message).toContain('did you mean "#products"?');
  });

  it('reports a duplicate route', () => {
    const page = 'title: "About"\ndescription: "x"\nsections:\n  - type: paragraph\n    text: "a"\n';
    const r = compile({ 'about.yaml': page, 'about/index.yaml': page });
    expect(r.diagnostics).toMatchObject([{ name: 'DuplicateRoute', file: 'pages/about.yaml', line: 1, column: 1, path: '' }]);
    expect(r.diagnostics[0]!.message).toBe('route /about is also defined by pages/about/index.yaml');
  });

  it('locates a YAML syntax error', () => {
    const r = compile({ 'about.yaml': 'title: "About"\ndescription: x: y\nsections: []\n' });
    expect(r.ok).toBe(false);
    expect(r.diagnostics).toMatchObject([{ name: 'YamlSyntax', file: 'pages/about.yaml', line: 2, column: 14, message: 'Nested mappings are not allowed in compact mappings' }]);
  });

  it('locates a duplicate key at the second occurrence', () => {
    const r = compile({ 'about.yaml': 'title: "About"\ndescription: "x"\ntitle: "Again"\nsections: []\n' });
    expect(r.diagnostics).toMatchObject([{ name: 'DuplicateKey', file: 'pages/about.yaml', line: 3, column: 1 }]);
  });

  it('reports an unknown field at its key with a suggestion', () => {
    const r = compile({ 'about.yaml': 'title: "About"\ndescription: "x"\nsections:\n  - type: paragraph\n    txt: "a"\n' });
    expect(r.diagnostics.map((d) => d.name)).toContain('UnknownField');
    expect(r.diagnostics.find((d) => d.name === 'UnknownField')).toMatchObject({ line: 5, column: 5, path: 'sections[0].txt' });
  });

  it('collects every error of every file before stopping', () => {
    const r = compile({
      'a.yaml': 'title: "A"\ndescription: "x"\nsections:\n  - type: nope\n',
      'b.yaml': 'title: 3\ndescription: "x"\nsections: []\n',
    });
    expect(new Set(r.diagnostics.map((d) => d.file))).toEqual(new Set(['pages/a.yaml', 'pages/b.yaml']));
  });

  it('fills catalogue values into text and locates an unknown one', () => {
    const ok = compile({ 'about.yaml': 'title: "About"\ndescription: "x"\nsections:\n  - type: paragraph\n    text: "Only {price:instagram} instead of {originalPrice:instagram}, with a {guaranteeDays}-day guarantee via {provider}."\n' });
    expect(ok.diagnostics).toEqual([]);
    const about = ok.site!.pages.find((p) => p.route === '/about')!;
    expect(about.sections[0]).toMatchObject({ text: 'Only $29 instead of $127, with a 30-day guarantee via Stripe.' });
    const bad = compile({ 'about.yaml': 'title: "About"\ndescription: "x"\nsections:\n  - type: paragraph\n    text: "Only {prize:instagram} or {price:instagran}."\n' });
    expect(bad.diagnostics.map((d) => [d.name, d.line, d.column, d.path])).toEqual([
      ['UnknownToken', 5, 17, 'sections[0].text'],
      ['TokenUnknownProduct', 5, 38, 'sections[0].text'],
    ]);
    expect(bad.diagnostics[0]!.message).toContain('did you mean {price:<product>}?');
    expect(bad.diagnostics[1]!.message).toContain('unknown product "instagran"; did you mean "instagram"?');
  });
});
