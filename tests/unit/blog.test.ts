// The blog's honesty checks: read times match bodies (with located errors), no paragraph is repeated
// within or across articles, and the index is built from the article files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { isYaml, listFiles } from '../../generator/core/load.ts';
import { inlinePlain, parseInline } from '../../model/markup.ts';
import { makeFixture, projectRoot, VALID_INDEX } from './fixture.ts';

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

describe('the articles', () => {
  const files = listFiles(join(projectRoot, 'pages/blog'), isYaml).filter((f) => !f.endsWith('index.yaml'));

  it('each become the page /blog/<file name>', () => {
    const r = compileSite(projectRoot);
    expect(r.ok).toBe(true);
    const routes = new Set(r.site!.pages.map((p) => p.route));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(routes, file).toContain(`/blog/${file.split(/[\\/]/).pop()!.replace(/\.ya?ml$/, '')}`);
  });

  it('are in the index exactly when not unlisted: the featured one first, then newest first', () => {
    const r = compileSite(projectRoot);
    expect(r.ok).toBe(true);
    const listed = r.site!.articles;
    const fromFiles = files.map((f) => {
      const a = (parse(readFileSync(f, 'utf8')) as { article: { unlisted?: boolean; featured?: boolean } }).article;
      return { slug: f.split(/[\\/]/).pop()!.replace(/\.ya?ml$/, ''), unlisted: !!a.unlisted, featured: !!a.featured };
    });
    expect(listed.map((a) => a.slug).sort()).toEqual(fromFiles.filter((a) => !a.unlisted).map((a) => a.slug).sort());
    expect(listed[0]!.slug).toBe(fromFiles.find((a) => a.featured && !a.unlisted)!.slug);
    const rest = listed.slice(1).map((a) => a.date);
    expect(rest).toEqual([...rest].sort().reverse());
  });
});
