// A cold build parses and validates pages on the render worker and the main thread before the compile
// (prevalidate.ts), putting the results into the compile cache under the keys the compile looks for.
// The compile must then read them (not parse again) and give exactly what a compile alone gives.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { schemasDigest } from '../../generator/core/load.ts';
import { compileSite, type CompileResult } from '../../generator/core/compile.ts';
import { CompileCache } from '../../generator/store/compile-cache.ts';
import { isYaml, listFiles } from '../../generator/store/files.ts';
import { validateFromQueue } from '../../generator/stages/prevalidate.ts';
import { renderQueue } from '../../generator/stages/render-queue.ts';
import { loadSchemas } from '../../generator/core/schemas.ts';
import { copyProject } from './fixture.ts';

const dir = copyProject('prevalidate-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const asOf = new Date('2026-06-01T00:00:00Z');
const summary = (r: CompileResult) => JSON.stringify({ ok: r.ok, site: r.site, diagnostics: r.diagnostics.map((d) => [d.name, d.severity, d.file, d.line, d.column, d.message]) });

describe('prevalidation', () => {
  it('fills the compile cache with what the compile itself would make', async () => {
    // A broken page and a copied article (repeated paragraphs) too, so diagnostics come from the cache.
    writeFileSync(join(dir, 'pages/broken.yaml'), 'title: "Broken"\ndescription: "A page."\nsections:\n  - type: heading\n    text: 42\n');
    const article = readdirSync(join(dir, 'pages/blog')).find((f) => f !== 'index.yaml')!;
    writeFileSync(join(dir, `pages/blog/copy-of-${article}`), readFileSync(join(dir, 'pages/blog', article), 'utf8').replace(/featured: true/, 'featured: false'));

    const files = listFiles(join(dir, 'pages'), isYaml);
    const schemas = loadSchemas(join(dir, 'schemas'));
    const cache = new CompileCache();
    cache.begin(schemasDigest(dir));
    let entries = 0;
    // As the build does: the main thread's own entries are handed over as objects, a worker's as JSON;
    // the files' texts go to the compile, which then reads no page file.
    const texts = new Map<string, string>();
    await validateFromQueue(dir, files, renderQueue(files.map((_, i) => i)), schemas, (e, entry) => {
      cache.setRaw(e.key, e.json, entries++ % 2 ? entry : undefined);
      texts.set(e.file, e.text);
    });
    // An entry for every file (its document, fields, diagnostics and cross-check facts).
    expect(entries).toBe(files.length);

    // What the compile still makes itself (a miss is set): the site config, templates' blocks; never a
    // page file's parse.
    const made: string[] = [];
    const set = cache.set.bind(cache);
    cache.set = (kind, text, entry) => {
      made.push(kind);
      set(kind, text, entry);
    };
    // Broken on disk meanwhile: a compile that read a page file again would report it.
    const changed = files[0]!;
    const original = readFileSync(changed, 'utf8');
    writeFileSync(changed, 'title: [unclosed\n');
    const prefilled = compileSite(dir, { asOf, cache, schemas, texts });
    writeFileSync(changed, original);
    const alone = compileSite(dir, { asOf });
    expect(summary(prefilled)).toBe(summary(alone));
    expect(alone.diagnostics.some((d) => d.file === 'pages/broken.yaml' && d.severity === 'error')).toBe(true);
    expect(made.filter((kind) => kind.startsWith('page:'))).toEqual([]);
  });
});
