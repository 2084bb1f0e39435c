// Every result in the build cache is keyed by the digest of the code that made it, read from the import
// graph (generator/store/code-graph.ts), never from a list of files. This test enumerates, from the graph
// itself, every source file the build, the dev server and validate import, edits each one (in memory:
// a comment appended), and shows that exactly the keys of the results that file's code can affect
// change: each codeDigest(...) the generator computes, and each page's render key, block by block.
// (incremental-build.test.ts shows with real builds that a changed key is a recomputed result, that
// the warm output then equals a clean build, and that Node loads no file the graph does not know.)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ImportGraph, PageCode } from '../../generator/store/code-graph.ts';

const ENTRIES = ['generator/cli/build.ts', 'generator/cli/dev.ts', 'generator/cli/validate.ts'];

const graph = new ImportGraph();

/** The graph with one file edited: a comment appended, which changes no import and no behaviour, but every digest of it. */
class Edited extends ImportGraph {
  constructor(private readonly edited: string) {
    super();
  }
  override text(file: string): string {
    const t = graph.text(file);
    return file === this.edited ? `${t}\n// edited\n` : t;
  }
  override importsOf(file: string): string[] {
    return graph.importsOf(file);
  }
}

const files = graph.closure(ENTRIES);

/** Every codeDigest(new URL(…), …) call in the generator: one cache key's code part each. */
const producers = files.flatMap((file) =>
  [...graph.text(file).matchAll(/codeDigest\(((?:\s*new URL\(\s*'[^']+'\s*,\s*import\.meta\.url\s*\)\s*,?)+)\)/g)].map((m) => ({
    at: file,
    entries: [...m[1]!.matchAll(/new URL\(\s*'([^']+)'/g)].map((u) => graph.resolve(file, u[1]!)!),
  })),
);

describe('cache keys follow the import graph', () => {
  it('finds the caches the generator keys by code, each naming modules that exist', () => {
    // Parse and validation, validators, generated types, client assets, compressed files, the starter kit, the build state…
    expect(producers.length).toBeGreaterThanOrEqual(7);
    for (const p of producers) for (const e of p.entries) expect(e, `a codeDigest in ${p.at} names a module that does not exist`).toBeDefined();
  });

  it('an edit to any file the generator imports changes exactly the keys whose code reaches it', () => {
    const base = producers.map((p) => graph.digest(p.entries));
    const pages = new PageCode(graph);
    const blockTypes = [...pages.blockFiles.keys()];
    const basePages = blockTypes.map((t) => pages.pageCode([{ type: t }]));
    const pageBase = new Set(pages.baseFiles());
    const closures = producers.map((p) => new Set(graph.closure(p.entries)));
    const blockClosures = blockTypes.map((t) => new Set(graph.closure([pages.blockFiles.get(t)!])));
    let keyed = 0;
    for (const file of files) {
      const edited = new Edited(file);
      producers.forEach((p, i) => {
        const changed = edited.digest(p.entries) !== base[i];
        expect(changed, `${file} edited: the key of ${p.at}'s codeDigest(${p.entries.join(', ')})`).toBe(closures[i]!.has(file));
      });
      const editedPages = new PageCode(edited);
      blockTypes.forEach((t, i) => {
        const changed = editedPages.pageCode([{ type: t }]) !== basePages[i];
        expect(changed, `${file} edited: the render key of a page holding a ${t} block`).toBe(pageBase.has(file) || blockClosures[i]!.has(file));
      });
      if (pageBase.has(file) || closures.some((c) => c.has(file)) || blockClosures.some((c) => c.has(file))) keyed++;
    }
    // Most of the generator's code makes cached results; the rest (the CLIs, the build's own steps) runs on every build.
    expect(keyed).toBeGreaterThan(files.length / 2);
  });

  it('follows dynamic imports, import.meta.glob and worker entries, and not type-only imports', () => {
    const g = new ImportGraph();
    // The render worker is started from its address, and loads the render code with import().
    expect(g.closure(['generator/build.ts'])).toEqual(expect.arrayContaining(['generator/stages/render-worker.ts', 'generator/render/render-task.ts']));
    // The client entry finds the islands with import.meta.glob.
    const globbing = g.closure(['runtime/client/main.ts']).filter((f) => g.text(f).includes('import.meta.glob'));
    expect(globbing.length).toBeGreaterThan(0);
    for (const f of globbing) expect(g.importsOf(f).some((to) => to.endsWith('.island.tsx')), f).toBe(true);
  });
});

describe('the import graph reads every valid spelling of an import', () => {
  const dir = mkdtempSync(join(tmpdir(), 'code-graph-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (files: Record<string, string>) => {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
  };
  // Every file a spelling below names; each exports something, so an import of it is real.
  const targets = ['multi.ts', 'cards.ts', 'view.tsx', 'plain.ts', 'folder/index.ts', 'lazy.ts', 'again.ts', 'all.ts', 'worker.ts', 'islands/a.island.tsx', 'islands/b.island.tsx', 'side.ts', 'inline-type.ts', 'types.ts', 'ghost.ts', 'ghost2.ts', 'raw.css'];
  write(Object.fromEntries(targets.map((t) => [t, t.endsWith('.css') ? 'a { color: red }' : 'export const x = 1;\n'])));
  write({
    'entry.tsx': `import {
  x as multi, // the reader's comment: it's got a quote
  /* and "another" ' */
} from './multi.ts';
import { x as cards } from './cards.js';
import { x as view } from './view.js';
import { x as plain } from './plain';
import { x as folder } from './folder';
import type { x as types } from './types.ts';
import { type x as inline } from './inline-type.ts';
import './side.ts';
import css from './raw.css?inline';
export { x as again } from './again.ts';
export * from './all.ts';
// import './ghost.ts';
const text = "import './ghost2.ts'";
const worker = new URL('./worker.ts', import.meta.url);
const islands = import.meta.glob<{ default: unknown }>('./islands/*.island.tsx');
export const lazy = () => import('./lazy.ts');
export const View = () => <p title="it's">{multi + cards + view + plain + folder + String(worker) + text + css}</p>;
export type T = typeof types | typeof inline | typeof islands;
`,
  });

  it('follows multi-line imports with quotes in comments, .js spellings of TypeScript, extensionless and folder imports, re-exports, dynamic imports, workers and globs', () => {
    const edges = new ImportGraph(dir).importsOf('entry.tsx');
    for (const to of ['multi.ts', 'cards.ts', 'view.tsx', 'plain.ts', 'folder/index.ts', 'side.ts', 'raw.css', 'again.ts', 'all.ts', 'worker.ts', 'islands/a.island.tsx', 'islands/b.island.tsx', 'lazy.ts']) expect(edges, to).toContain(to);
  });

  it('counts an import exactly when the code that runs keeps it: not in comments or strings, not type-only', () => {
    const edges = new ImportGraph(dir).importsOf('entry.tsx');
    // An import whose names are all types runs as a bare import of the module (verbatimModuleSyntax).
    expect(edges).toContain('inline-type.ts');
    for (const to of ['types.ts', 'ghost.ts', 'ghost2.ts']) expect(edges, to).not.toContain(to);
  });

  it('an edit to a file imported in any of these spellings changes the digest of the code that imports it', () => {
    const before = new ImportGraph(dir).digest(['entry.tsx']);
    for (const file of ['multi.ts', 'cards.ts', 'view.tsx', 'plain.ts', 'folder/index.ts', 'lazy.ts', 'worker.ts', 'islands/b.island.tsx']) {
      const edited = new (class extends ImportGraph {
        override text(f: string): string {
          return f === file ? `${super.text(f)}// edited\n` : super.text(f);
        }
      })(dir);
      expect(edited.digest(['entry.tsx']), file).not.toBe(before);
    }
    const typeOnly = new (class extends ImportGraph {
      override text(f: string): string {
        return f === 'types.ts' ? `${super.text(f)}// edited\n` : super.text(f);
      }
    })(dir);
    expect(typeOnly.digest(['entry.tsx'])).toBe(before);
  });
});
