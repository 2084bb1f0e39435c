// The studio's one way into the compile: the site as the dev server compiles it, with the files the
// marketer is editing taken from their unsaved text (the core's compile reads only the inputs it is
// given, so the drafts simply stand in for the files on disk).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compile, type CompileResult } from '../core/compile.ts';
import { loadSite } from '../core/load.ts';
import { loadSchemas, type SchemaSet } from '../core/schemas.ts';
import { CompileCache } from '../store/compile-cache.ts';

interface State {
  cache: CompileCache;
  schemas?: { stamp: string; set: SchemaSet };
}
const states = new Map<string, State>();

/** The schemas, loaded again only when a schema file changed (loading them takes a tenth of a second). */
function schemasOf(root: string, state: State): SchemaSet {
  const dir = join(root, 'schemas');
  const stamp = readdirSync(dir, { recursive: true }).map((f) => `${f}:${statSync(join(dir, String(f))).mtimeMs}`).join();
  if (state.schemas?.stamp !== stamp) state.schemas = { stamp, set: loadSchemas(dir) };
  return state.schemas.set;
}

/**
 * Compile the site as `npm run dev` does (drafts and scheduled pages included), `drafts` (unsaved texts
 * by project-relative file) read instead of the files on disk. Unchanged files come from the cache's
 * in-memory layer, so a
 * keystroke costs the edited file and the site-wide checks.
 */
export function compileDraft(root: string, drafts: ReadonlyMap<string, string>, components: readonly string[], asOf: Date): CompileResult {
  let state = states.get(root);
  if (!state) {
    // In memory only: the dev server keeps its own cache file, and drafts need not outlive the process.
    state = { cache: new CompileCache().remember() };
    states.set(root, state);
  }
  const texts = new Map([...drafts].map(([file, text]) => [join(root, file), text]));
  return compile(loadSite(root, { schemas: schemasOf(root, state), texts }), { components, asOf, includeUnpublished: true, cache: state.cache });
}
