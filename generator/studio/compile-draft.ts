// The studio's one way into the compile: the site as the dev server compiles it, with the files the
// marketer is editing taken from their unsaved text (the core's compile reads only the inputs it is
// given, so the drafts simply stand in for the files on disk).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compile, type CompileResult } from '../core/compile.ts';
import { loadSite } from '../core/load.ts';
import { loadSchemas, type SchemaSet } from '../core/schemas.ts';
import { CompileCache } from '../store/compile-cache.ts';

export type DraftCompile = (drafts: ReadonlyMap<string, string>, components: readonly string[], asOf: Date) => CompileResult;

/**
 * Compiles the site in `root` as `npm run dev` does (drafts and scheduled pages included), `drafts`
 * (unsaved texts by project-relative file) read instead of the files on disk. `cache`: the dev server's
 * store's compile cache (store/store.ts), so unchanged files come from its in-memory layer and a
 * keystroke costs the edited file and the site-wide checks; without one, a cache in memory of its own.
 * Nothing is written: the cache's owner writes it.
 */
export function draftCompiler(root: string, cache: CompileCache = new CompileCache().remember()): DraftCompile {
  let schemas: { stamp: string; set: SchemaSet } | undefined;
  // The schemas, loaded again only when a schema file changed (loading them takes a tenth of a second).
  const schemasNow = (): SchemaSet => {
    const dir = join(root, 'schemas');
    const stamp = readdirSync(dir, { recursive: true }).map((f) => `${f}:${statSync(join(dir, String(f))).mtimeMs}`).join();
    if (schemas?.stamp !== stamp) schemas = { stamp, set: loadSchemas(dir) };
    return schemas.set;
  };
  return (drafts, components, asOf) => {
    const texts = new Map([...drafts].map(([file, text]) => [join(root, file), text]));
    return compile(loadSite(root, { schemas: schemasNow(), texts }), { components, asOf, includeUnpublished: true, cache });
  };
}

/** One compile of drafts (draftCompiler's), for a caller that compiles once. */
export function compileDraft(root: string, drafts: ReadonlyMap<string, string>, components: readonly string[], asOf: Date): CompileResult {
  return draftCompiler(root)(drafts, components, asOf);
}
