// The studio's one way into the compile: the site as the dev server compiles it, with the files the
// marketer is editing taken from their unsaved text. The lead is making the compile a pure
// `compile(inputs) → { site, diagnostics }`; when it lands, this function is the one line to change.
//
// Until then compileSite reads files from disk; what it takes from elsewhere is its compile cache,
// keyed by a file's text. So a draft's parse and validation are put in an in-memory cache under the
// draft's text (as prevalidate.ts does for the build) and the compile finds them there.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CompileMemo, compileSite, pageEntry, type CompileResult } from '../compile.ts';
import { documentFacts, factsToJson } from '../cross-check.ts';
import { CompileCache, type CachedFile } from '../incremental/compile-cache.ts';
import { loadSchemas, type SchemaSet } from '../schemas.ts';
import { parseSource } from '../source.ts';
import { validateDocument } from '../validate.ts';
import { CATALOGUE } from './safe-path.ts';

interface State {
  memo: CompileMemo;
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

/** The catalogue's parse and validation as the compile keeps it (pageEntry's twin for site.config.yaml). */
function siteEntry(text: string, schemas: SchemaSet): CachedFile {
  const { source, errors } = parseSource(CATALOGUE, text);
  if (errors.length) return { fields: [], diagnostics: errors };
  const v = validateDocument(source, schemas.validateSiteConfig, schemas.blockTypes);
  return { data: source.data, fields: v.fields, diagnostics: v.diagnostics, facts: factsToJson(documentFacts(source.data, v.fields)) };
}

/**
 * Compile the site as `npm run dev` does (drafts and scheduled pages included), `drafts` (unsaved texts
 * by project-relative file) read instead of the files on disk. Unchanged files come from the memo, so a
 * keystroke costs the edited file and the site-wide checks.
 */
export function compileDraft(root: string, drafts: ReadonlyMap<string, string>, components: readonly string[], asOf: Date): CompileResult {
  let state = states.get(root);
  if (!state) {
    // In memory only: the dev server keeps its own cache file, and drafts need not outlive the process.
    state = { memo: new CompileMemo(), cache: new CompileCache() };
    states.set(root, state);
  }
  const schemas = schemasOf(root, state);
  state.cache.begin(root);
  for (const [file, text] of drafts) {
    const kind = file === CATALOGUE ? 'site' : 'page';
    const key = `${kind}:${file}`;
    if (!state.cache.has(key, text)) state.cache.set(key, text, kind === 'site' ? siteEntry(text, schemas) : pageEntry(file, text, schemas));
  }
  const texts = new Map([...drafts].map(([file, text]) => [join(root, file), text]));
  return compileSite(root, { components, asOf, includeUnpublished: true, cache: state.cache, memo: state.memo, schemas, texts });
}
