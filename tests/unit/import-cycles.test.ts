// No module imports itself back, through any chain of imports, type-only ones included: each folder
// reads bottom to top (the store under the core, the core under the build). Imports are read as the
// code graph reads them (module-imports.ts).
import { describe, expect, it } from 'vitest';
import { moduleImports, modulesUnder } from './module-imports.ts';

const FOLDERS = ['generator', 'runtime', 'model', 'studio', 'supabase'];

/** Every cycle of the graph, once each, as the files round it (Tarjan's strongly connected components). */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.includes(v)) out.push(component.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return out;
}

describe('import cycles', () => {
  it('finds none across generator/, runtime/, model/, studio/ and supabase/, type-only imports included', () => {
    const files = modulesUnder(FOLDERS);
    expect(files.length).toBeGreaterThan(100);
    const graph = new Map(files.map((f) => [f, [...new Set(moduleImports(f).map((i) => i.to))]]));
    expect(cycles(graph).map((c) => c.join(' ↔ '))).toEqual([]);
  });

  it('would notice one, type-only or through several files', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['e']],
      ['e', []],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c']]);
    const typeOnly = moduleImports('generator/store/x.ts', "import type { Y } from './y.ts';\nexport const x = 1 as unknown as Y;");
    expect(typeOnly).toEqual([{ to: 'generator/store/y.ts', typeOnly: true }]);
  });
});
