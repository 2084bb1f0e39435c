// What each project module imports, for the tests of the import direction and of cycles. What runs is
// read as the code graph reads it (generator/store/code-graph.ts: types stripped by oxc, then
// es-module-lexer): static imports, re-exports, dynamic imports of a literal path. What is erased
// before it runs (`import type`, `export type … from`, `typeof import('…')`) is read from oxc's parse
// of the source, the same compiler that stripped it. No pattern over source text.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, posix, relative } from 'node:path';
import type * as Oxc from 'rolldown/utils';
import { findImports, ImportGraph } from '../../generator/store/code-graph.ts';
import { projectRoot } from './fixture.ts';

const { parseSync, Visitor } = createRequire(import.meta.url)('rolldown/utils') as typeof Oxc;

/** One import of a module: the project file it names, and whether it is erased before the code runs. */
export interface ModuleImport {
  to: string;
  typeOnly: boolean;
}

/** The project's TypeScript modules under `folders`, root-relative with `/`. */
export function modulesUnder(folders: readonly string[]): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(projectRoot, dir)).flatMap((name) => {
      if (name === 'node_modules' || name.startsWith('.')) return [];
      const rel = posix.join(dir, name);
      if (statSync(join(projectRoot, rel)).isDirectory()) return walk(rel);
      return /\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts') ? [rel] : [];
    });
  return folders.flatMap(walk);
}

const graph = new ImportGraph(projectRoot);

/** The specifiers a module's source names only in types (erased when it runs). */
export function typeOnlySpecifiers(file: string, source: string): string[] {
  const lang = file.endsWith('x') ? 'tsx' : 'ts';
  const { module, program } = parseSync(file, source, { lang, sourceType: 'module' });
  const out: string[] = [];
  for (const i of module.staticImports) if (i.entries.length && i.entries.every((e) => e.isType)) out.push(i.moduleRequest.value);
  for (const e of module.staticExports) for (const x of e.entries) if (x.isType && x.moduleRequest) out.push(x.moduleRequest.value);
  new Visitor({
    TSImportType(node) {
      const spec = (node as unknown as { source?: { value?: string }; argument?: { literal?: { value?: string } } });
      const value = spec.source?.value ?? spec.argument?.literal?.value;
      if (value) out.push(value);
    },
  }).visit(program);
  return out;
}

/** A module's imports of project files (packages aside), as `text` has them (default: the file on disk). */
export function moduleImports(file: string, text = readFileSync(join(projectRoot, file), 'utf8')): ModuleImport[] {
  const out: ModuleImport[] = [];
  const add = (spec: string, typeOnly: boolean) => {
    const to = graph.resolve(file, spec) ?? (spec.startsWith('.') ? posix.normalize(posix.join(posix.dirname(file), spec)) : undefined);
    if (to && !to.startsWith('../')) out.push({ to, typeOnly });
  };
  // import.meta addresses (a worker's `new URL('./x.ts', import.meta.url)`) name code, they do not import it.
  for (const i of findImports(file, text)) if (!i.glob && !i.statement.startsWith('new URL(')) add(i.specifier, false);
  for (const spec of typeOnlySpecifiers(file, text)) add(spec, true);
  return out;
}

export const rel = (full: string) => relative(projectRoot, full).split('\\').join('/');
