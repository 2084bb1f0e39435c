// The schemas' validators as code, compiled by ajv once per version of the schemas and kept in the build
// cache (as tsx keeps compiled TypeScript): compiling them takes about half a second, and a rebuild
// after one page's edit would otherwise spend it on that one page. The code is ajv's own standalone
// output (ajv/dist/standalone), so a loaded validator is the very function ajv compiled; it is always
// run from its code, freshly made or read from the cache, so both paths are the same path.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { default as Ajv2020Type, ErrorObject, KeywordCxt } from 'ajv/dist/2020.js';
import type * as Codegen from 'ajv/dist/compile/codegen/index.js';
import type Names from 'ajv/dist/compile/names.js';
import type StandaloneCode from 'ajv/dist/standalone/index.js';
import type AddFormats from 'ajv-formats';
import { ToolCode } from '../store/code-graph.ts';
import { hashOf } from '../store/hash.ts';
import type { StoreStats } from '../store/store-stats.ts';
import { listFiles } from '../store/files.ts';

const require = createRequire(import.meta.url);

/** ajv itself, loaded only to compile (a build whose validators are kept never loads it). */
function ajvModules() {
  const def = <T>(m: T | { default: T }): T => ((m as { default?: T }).default ?? (m as T));
  return {
    Ajv2020: def(require('ajv/dist/2020.js') as typeof Ajv2020Type),
    codegen: require('ajv/dist/compile/codegen/index.js') as typeof Codegen,
    names: def(require('ajv/dist/compile/names.js') as typeof Names),
    standaloneCode: def(require('ajv/dist/standalone/index.js') as typeof StandaloneCode),
    addFormats: def(require('ajv-formats') as typeof AddFormats),
  };
}

/** A compiled validator: `this` collects the kinded fields it meets (see schemas.ts). */
export interface RawValidate {
  (this: { kinds: { kind: string; pointer: string }[] }, data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

export interface RawValidators {
  validatePage: RawValidate;
  validateSiteConfig: RawValidate;
  validateNewsletter: RawValidate;
  validateSection: RawValidate;
}

/** The schema set the validators are compiled from, added to an ajv instance. */
export interface SchemaSources {
  /** [id, schema] in the order they are added. */
  schemas: [string, Record<string, unknown>][];
  kinds: readonly string[];
  editorKeywords: readonly string[];
}

/** Compiled sets kept (branches switched back and forth, fixtures). */
const KEEP = 8;

/** The schemas' sources and the code that compiles them (this module and ajv, by the lockfile). */
function keyOf(sources: SchemaSources, code: ToolCode): string {
  return hashOf(code.codeDigest(new URL('./schema-compile.ts', import.meta.url)), JSON.stringify(sources)).slice(0, 24);
}

/** The validators' module code, compiled by ajv (about half a second). */
function compile(sources: SchemaSources): string {
  const { Ajv2020, codegen, names, standaloneCode, addFormats } = ajvModules();
  const { _, strConcat } = codegen;
  // Defaults are applied here, once: components read them from the data and never repeat them.
  const ajv = new Ajv2020({
    allErrors: true,
    discriminator: true,
    verbose: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    useDefaults: true,
    passContext: true,
    code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` },
  });
  addFormats(ajv);
  ajv.addVocabulary([...sources.editorKeywords]);
  ajv.addKeyword({
    keyword: 'x-kind',
    schemaType: 'string',
    metaSchema: { enum: [...sources.kinds] },
    // Runs as the value is validated, so it sees exactly the fields the schema reached; the pointer
    // is the one ajv gives its own errors.
    code(cxt: KeywordCxt) {
      const { gen, data, schema, it } = cxt;
      gen.if(_`typeof ${data} == "string" && ${names.this} && ${names.this}.kinds`, () => {
        gen.code(_`${names.this}.kinds.push({kind: ${schema as string}, pointer: ${strConcat(names.instancePath, it.errorPath)}});`);
      });
    },
  });
  for (const [id, schema] of sources.schemas) ajv.addSchema(schema, id);
  return standaloneCode(ajv, { validatePage: 'page.schema.json', validateSiteConfig: 'site-config.schema.json', validateNewsletter: 'newsletter.schema.json', validateSection: 'section.schema.json' });
}

function evaluate(code: string): RawValidators {
  const module = { exports: {} as RawValidators };
  // The module's own requires (ajv's runtime helpers, the formats) resolve from this project.
  new Function('require', 'module', 'exports', code)(require, module, module.exports);
  return module.exports;
}

/** How a cache is used: whether stored results may be (`reuse`), where to count them, the code's reading (a store's). */
export interface CacheUse {
  reuse?: boolean;
  stats?: StoreStats;
  code?: ToolCode;
}

/**
 * The validators for `sources`, from `cacheDir` when compiled before and `reuse` allows (kept there when
 * compiled now); without a cache folder they are compiled each time.
 */
export function rawValidators(sources: SchemaSources, cacheDir?: string, { reuse = true, stats, code: tool = new ToolCode() }: CacheUse = {}): RawValidators {
  if (!cacheDir) return evaluate(compile(sources));
  const key = keyOf(sources, tool);
  const file = join(cacheDir, 'validators', `${key}.cjs`);
  if (reuse && existsSync(file)) {
    stats?.reused('validators');
    return evaluate(readFileSync(file, 'utf8'));
  }
  stats?.recomputed('validators');
  const code = compile(sources);
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, code);
  renameSync(tmp, file);
  // Older sets go: the newest few are kept.
  const sets = listFiles(dirname(file), (n) => n.endsWith('.cjs'));
  sets.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const old of sets.slice(KEEP)) rmSync(old, { force: true });
  return evaluate(code);
}
