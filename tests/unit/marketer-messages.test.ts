// The messages a marketer meets, read as a marketer reads them: the read time states the range allowed
// and the value that fits (never the one already there); a repeated paragraph is pointed at where it is
// written; a colon in an unquoted text is named for what it is; an unknown block type speaks first to
// whoever misspelt it; sentences end with their full stops.
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { readTimeFor, readTimeRange } from '../../generator/core/read-time.ts';
import { makeFixture, VALID_INDEX } from './fixture.ts';

const page = (sections: string) => `title: "About"\ndescription: "x"\nsections:\n${sections}`;
const compile = (pages: Record<string, string>) => compileSite(makeFixture({ 'index.yaml': VALID_INDEX, ...pages })).diagnostics;
const article = (slug: string, readTime: number, sections: string, featured = true) => ({
  [`blog/${slug}.yaml`]: `template: article
title: "${slug}"
description: "x"
article:
  excerpt: "x"
  category: Science
  date: "2025-01-20"
  readTime: ${readTime}
  featured: ${featured}
  author: { name: "A", title: "B" }
sections:
${sections}`,
});
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
const paragraphOf = (n: number) => `  - type: paragraph\n    text: "${words(n)}"\n`;

describe('read time', () => {
  it('accepts readTime: 1 for a short body', () => {
    expect(compile(article('short', 1, paragraphOf(45))).filter((d) => d.name === 'ReadTime')).toEqual([]);
  });

  for (const [stated, count] of [[3, 45], [1, 280], [2, 1200]] as const) {
    it(`states the range and a value that fits, never ${stated} itself, for ${count} words under readTime: ${stated}`, () => {
      const hits = compile(article('a', stated, paragraphOf(count))).filter((d) => d.name === 'ReadTime');
      expect(hits).toHaveLength(1);
      const allowed = readTimeRange(stated);
      const fit = readTimeFor(count);
      const fitRange = readTimeRange(fit);
      expect(fit).not.toBe(stated);
      expect(count).toBeGreaterThanOrEqual(fitRange.minWords);
      expect(count).toBeLessThanOrEqual(fitRange.maxWords);
      expect(hits[0]!.message).toBe(
        `readTime is ${stated} min, which allows ${allowed.minWords}–${allowed.maxWords} words at 200 words a minute, but the body has ${count} words. Write readTime: ${fit} (${fitRange.minWords}–${fitRange.maxWords} words).`,
      );
    });
  }
});

describe('a repeated paragraph', () => {
  it('is located at the paragraph inside a markdown block, not at the block', () => {
    const repeated = 'This sentence is long enough to count as a paragraph that someone copied from another article by mistake.';
    const first = article('first', 1, `  - type: paragraph\n    text: "${repeated}"\n`);
    const second = article('second', 1, `  - type: markdown\n    text: |\n      An opening paragraph that is only in this article and says something of its own.\n\n      ${repeated}\n`, false);
    const hits = compile({ ...first, ...second }).filter((d) => d.name === 'RepeatedParagraph');
    const lines = Object.values(second)[0]!.split('\n');
    const line = lines.findIndex((l) => l.includes(repeated)) + 1;
    expect(line).toBeGreaterThan(lines.findIndex((l) => l.includes('text: |')) + 2);
    expect(hits).toMatchObject([{ file: 'pages/blog/second.yaml', line, column: lines[line - 1]!.indexOf(repeated) + 1 }]);
    expect(hits[0]!.message).toContain('pages/blog/first.yaml');
  });
});

describe('a colon in an unquoted text', () => {
  it('is titled for what it is and says to quote the text', () => {
    const hits = compile({ 'about.yaml': page('  - type: paragraph\n    text: Step one: turn off notifications\n') }).filter((d) => d.file === 'pages/about.yaml');
    expect(hits).toMatchObject([{ name: 'UnquotedColon', title: 'Colon in a text without quotes', line: 5 }]);
    expect(hits[0]!.message).toContain('put the whole text in quotes');
    expect(hits[0]!.hint).toContain('text: "Step 1: turn off notifications"');
  });

  it('is still a wrong indentation when a line is indented wrongly', () => {
    const hits = compile({ 'about.yaml': page('  - type: paragraph\n     text: "a"\n') }).filter((d) => d.file === 'pages/about.yaml');
    expect(hits).toMatchObject([{ name: 'Indentation', title: 'Wrong indentation' }]);
  });
});

describe('an unknown block type', () => {
  it('suggests the type meant, then tells a developer how to add one', () => {
    const [hit] = compile({ 'about.yaml': page('  - type: paragraf\n    text: "a"\n') }).filter((d) => d.name === 'UnknownBlockType');
    expect(hit!.message).toMatch(/^unknown block type "paragraf"; did you mean "paragraph"\? Known types: .*\.$/);
    expect(hit!.hint.indexOf('misspelt')).toBeGreaterThanOrEqual(0);
    expect(hit!.hint.indexOf('misspelt')).toBeLessThan(hit!.hint.indexOf('developer'));
  });

  it('ends its first sentence with a full stop when there is no guess', () => {
    const [hit] = compile({ 'about.yaml': page('  - type: zzzzzzzzzz\n    text: "a"\n') }).filter((d) => d.name === 'UnknownBlockType');
    expect(hit!.message).toMatch(/^unknown block type "zzzzzzzzzz"\. Known types: .*\.$/);
  });
});

describe('full stops', () => {
  it('end each sentence of a broken-anchor message', () => {
    const guessed = compile({ 'about.yaml': page('  - type: cta\n    label: "Go"\n    href: "/#prodcts"\n') }).find((d) => d.name === 'BrokenAnchor')!;
    expect(guessed.message).toBe('link /#prodcts: / has no section "#prodcts"; did you mean "#products"? Sections there: #products.');
    const plain = compile({ 'about.yaml': page('  - type: cta\n    label: "Go"\n    href: "/#zzzzzzzz"\n') }).find((d) => d.name === 'BrokenAnchor')!;
    expect(plain.message).toBe('link /#zzzzzzzz: / has no section "#zzzzzzzz". Sections there: #products.');
  });

  it('end an unknown product’s and an unknown token’s sentences', () => {
    const product = compile({ 'about.yaml': page('  - type: price-box\n    product: zzzzzzzz\n') }).find((d) => d.name === 'UnknownProduct')!;
    expect(product.message).toMatch(/^unknown product "zzzzzzzz"\. Known products: .*\.$/);
    const token = compile({ 'about.yaml': page('  - type: paragraph\n    text: "{prise:instagram}"\n') }).find((d) => d.name === 'UnknownToken')!;
    expect(token.message).toMatch(/^\{prise:instagram\} is not a known value; did you mean \{price:<product>\}\? Known: .*\.$/);
  });
});
