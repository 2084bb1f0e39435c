// The dev server compiles on every save and keeps the last compile's documents and pages (the compile
// cache's in-memory layer, remember()),
// so a save compiles only what changed. After each kind of edit, its compile must equal a fresh one:
// the same site, the same diagnostics at the same places.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileSite, type CompileResult } from '../../generator/core/compile.ts';
import { CompileCache } from '../../generator/store/compile-cache.ts';
import { blockComponents } from '../../runtime/render/render-page.tsx';
import { copyProject } from './fixture.ts';

const dir = copyProject('compile-memo-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const asOf = new Date('2026-06-01T00:00:00Z');
const summary = (r: CompileResult) =>
  JSON.stringify({ ok: r.ok, site: r.site, schedule: r.schedule, diagnostics: r.diagnostics.map((d) => [d.name, d.severity, d.file, d.line, d.column, d.message]) });
const fresh = () => compileSite(dir, { components: blockComponents, asOf, includeUnpublished: true });

const articles = readdirSync(join(dir, 'pages/blog')).filter((f) => f.endsWith('.yaml') && f !== 'index.yaml');
const edit = (file: string, change: (text: string) => string) => {
  const full = join(dir, file);
  const before = readFileSync(full, 'utf8');
  const after = change(before);
  expect(after, `an edit of ${file}`).not.toBe(before);
  writeFileSync(full, after);
  return () => writeFileSync(full, before);
};

describe('the dev server’s compile memo', () => {
  it('compiles as a fresh compile does after each kind of edit', () => {
    const cache = new CompileCache().remember();
    const again = () => compileSite(dir, { components: blockComponents, asOf, includeUnpublished: true, cache });
    const same = (step: string) => expect(summary(again()), step).toBe(summary(fresh()));

    same('first compile');
    same('nothing changed');
    // Any article with a word to change (not a named one: marketers add and remove articles).
    const WORD = /(text: "[^"]*?)\bthe\b/;
    const withWord = articles.find((a) => WORD.test(readFileSync(join(dir, 'pages/blog', a), 'utf8')))!;
    edit(`pages/blog/${withWord}`, (t) => t.replace(WORD, '$1a'));
    same('a word of an article');
    edit('site.config.yaml', (t) => t.replace(/price: (\d+)/, (_, p: string) => `price: ${Number(p) + 1}`));
    same('a catalogue price');
    const copy = `pages/blog/${articles[1]!.replace('.yaml', '-again.yaml')}`;
    writeFileSync(join(dir, copy), readFileSync(join(dir, 'pages/blog', articles[1]!), 'utf8').replace(/featured: true/, 'featured: false'));
    same('a new article (a copy: its paragraphs are repeats)');
    const unbreak = edit(`pages/blog/${articles[2]}`, (t) => t.replace(/readTime: \d+/, 'readTime: "soon"'));
    same('an article broken');
    unbreak();
    same('the article mended');
    rmSync(join(dir, copy));
    same('a page deleted');
  });
});
