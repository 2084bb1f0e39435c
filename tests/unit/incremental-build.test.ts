// Incremental builds: after each edit (an article's text, a catalogue price, a block component, the
// generator's own code, a new page, a deleted page) the incremental build's output folder is
// byte-identical to a clean build's (or it fails as a clean build does),
// every file included (.br and .gz too), and it rendered only the pages that depend on the edit. A
// rebuild with nothing changed renders and writes nothing. Then the changes a warm build once missed
// (a PostCSS config Vite finds on its own, two spellings of an import, the card worker's code, a cache
// image drawn again under its name): after each, the warm build equals a truly cold one: a `--clean`
// build with every cache emptied first (caches of its own, SITE_CACHE_DIR), which reads no cache and
// finds none. (The edits above compare with a `--clean` build beside the warm builds' caches.)
// A build's output depends on its inputs alone (the pages, the config, the code, the moment), so a step
// that comes back to inputs compared before is compared with the build made then, kept in its folder.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { treeDifferences } from '../../generator/bench/scale.ts';
import { ImportGraph } from '../../generator/store/code-graph.ts';
import { copyProject, projectRoot, VALID_INDEX } from './fixture.ts';

const article = (title: string, featured: boolean, words: string) => `template: article
title: "${title}"
description: "An article of the fixture site."
article:
  excerpt: "What ${title} is about."
  category: Science
  date: "2025-01-0${featured ? 2 : 1}"
  readTime: 1
  featured: ${featured}
  author: { name: "A. Writer", title: "Writer" }
sections:
  - type: paragraph
    text: "${words}"
`;
// About 200 words: one honest minute of reading.
const body = (seed: string) => Array.from({ length: 200 }, (_, i) => `${seed}${i % 7}`).join(' ');
const BLOG = `title: "Blog"
description: "The blog."
sections:
  - type: blog-index
    heading: "Blog"
    categories: [Science]
`;

let root = '';
let n = 0;
// Every build is made as of one moment: the moment is an input, like the pages.
const AS_OF = '2026-03-01T12:00:00Z';

interface Stats {
  renderedRoutes: string[];
  writtenFiles: string[];
  removedFiles: string[];
}

function run(outDir: string, clean = false, env: Record<string, string> = {}, imports: string[] = []) {
  const stats = `${root}-stats-${n++}.json`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', ...imports.flatMap((i) => ['--import', i]), 'generator/cli/build.ts', '--stats', stats, '--as-of', AS_OF, ...(clean ? ['--clean'] : [])], {
    cwd: root,
    encoding: 'utf8',
    // The copy's caches are its own (node_modules is the project's): no other test's build shares them.
    env: { ...process.env, OUT_DIR: outDir, VITE_SUPABASE_ANON_KEY: '', SITE_CACHE_DIR: caches(), ...env },
  });
  return { status: r.status, output: r.stderr + r.stdout, stats };
}

function build(outDir: string, clean = false, env: Record<string, string> = {}, imports: string[] = []): Stats {
  const r = run(outDir, clean, env, imports);
  expect(r.status, r.output).toBe(0);
  return JSON.parse(readFileSync(r.stats, 'utf8')) as Stats;
}

// Outside the project, as dist/ is git-ignored in it: Tailwind scans what git does not ignore.
const out = () => `${root}-out`;
const caches = () => `${root}-caches`;
/**
 * A clean build (no cache) of the same site, compared file by file with the incremental one. Made in
 * `${root}-clean`, or in the folder `kept` names, where it stays for a later step with the same inputs.
 */
function expectSameAsClean(kept?: string) {
  const clean = kept ?? `${root}-clean`;
  rmSync(clean, { recursive: true, force: true });
  build(clean, true);
  expect(treeDifferences(out(), clean)).toEqual([]);
}
/** Folders of clean and cold builds kept for a later step (see expectSameAsClean). */
const keptClean = (name: string) => `${root}-kept-${name}`;

/**
 * A truly cold build, compared file by file with the incremental one: `--clean` (no cache read) with
 * every cache emptied first (caches of its own), so no cache, stale or not, can make the two agree.
 */
function expectSameAsCold() {
  const cold = `${root}-cold`;
  for (const dir of [cold, `${root}-cold-caches`]) rmSync(dir, { recursive: true, force: true });
  build(cold, true, { SITE_CACHE_DIR: `${root}-cold-caches` });
  expect(treeDifferences(out(), cold)).toEqual([]);
}

/** The output's files whose text holds `needle`. */
const holding = (needle: string) => readdirSync(out(), { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(out(), f)).isFile() && readFileSync(join(out(), f), 'utf8').includes(needle));

const edit = (file: string, from: string | RegExp, to: string) => {
  const full = join(root, file);
  const before = readFileSync(full, 'utf8');
  const after = before.replace(from, to);
  expect(after, `${file} holds ${from}`).not.toBe(before);
  writeFileSync(full, after);
};

beforeAll(() => {
  root = copyProject('incremental-');
  // The live pages and newsletters go: the site here is these few pages on the minimal catalogue.
  rmSync(join(root, 'pages'), { recursive: true });
  rmSync(join(root, 'newsletters'), { recursive: true, force: true });
  const pages: Record<string, string> = {
    'index.yaml': VALID_INDEX,
    'blog/index.yaml': BLOG,
    'blog/first.yaml': article('First Article', true, body('alpha')),
    'blog/second.yaml': article('Second Article', false, body('beta')),
  };
  for (const [file, text] of Object.entries(pages)) {
    const full = join(root, 'pages', file);
    rmSync(full, { force: true });
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, text);
  }
  writeFileSync(join(root, 'site.config.yaml'), readFileSync(join(projectRoot, 'tests/fixtures/minimal-site/site.config.yaml'), 'utf8'));
});
afterAll(() => {
  for (const dir of [root, out(), `${root}-clean`, `${root}-cold`, caches(), `${root}-cold-caches`, keptClean('component'), keptClean('analytics-on')]) rmSync(dir, { recursive: true, force: true });
});

describe('an incremental build', () => {
  it('matches a clean build byte for byte after each edit, rendering only what depends on it', () => {
    // The first build records every file Node loads: each is in the import graph the cache keys are read from.
    const loads = `${root}-loads.txt`;
    const first = build(out(), false, { RECORD_LOADS: loads }, [pathToFileURL(join(projectRoot, 'tests/unit/record-loads.mjs')).href]);
    expect(first.renderedRoutes).toEqual(expect.arrayContaining(['/', '/blog', '/blog/first', '/blog/second']));
    const known = new Set(new ImportGraph(root).closure(['generator/cli/build.ts']));
    const loaded = [...new Set(readFileSync(loads, 'utf8').trim().split('\n'))].map((u) => relative(root, fileURLToPath(u)).split(sep).join('/'));
    expect(loaded.filter((f) => /^(generator|runtime|model|pdf)\//.test(f))).toEqual(expect.arrayContaining(['generator/core/compile.ts', 'runtime/render/render-page.tsx']));
    expect(loaded.filter((f) => !f.startsWith('..') && !known.has(f))).toEqual([]);
    expectSameAsClean();

    // Nothing changed: nothing rendered, nothing written, no file touched.
    const mtimes = () => Object.fromEntries(readdirSync(out(), { recursive: true, encoding: 'utf8' }).map((f) => [f, statSync(join(out(), f)).mtimeMs]));
    const before = mtimes();
    const unchanged = build(out());
    expect(unchanged.renderedRoutes).toEqual([]);
    expect(unchanged.writtenFiles).toEqual([]);
    expect(mtimes()).toEqual(before);

    // An article's text: that article alone (the blog index shows titles and excerpts, not bodies).
    edit('pages/blog/second.yaml', 'beta3', 'gamma3');
    expect(build(out()).renderedRoutes).toEqual(['/blog/second']);
    expectSameAsClean();

    // A catalogue price: the home page shows it; the articles do not.
    edit('site.config.yaml', 'price: 29', 'price: 31');
    const priced = build(out()).renderedRoutes;
    expect(priced).toContain('/');
    expect(priced).not.toContain('/blog/first');
    expectSameAsClean();
    expect(readFileSync(join(out(), 'index.html'), 'utf8')).toContain('31');

    // A block component: the pages holding that block, and no other.
    edit('runtime/blocks/article-footer.tsx', '<div className=', '<div data-edited="" className=');
    expect(build(out()).renderedRoutes.sort()).toEqual(['/blog/first', '/blog/second']);
    // Kept: the deleted page below brings the site back to these inputs.
    expectSameAsClean(keptClean('component'));
    expect(readFileSync(join(out(), 'blog/first/index.html'), 'utf8')).toContain('data-edited');

    // A new page: it, and the pages that list articles.
    writeFileSync(join(root, 'pages/blog/third.yaml'), article('Third Article', false, body('delta')));
    const added = build(out()).renderedRoutes;
    expect(added).toEqual(expect.arrayContaining(['/blog/third', '/blog']));
    expect(added).not.toContain('/');
    expectSameAsClean();

    // The generator's own code: reading double-quoted scalars broken. A warm build fails as a clean one
    // does (the cached parse results were made by the old code), then recovers once it is put back.
    const source = 'generator/core/source.ts';
    const original = readFileSync(join(root, source), 'utf8');
    edit(source, /(export function parseSource\(file: string, raw: string\).*\{)\n/, '$1\n  if (raw.includes(\'"\')) return { source: lazySource(file, raw, null), errors: [diagnostic(\'YamlSyntax\', { file, line: 1, column: 1, path: \'\' }, \'double quotes broken\')] };\n');
    const warm = run(out());
    const cold = run(`${root}-clean`, true);
    expect(cold.status).toBe(1);
    expect(warm.status, warm.output).toBe(1);
    expect(warm.output).toContain('double quotes broken');
    writeFileSync(join(root, source), original);
    expect(build(out()).renderedRoutes).toEqual([]);

    // A deleted page: its files leave the output folder. The site is again what it was after the block
    // component's edit (the generator's code is put back), so the warm build equals the clean build made
    // then, which never saw the third page.
    rmSync(join(root, 'pages/blog/third.yaml'));
    expect(readFileSync(join(root, source), 'utf8')).toBe(original);
    const removed = build(out());
    expect(removed.removedFiles).toContain('blog/third/index.html');
    expect(existsSync(join(out(), 'blog/third'))).toBe(false);
    expect(treeDifferences(out(), keptClean('component'))).toEqual([]);
  }, 900_000);

  it("turns analytics on and off: only the pages (and the policy's script hashes) change, and a warm build equals a clean one", () => {
    const config = readFileSync(join(root, 'site.config.yaml'), 'utf8');
    // Besides the pages: the policy's script hashes, the record of the sources the build was made from,
    // and the host's answer to the no-script pixel (the Cloudflare worker and its routes, the Netlify function).
    const pixelFiles = ['_worker.js', '_routes.json', '_netlify/edge-functions/pixel.js'];
    const pagesOf = (files: string[]) => files.filter((f) => !/(^|\/)(index|404)\.html(\.br)?$/.test(f) && f !== '_headers' && f !== '.build-hash' && !pixelFiles.some((p) => f === p || f === `${p}.br` || f === `${p}.gz`));
    const on = `${config.trimEnd()}\nanalytics:\n  enabled: true\n  goals:\n    - { id: buy, event: buy }\n`;
    writeFileSync(join(root, 'site.config.yaml'), on);
    build(out());
    // Kept: turned on again below, the site is this one again.
    expectSameAsClean(keptClean('analytics-on'));
    const html = readdirSync(out(), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
    expect(holding('/rest/v1/rpc/track?apikey=').sort()).toEqual([...html, ...pixelFiles.filter((f) => f !== '_routes.json')].sort());

    // Off: every page again, no other output than the pages and the headers' script hashes.
    edit('site.config.yaml', 'enabled: true', 'enabled: false');
    const off = build(out());
    expect(off.renderedRoutes.length).toBe(html.length);
    expect(pagesOf(off.writtenFiles)).toEqual([]);
    expect(holding('rpc/track')).toEqual([]);
    expect(holding('/_px')).toEqual([]);
    expectSameAsClean();

    // On again: the config is the one turned on above, and the warm build equals the clean build made then.
    edit('site.config.yaml', 'enabled: false', 'enabled: true');
    expect(readFileSync(join(root, 'site.config.yaml'), 'utf8')).toBe(on);
    expect(pagesOf(build(out()).writtenFiles)).toEqual([]);
    expect(treeDifferences(out(), keptClean('analytics-on'))).toEqual([]);

    // A goal more: checked, but no page shows goals, so none is rendered again.
    edit('site.config.yaml', '    - { id: buy, event: buy }', '    - { id: buy, event: buy }\n    - { id: buy-instagram, event: buy, product: instagram }');
    expect(build(out()).renderedRoutes).toEqual([]);

    // Back to the config the other tests use (the next test's first warm build builds it).
    writeFileSync(join(root, 'site.config.yaml'), config);
  }, 900_000);

  // Builds are slow on a busy machine: each step below is one change, a warm build and a cold one.
  it('equals a truly cold build after the changes a warm build once missed', () => {
    // A PostCSS config, which Vite finds on its own: its plugin's rule is in the CSS.
    const postcss = join(root, 'postcss.config.js');
    writeFileSync(postcss, "// Adds one rule, so the CSS shows whether Vite read this file.\nexport default { plugins: [{ postcssPlugin: 'stamp', Once(root) { root.append('.postcss-stamp{color:red}'); } }] };\n");
    build(out());
    expect(holding('postcss-stamp').length).toBeGreaterThan(0);
    expectSameAsCold();

    // Deleted, it is gone from the CSS. With it, two spellings of an import enter the render code: a
    // multi-line import whose comment holds a quote, and a TypeScript module imported as './x.js' (as
    // tsx and TypeScript allow).
    rmSync(postcss);
    writeFileSync(join(root, 'runtime/blocks/footer-note.ts'), "export const NOTE = 'note-one';\n");
    writeFileSync(join(root, 'runtime/blocks/footer-mark.ts'), "export const MARK = 'mark-one';\n");
    edit('runtime/blocks/article-footer.tsx', "import type { BlockOf } from '../../model/page.ts';", "import type { BlockOf } from '../../model/page.ts';\nimport {\n  // the footer's note: it's imported over several lines\n  NOTE,\n} from './footer-note.ts';\nimport { MARK } from './footer-mark.js';");
    edit('runtime/blocks/article-footer.tsx', '{block.label}</a>', '{block.label}</a>\n      <span data-note={NOTE} data-mark={MARK} />');
    build(out());
    expect(holding('postcss-stamp')).toEqual([]);
    expect(holding('note-one').length).toBeGreaterThan(0);
    expectSameAsCold();

    // Editing either imported module renders again the pages that use it.
    edit('runtime/blocks/footer-note.ts', 'note-one', 'note-two');
    expect(build(out()).renderedRoutes.sort()).toEqual(['/blog/first', '/blog/second']);
    expect(holding('note-two').length).toBeGreaterThan(0);
    expectSameAsCold();
    edit('runtime/blocks/footer-mark.ts', 'mark-one', 'mark-two');
    expect(build(out()).renderedRoutes.sort()).toEqual(['/blog/first', '/blog/second']);
    expect(holding('mark-two').length).toBeGreaterThan(0);
    expectSameAsCold();

    // The card worker's code (every thread draws the cards through it): every card is drawn again.
    const cards = () => readdirSync(join(out(), 'generated')).filter((f) => f.startsWith('card-')).sort();
    const cardsBefore = cards();
    edit('generator/images/card-worker.ts', 'drawCard(text)', "drawCard({ ...text, title: `${text.title} (edited)` })");
    build(out());
    expect(cards().filter((c) => cardsBefore.includes(c))).toEqual([]);
    // Kept (in ${root}-cold): the step below changes only the cache, not the site.
    expectSameAsCold();

    // A cache image drawn again under the same name with other bytes (as a cache emptied, or a
    // drawing whose inputs its name misses, makes it): the output follows the content, not the name.
    const card = cards()[0]!;
    const cached = join(caches(), 'site-build', 'images', card);
    const redrawn = Buffer.concat([readFileSync(cached), Buffer.from('redrawn')]);
    writeFileSync(`${cached}.tmp`, redrawn);
    renameSync(`${cached}.tmp`, cached);
    build(out());
    expect(readFileSync(join(out(), 'generated', card)).equals(redrawn)).toBe(true);
    // A clean build draws it again (its true bytes, under its name, into the same cache): the warm one follows.
    build(`${root}-clean`, true);
    build(out());
    expect(readFileSync(join(out(), 'generated', card)).equals(redrawn)).toBe(false);
    expect(treeDifferences(out(), `${root}-clean`)).toEqual([]);
    // The site is the card worker's step's (only a cache file changed): its truly cold build is the one to equal.
    expect(treeDifferences(out(), `${root}-cold`)).toEqual([]);
  }, 3_600_000);
});
