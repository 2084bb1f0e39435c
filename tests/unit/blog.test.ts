// The blog's honesty checks: read times match bodies (with located errors), no paragraph is repeated
// within or across articles, and the live site's index is built from its published article files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { isYaml, listFiles } from '../../generator/store/files.ts';
import { errorsOf, liveSite, makeFixture, VALID_INDEX } from './fixture.ts';
import { inlinePlain, parseInline } from '../../model/markup.ts';

const article = (readTime: number, words: number, extra = '') => `template: article
title: "An article"
description: "About something."
article:
  excerpt: "Short."
  category: Science
  date: "2025-01-20"
  readTime: ${readTime}
  author: { name: "A. Writer", title: "Writer" }
  featured: true${extra}
sections:
  - type: paragraph
    text: "${Array.from({ length: words }, (_, i) => `word${i}`).join(' ')}"
`;

describe('read time', () => {
  it('accepts an article whose body matches its read time', () => {
    const r = compileSite(makeFixture({ 'index.yaml': VALID_INDEX, 'blog/a.yaml': article(6, 1200) }));
    expect(r.diagnostics).toEqual([]);
  });
  it('rejects a padded article, located at readTime', () => {
    const r = compileSite(makeFixture({ 'index.yaml': VALID_INDEX, 'blog/a.yaml': article(6, 2000) }));
    expect(r.diagnostics).toMatchObject([{ name: 'ReadTime', file: 'pages/blog/a.yaml', line: 8, column: 13, path: 'article.readTime' }]);
    expect(r.diagnostics[0]!.message).toContain('2000 words');
  });
  it('rejects a too-short article', () => {
    const r = compileSite(makeFixture({ 'index.yaml': VALID_INDEX, 'blog/a.yaml': article(18, 1200) }));
    expect(r.diagnostics).toMatchObject([{ name: 'ReadTime', line: 8, path: 'article.readTime' }]);
  });
  it('requires exactly one featured listed article', () => {
    const r = compileSite(makeFixture({ 'index.yaml': VALID_INDEX, 'blog/a.yaml': article(6, 1200), 'blog/b.yaml': article(6, 1200) }));
    // The two bodies are the same text, which is also a (separate) repeated-paragraph warning.
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.name)).toEqual(['FeaturedArticle']);
  });
});

describe('repeated paragraphs', () => {
  it('are a warning at the repeat, naming the first: a copied article validates but is flagged', () => {
    const text = 'This paragraph is long enough to count as prose that a reader would notice twice.' + ' More words here.'.repeat(60);
    const page = (featured: boolean, sections: string) =>
      `template: article\ntitle: "A"\ndescription: "x"\narticle:\n  excerpt: "x"\n  category: Science\n  date: "2025-01-20"\n  readTime: 1\n  featured: ${featured}\n  author: { name: "A", title: "B" }\nsections:\n${sections}`;
    const r = compileSite(
      makeFixture({
        'index.yaml': VALID_INDEX,
        'blog/a.yaml': page(true, `  - type: paragraph\n    text: "${text}"\n`),
        'blog/b.yaml': page(false, `  - type: markdown\n    text: |\n      Intro.\n\n      ${text}\n`),
      }),
    );
    expect(r.ok).toBe(true);
    expect(r.diagnostics.map((d) => [d.name, d.severity, d.file])).toEqual([['RepeatedParagraph', 'warning', 'pages/blog/b.yaml']]);
    expect(r.diagnostics[0]!.message).toContain('pages/blog/a.yaml');
  });
});

describe('the articles of the live site', () => {
  // Read from the files as a marketer writes them: a draft, or an article scheduled later, is a file
  // that is not (yet) a page.
  const asOf = new Date();
  const articles = listFiles(join(liveSite, 'pages/blog'), isYaml)
    .filter((f) => !f.endsWith('index.yaml'))
    .map((f) => {
      const doc = parse(readFileSync(f, 'utf8')) as { draft?: boolean; publishAt?: string; article: { unlisted?: boolean; featured?: boolean } };
      const published = !doc.draft && !(doc.publishAt && Date.parse(doc.publishAt) > asOf.getTime());
      return { slug: f.split(/[\\/]/).pop()!.replace(/\.ya?ml$/, ''), published, unlisted: !!doc.article.unlisted, featured: !!doc.article.featured };
    });
  const compiled = () => {
    const r = compileSite(liveSite, { asOf });
    expect(errorsOf(r.diagnostics)).toEqual([]);
    return r.site!;
  };

  it('each published one becomes the page /blog/<file name>; drafts and scheduled ones do not', () => {
    const routes = new Set(compiled().pages.map((p) => p.route));
    expect(articles.filter((a) => a.published).length).toBeGreaterThan(0);
    for (const a of articles) expect(routes.has(`/blog/${a.slug}`), a.slug).toBe(a.published);
  });

  it('are in the index exactly when published and not unlisted: the featured one first, then newest first', () => {
    const listed = compiled().articles;
    const shown = articles.filter((a) => a.published && !a.unlisted);
    expect(listed.map((a) => a.slug).sort()).toEqual(shown.map((a) => a.slug).sort());
    expect(listed[0]!.slug).toBe(shown.find((a) => a.featured)!.slug);
    const rest = listed.slice(1).map((a) => a.date);
    expect(rest).toEqual([...rest].sort().reverse());
  });
});
