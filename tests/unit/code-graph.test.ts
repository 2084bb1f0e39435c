// Every result in the build cache is keyed by the digest of the code that made it, read from the import
// graph (generator/store/code-graph.ts), never from a list of files. This test enumerates, from the graph
// itself, every source file the build, the dev server and validate import, edits each one (in memory:
// a comment appended), and shows that exactly the keys of the results that file's code can affect
// change: each codeDigest(...) the generator computes, and each page's render key, block by block.
// (incremental-build.test.ts shows with real builds that a changed key is a recomputed result, that
// the warm output then equals a clean build, and that Node loads no file the graph does not know.)
import { describe, expect, it } from 'vitest';
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
