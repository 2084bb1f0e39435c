// Imports flow one way: generator/ → model/ ← runtime/. The generator reaches the runtime only through
// its one render entry; supabase/ and pdf/ stand alone; nothing but tests imports tests/.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './fixture.ts';

const FOLDERS = ['model', 'runtime', 'generator', 'pdf', 'supabase', 'scripts', 'tests'] as const;
type Folder = (typeof FOLDERS)[number];

/** The one runtime module the generator may import: it renders a page. */
const RENDER_ENTRY = 'runtime/render/render-page.tsx';

/** Which top-level folders each folder may import from (its own always). */
const ALLOWED: Record<Folder, readonly Folder[]> = {
  model: [],
  runtime: ['model'],
  pdf: ['model'],
  generator: ['model', 'pdf', 'supabase', 'runtime'],
  supabase: ['pdf', 'model'],
  scripts: ['generator', 'model', 'pdf', 'runtime', 'supabase'],
  tests: ['model', 'runtime', 'generator', 'pdf', 'supabase', 'scripts'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

const SPECIFIER = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|typeof import\(['"]([^'"]+)['"]\)/g;

export function relativeImports(file: string, text: string): string[] {
  return [...text.matchAll(SPECIFIER)]
    .map((m) => m[1] ?? m[2] ?? m[3]!)
    .filter((s) => s.startsWith('.'))
    .map((s) => relative(projectRoot, resolve(dirname(file), s)).split('\\').join('/'));
}

export function allowedImport(from: string, to: string): boolean {
  const f = from.split('/')[0] as Folder;
  const t = to.split('/')[0] as Folder;
  if (f === t || !FOLDERS.includes(t) || !FOLDERS.includes(f)) return true;
  if (f === 'generator' && t === 'runtime') return to === RENDER_ENTRY;
  return ALLOWED[f].includes(t);
}

export function violations(files: string[]): string[] {
  const out: string[] = [];
  for (const file of files) {
    const from = relative(projectRoot, file).split('\\').join('/');
    for (const target of relativeImports(file, readFileSync(file, 'utf8'))) {
      if (!allowedImport(from, target)) out.push(`${from} imports ${target}`);
    }
  }
  return out;
}

describe('import direction', () => {
  const files = FOLDERS.flatMap((f) => sourceFiles(join(projectRoot, f)));

  it('finds the project’s modules', () => {
    expect(files.some((f) => f.includes(`${join('runtime', 'blocks')}`))).toBe(true);
    expect(files.some((f) => f.includes(join('model', 'page.ts')))).toBe(true);
  });

  it('keeps generator/ → model/ ← runtime/, supabase/ and pdf/ apart, and tests unimported', () => {
    expect(violations(files)).toEqual([]);
  });

  it('keeps the Markdown parser out of every browser bundle: islands, the admin app and the client entry', () => {
    // Type-only imports are erased before bundling, so they do not count here.
    const valueImports = (f: string) => relativeImports(f, readFileSync(f, 'utf8').replace(/^(import|export) type .*$/gm, ''));
    const graph = new Map(files.map((f) => [relative(projectRoot, f).split('\\').join('/'), valueImports(f)]));
    const browserEntries = [...graph.keys()].filter((f) => /^runtime\/(islands\/.+\.island\.tsx|client\/.+)$/.test(f));
    expect(browserEntries.length).toBeGreaterThan(0);
    const offenders: string[] = [];
    for (const entry of browserEntries) {
      const seen = new Set<string>();
      const visit = (f: string, via: string[]) => {
        if (seen.has(f)) return;
        seen.add(f);
        if (f === 'model/markup.ts') offenders.push([...via, f].join(' → '));
        for (const next of graph.get(f) ?? []) visit(next, [...via, f]);
      };
      visit(entry, []);
    }
    expect(offenders).toEqual([]);
  });

  it('would notice a runtime or model module importing the generator, and supabase importing either', () => {
    const at = (f: string) => join(projectRoot, f);
    const fake = (file: string, text: string) => {
      const from = relative(projectRoot, file).split('\\').join('/');
      return relativeImports(file, text).map((t) => `${from} → ${t}`);
    };
    expect(fake(at('runtime/blocks/x.tsx'), "import type { X } from '../../generator/core/compile.ts';")).toEqual(['runtime/blocks/x.tsx → generator/core/compile.ts']);
    const check = allowedImport;
    expect(check('runtime/blocks/x.tsx', 'generator/core/compile.ts')).toBe(false);
    expect(check('model/page.ts', 'generator/core/compile.ts')).toBe(false);
    expect(check('model/page.ts', 'runtime/registry.tsx')).toBe(false);
    expect(check('supabase/local/seed.ts', 'generator/core/compile.ts')).toBe(false);
    expect(check('supabase/local/seed.ts', 'runtime/catalogue.ts')).toBe(false);
    expect(check('scripts/screenshot.ts', 'tests/browser.ts')).toBe(false);
    expect(check('generator/build.ts', 'runtime/registry.tsx')).toBe(false);
    expect(check('generator/build.ts', RENDER_ENTRY)).toBe(true);
    expect(check('runtime/blocks/x.tsx', 'model/page.ts')).toBe(true);
  });
});
