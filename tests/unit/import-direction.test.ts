// Imports flow one way: generator/ → model/ ← runtime/. The generator reaches the runtime only through
// its one render entry; studio/ (the studio's browser app) reaches model/, and generator/ only through
// types (the JSON it exchanges with generator/studio, erased before it runs); supabase/ and pdf/ stand
// alone, but for supabase/'s commands taking their options and --help from the one module every
// command shares; nothing but tests imports tests/. Imports are read as the code graph reads them
// (module-imports.ts: es-module-lexer, and oxc's parse for what only types name), type-only ones included.
import { describe, expect, it } from 'vitest';
import { moduleImports, modulesUnder } from './module-imports.ts';

const FOLDERS = ['model', 'runtime', 'generator', 'studio', 'pdf', 'supabase', 'scripts', 'tests'] as const;
type Folder = (typeof FOLDERS)[number];

/** The one runtime module the generator may import: it renders a page. */
const RENDER_ENTRY = 'runtime/render/render-page.tsx';
/** The one generator module supabase/'s commands may import (never an Edge Function): every command's options, --help and exit codes. */
const COMMAND_LINE = 'generator/cli/args.ts';

/** Which top-level folders each folder may import from (its own always). */
const ALLOWED: Record<Folder, readonly Folder[]> = {
  model: [],
  runtime: ['model'],
  pdf: ['model'],
  studio: ['model'],
  generator: ['model', 'pdf', 'supabase', 'runtime'],
  supabase: ['pdf', 'model'],
  scripts: ['generator', 'model', 'pdf', 'runtime', 'supabase'],
  tests: ['model', 'runtime', 'generator', 'studio', 'pdf', 'supabase', 'scripts'],
};

export function allowedImport(from: string, to: string, typeOnly = false): boolean {
  const f = from.split('/')[0] as Folder;
  const t = to.split('/')[0] as Folder;
  if (f === t || !FOLDERS.includes(t) || !FOLDERS.includes(f)) return true;
  if (f === 'generator' && t === 'runtime') return to === RENDER_ENTRY;
  if (f === 'supabase' && t === 'generator') return to === COMMAND_LINE && !from.startsWith('supabase/functions/');
  // The studio's app talks JSON to its server: it may name the server's types, never run its code.
  if (f === 'studio' && t === 'generator') return typeOnly && to.startsWith('generator/studio/');
  return ALLOWED[f].includes(t);
}

export function violations(files: string[]): string[] {
  const out: string[] = [];
  for (const from of files) {
    for (const { to, typeOnly } of moduleImports(from)) {
      if (!allowedImport(from, to, typeOnly)) out.push(`${from} imports ${to}${typeOnly ? ' (types)' : ''}`);
    }
  }
  return out;
}

describe('import direction', () => {
  const files = modulesUnder(FOLDERS);

  it('finds the project’s modules', () => {
    expect(files.some((f) => f.startsWith('runtime/blocks/'))).toBe(true);
    expect(files.some((f) => f.startsWith('studio/'))).toBe(true);
    expect(files).toContain('model/page.ts');
  });

  it('keeps generator/ → model/ ← runtime/, supabase/ and pdf/ apart, and tests unimported', () => {
    expect(violations(files)).toEqual([]);
  });

  it('keeps the Markdown parser out of every browser bundle: islands, the admin app and the client entry', () => {
    // Type-only imports are erased before bundling, so they do not count here.
    const graph = new Map(files.map((f) => [f, moduleImports(f).flatMap((i) => (i.typeOnly ? [] : [i.to]))]));
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
    const fake = (from: string, text: string) => moduleImports(from, text).map((i) => `${from} → ${i.to}${i.typeOnly ? ' (types)' : ''}`);
    expect(fake('runtime/blocks/x.tsx', "import type { X } from '../../generator/core/compile.ts';\nexport const x = <b>{1 as X}</b>;")).toEqual(['runtime/blocks/x.tsx → generator/core/compile.ts (types)']);
    // A multi-line import with a comment holding a quote, and one in a string, which imports nothing.
    expect(fake('runtime/blocks/x.tsx', "import {\n  // it's here\n  a,\n} from '../../generator/core/compile.ts';\nconst s = \"import b from '../../generator/build.ts'\";\nexport const y: typeof import('../../generator/build.ts') | undefined = undefined;\nexport default () => <i>{a}{s}{y}</i>;")).toEqual(['runtime/blocks/x.tsx → generator/core/compile.ts', 'runtime/blocks/x.tsx → generator/build.ts (types)']);
    const check = allowedImport;
    expect(check('runtime/blocks/x.tsx', 'generator/core/compile.ts')).toBe(false);
    expect(check('model/page.ts', 'generator/core/compile.ts')).toBe(false);
    expect(check('model/page.ts', 'runtime/registry.tsx')).toBe(false);
    expect(check('supabase/local/seed.ts', 'generator/core/compile.ts')).toBe(false);
    expect(check('supabase/local/seed.ts', 'runtime/catalogue.ts')).toBe(false);
    expect(check('supabase/local/admin-code.ts', COMMAND_LINE)).toBe(true);
    expect(check('supabase/functions/checkout-webhook/index.ts', COMMAND_LINE)).toBe(false);
    expect(check('scripts/screenshot.ts', 'tests/browser.ts')).toBe(false);
    expect(check('generator/build.ts', 'runtime/registry.tsx')).toBe(false);
    expect(check('generator/build.ts', RENDER_ENTRY)).toBe(true);
    expect(check('runtime/blocks/x.tsx', 'model/page.ts')).toBe(true);
    expect(check('studio/editor.tsx', 'model/page.ts')).toBe(true);
    expect(check('studio/editor.tsx', 'generator/studio/git-changes.ts', true)).toBe(true);
    expect(check('studio/editor.tsx', 'generator/studio/git-changes.ts')).toBe(false);
    expect(check('studio/editor.tsx', 'generator/core/compile.ts', true)).toBe(false);
    expect(check('studio/editor.tsx', 'runtime/registry.tsx')).toBe(false);
  });
});
