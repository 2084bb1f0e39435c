// Where a long article is split into parts (generator/core/templates/article-parts.ts); what each part's
// page holds is tested on a built fixture site in round-trip-budget.test.ts.
import { describe, expect, it } from 'vitest';
import { partStarts, withArticleParts, ARTICLE_PART_WEIGHT } from '../../generator/core/templates/article-parts.ts';
import type { Block, PageDefinition } from '../../model/page.ts';
import { shownSections } from '../../model/page.ts';

// Words in a fixed pseudo-random order, so brotli cannot fold the text onto itself.
const WORDS = 'phone sleep focus attention scroll habit notification evening morning friend book walk quiet minute table screen feed'.split(' ');
let x = 11;
const word = () => {
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  return WORDS[(x >>> 0) % WORDS.length]!;
};
const paragraph = (): Block => ({ type: 'paragraph', text: Array.from({ length: 90 }, word).join(' ') }) as Block;
const heading = (n: number): Block => ({ type: 'heading', level: 2, text: `Heading ${n}` }) as Block;

/** header, then `n` chapters of a heading and four paragraphs, then the footer. */
function article(n: number): Block[] {
  return [{ type: 'article-header' } as Block, ...Array.from({ length: n }, (_, i) => [heading(i), paragraph(), paragraph(), paragraph(), paragraph()]).flat(), { type: 'article-footer' } as Block];
}

describe('a long article’s parts', () => {
  it('a short article is one part', () => {
    expect(partStarts(article(2))).toEqual([0]);
  });

  it('a long one starts each later part at a heading, never with its footer, and each part weighs at most a part’s share', () => {
    for (const chapters of [20, 40, 150]) {
      const sections = article(chapters);
      const starts = partStarts(sections);
      expect(starts.length, `${chapters} chapters`).toBeGreaterThan(1);
      expect(starts[0]).toBe(0);
      for (const s of starts.slice(1)) expect(sections[s]!.type).toBe('heading');
      expect(starts).not.toContain(sections.length - 1);
      // Weighed the way the split weighs: the whole article's brotli ratio applied to each part's text.
      const ends = [...starts.slice(1), sections.length];
      const chars = starts.map((s, i) => JSON.stringify(sections.slice(s, ends[i])).length);
      const most = Math.max(...chars);
      const total = chars.reduce((a, b) => a + b, 0);
      // Parts are about equal: none more than 15% and a chapter over the average (a part may run on to end before a heading).
      expect(most).toBeLessThan((total / starts.length) * 1.15 + JSON.stringify(sections.slice(1, 6)).length);
    }
  });

  it('the table of contents, which the first part carries whole, weighs on the first part', () => {
    // Many short chapters: the contents list every one of them on part 1.
    const sections = [{ type: 'article-header' } as Block, ...Array.from({ length: 300 }, (_, i) => [heading(i), paragraph()]).flat(), { type: 'article-footer' } as Block];
    const starts = partStarts(sections);
    expect(starts.length).toBeGreaterThan(2);
    expect(starts[1]! - starts[0]!).toBeLessThan(starts[2]! - starts[1]!);
  });

  it('the more the text, the more parts; the limit is what a part holds', () => {
    const long = article(60);
    expect(partStarts(long, ARTICLE_PART_WEIGHT / 2).length).toBeGreaterThan(partStarts(long).length);
  });

  it('every section is shown on exactly one part, in order, and only the first part is an article of its own', () => {
    const sections = article(40);
    const page = { route: '/blog/long', file: 'pages/blog/long.yaml', title: 'Long', description: 'A long one.', header: 'site', template: 'article', sections, article: { slug: 'long', route: '/blog/long', title: 'Long', excerpt: '', category: 'X', date: '2025-01-01', readTime: 30, author: { name: 'A', title: 'B' } } } as unknown as PageDefinition;
    const parts = withArticleParts([page]);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.map((p) => p.route)).toEqual(parts.map((_, i) => (i === 0 ? '/blog/long' : `/blog/long/${i + 1}`)));
    expect(parts.flatMap((p) => shownSections(p).sections)).toEqual(sections);
    expect(parts.filter((p) => p.article).map((p) => p.route)).toEqual(['/blog/long']);
    for (const p of parts) expect(p.part?.of.title).toBe('Long');
  });
});
