// Which code made a cached result. Every key in the build cache holds the digest of its inputs and the
// digest of the code that produced it: a module, every project file it imports (statically, by
// re-export, by a dynamic import of a literal path, by a worker's `new URL('./x.ts', import.meta.url)`
// or Vite's import.meta.glob), the locked dependencies (package-lock.json) and the compiler's settings
// (tsconfig.json). The graph is read from the source files themselves, so there is no list of files to
// keep and no version to bump: an edit to any module a result comes from misses the cache.
//
// The imports are read as the code runs, not guessed with a pattern: each file's types are stripped by
// oxc (rolldown's transform, the one Vite 8 builds the client with; esbuild, which tsx uses, strips the
// same imports but costs ten times as long through its synchronous API), then es-module-lexer lists
// what the JavaScript imports. So comments and strings never hide or fake an import, and a type-only
// import, which the code that runs no longer has (tsconfig's verbatimModuleSyntax), is not an edge.
// Specifiers resolve as tsx resolves them (resolve()). Loading oxc and reading every file costs about
// a quarter of a second of CPU per build, so what each text imports is kept in the build cache
// (imports.json, keyed by the text, and by this module's code and the lockfile: the lexer's version).
// The memo and the digests belong to whoever opens them (a build's store: ToolCode), never to the module.
//
// Pages refine this (pageCode): the render code's edges from the block registry into the block
// components are cut, and each page adds the components of the blocks it holds, so an edited
// component renders again only the pages that use it. A block's component is found by its name:
// block type `price-box` is runtime/blocks/price-box.tsx (as its schema is
// schemas/blocks/price-box.schema.json), among the files the registry imports.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Lexer from 'es-module-lexer';
import type * as Oxc from 'rolldown/utils';
import { defaultCacheDir } from './cache-root.ts';
import { hashOf } from './hash.ts';

/** The generator's own folder: the code digests are of the code running now, whatever site it builds. */
export const TOOL_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A module's path relative to the generator's folder, from its address (new URL('./x.ts', import.meta.url)). */
export function toolPath(module: URL): string {
  return relative(TOOL_ROOT, fileURLToPath(module)).split('\\').join('/');
}

const REGISTRY = 'runtime/registry.tsx';
/** Block type <type> is rendered by BLOCKS/<type>.tsx. */
const BLOCKS = 'runtime/blocks';
/** Named as a path, not imported: every cache imports this module, and must not depend on the render code. */
const RENDER_ENTRY = 'generator/render/render-task.ts';
/** How all code is run: the locked dependencies, and the compiler's settings (tsx reads them for JSX). */
const TOOLCHAIN = ['package-lock.json', 'tsconfig.json'];
/** Files whose imports are read; any other file imported (CSS, JSON, an SVG `?raw`) counts by its text alone. */
const SCRIPT = /\.[cm]?[jt]sx?$/;
/** What tsx tries for a specifier without a known file: TypeScript's extensions first, then JavaScript's. */
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'];
/** A `.js` specifier names its TypeScript source too (TypeScript's and tsx's rule). */
const TS_FOR_JS: Record<string, string[]> = { '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] };

const require = createRequire(import.meta.url);
let tools: { transformSync: typeof Oxc.transformSync; parseSync: typeof Oxc.parseSync; Visitor: typeof Oxc.Visitor; parse: typeof Lexer.parse } | undefined;
/** oxc and the lexer, loaded when a text is not in the memo (a warm build never loads them). */
function lexTools() {
  if (!tools) {
    const lexer = require('es-module-lexer') as typeof Lexer;
    lexer.initSync();
    const oxc = require('rolldown/utils') as typeof Oxc;
    tools = { transformSync: oxc.transformSync, parseSync: oxc.parseSync, Visitor: oxc.Visitor, parse: lexer.parse };
  }
  return tools;
}

/** What each text imports (by its syntax and text), kept on disk between builds; see the module's comment. */
export class ImportMemo {
  /** `cacheDir`: the build cache it is kept in (default: the tool's, node_modules/.cache/site-build or SITE_CACHE_DIR's). */
  constructor(cacheDir: string = defaultCacheDir(TOOL_ROOT)) {
    this.file = join(cacheDir, 'imports.json');
  }

  private readonly file: string;
  private stored: Record<string, FoundImport[]> | undefined;
  private readonly used = new Map<string, FoundImport[]>();
  private added = false;

  private version(): string {
    const lock = join(TOOL_ROOT, 'package-lock.json');
    return hashOf(readFileSync(fileURLToPath(import.meta.url)), existsSync(lock) ? readFileSync(lock) : '');
  }

  get(file: string, text: string): FoundImport[] {
    const key = hashOf(posix.extname(file), text);
    let out = this.used.get(key);
    if (out) return out;
    if (!this.stored) {
      try {
        const json = JSON.parse(readFileSync(this.file, 'utf8')) as { version: string; entries: Record<string, FoundImport[]> };
        this.stored = json.version === this.version() ? json.entries : {};
      } catch {
        this.stored = {};
      }
    }
    out = this.stored?.[key];
    if (!out) {
      out = findImports(file, text);
      this.added = true;
    }
    this.used.set(key, out);
    return out;
  }

  /**
   * Forgets what was stored, on disk and in memory (a clean build's store clears it when it opens): every
   * text is read again, and written back when the build closes its store.
   */
  clear(): void {
    rmSync(this.file, { force: true });
    this.stored = {};
    this.used.clear();
  }

  /** Writes the memo when this process read new texts: what it used, and what was stored (up to a bound). */
  save(): void {
    if (!this.added) return;
    this.added = false;
    const entries = { ...(Object.keys(this.stored ?? {}).length < 20_000 ? this.stored : {}), ...Object.fromEntries(this.used) };
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      const tmp = `${this.file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify({ version: this.version(), entries }));
      renameSync(tmp, this.file);
    } catch {
      // A read-only cache only costs the next build the reading again.
    }
  }
}

/** One import the lexer found in a file's JavaScript: its specifier, and whether it is a glob pattern. */
export interface FoundImport {
  specifier: string;
  glob?: true;
  /** The statement's text (as the JavaScript has it, types stripped). */
  statement: string;
}

/** The imports of a module's source, read from the JavaScript it runs as. `file`'s extension names its syntax. */
export function findImports(file: string, source: string): FoundImport[] {
  const ext = /\.[cm]?([jt]s)(x?)$/.exec(file);
  const lang = ext ? (`${ext[1]}${ext[2]}` as 'js' | 'jsx' | 'ts' | 'tsx') : 'js';
  const { transformSync, parse } = lexTools();
  const { code, errors } = transformSync(file, source, { lang, sourceType: 'module', typescript: { onlyRemoveTypeImports: true }, jsx: { runtime: 'automatic' } });
  // Code that does not parse cannot run either: its text is still in the digest, and the lexer reads what it can.
  const js = errors.length ? source : code;
  let found: readonly Lexer.ImportSpecifier[];
  try {
    found = parse(js, file)[0];
  } catch {
    return [];
  }
  const out: FoundImport[] = [];
  for (const i of found) if (i.n !== undefined) out.push({ specifier: i.n, statement: js.slice(i.ss, i.se) });
  // import.meta (i.d === -2): a worker's or an asset's address (`new URL('./x.ts', import.meta.url)`), or
  // Vite's import.meta.glob('./x/*.tsx') (a pattern, or an array of them), read from oxc's parse of the
  // JavaScript. An import(expression) has no path to follow.
  if (found.some((i) => i.d === -2)) out.push(...importMetaPaths(file, js));
  return out;
}

const isImportMeta = (n: unknown, property: string) => {
  const m = n as { type?: string; object?: { type?: string }; property?: { name?: string } };
  return m?.type === 'MemberExpression' && m.object?.type === 'MetaProperty' && m.property?.name === property;
};
/** A string literal, or a template literal without expressions: its text. */
const literalText = (n: unknown): string | undefined => {
  const node = n as { type?: string; value?: unknown; expressions?: unknown[]; quasis?: { value: { cooked?: string } }[] };
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && !node.expressions?.length) return node.quasis?.[0]?.value.cooked;
  return undefined;
};

/** The addresses and glob patterns a module names through import.meta. */
function importMetaPaths(file: string, js: string): FoundImport[] {
  const { parseSync, Visitor } = lexTools();
  const out: FoundImport[] = [];
  let program: ReturnType<typeof Oxc.parseSync>['program'];
  try {
    program = parseSync(file.replace(/\.[cm]?[jt]sx?$/, '.js'), js, { lang: 'js', sourceType: 'module' }).program;
  } catch {
    return out;
  }
  new Visitor({
    NewExpression(node) {
      const [first, second] = node.arguments;
      const spec = literalText(first);
      if (node.callee.type === 'Identifier' && node.callee.name === 'URL' && spec && isImportMeta(second, 'url')) out.push({ specifier: spec, statement: `new URL('${spec}', import.meta.url)` });
    },
    CallExpression(node) {
      if (!isImportMeta(node.callee, 'glob')) return;
      const arg = node.arguments[0] as { type?: string; elements?: unknown[] } | undefined;
      const patterns = arg?.type === 'ArrayExpression' ? (arg.elements ?? []).map(literalText) : [literalText(arg)];
      for (const p of patterns) if (p) out.push({ specifier: p, glob: true, statement: `import.meta.glob('${p}')` });
    },
  }).visit(program);
  return out;
}

export type Follow = (from: string, to: string) => boolean;

/** The import graph of the project's source files, read once per instance. Paths are root-relative with `/`. */
export class ImportGraph {
  private readonly imports = new Map<string, string[]>();
  private readonly texts = new Map<string, string>();

  /** `memo`: what texts import, kept between runs (a store's, so the build's cache folder holds it). */
  constructor(
    readonly root: string = TOOL_ROOT,
    private readonly memo: ImportMemo = new ImportMemo(),
  ) {}

  text(file: string): string {
    let t = this.texts.get(file);
    if (t === undefined) {
      const full = join(this.root, file);
      t = existsSync(full) ? readFileSync(full, 'utf8') : '';
      this.texts.set(file, t);
    }
    return t;
  }

  /**
   * The project file a relative specifier names, as tsx resolves it: the file itself; for `./x.js`, its
   * TypeScript source `x.ts` or `x.tsx`; without an extension, `x.ts`, `x.tsx`, … `x.json`; a folder's
   * index. A query (Vite's `?raw`, `?url`) names the same file. Packages are counted by the lockfile.
   */
  resolve(from: string, spec: string): string | undefined {
    if (!spec.startsWith('./') && !spec.startsWith('../')) return undefined;
    const base = posix.normalize(posix.join(posix.dirname(from), spec.replace(/[?#].*$/, '')));
    if (base.startsWith('../')) return undefined; // outside the project: not its code
    const ext = posix.extname(base);
    const candidates = [base, ...(TS_FOR_JS[ext] ?? []).map((e) => base.slice(0, -ext.length) + e), ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => `${base}/index${e}`)];
    return candidates.find((c) => this.isFile(c));
  }

  private isFile(file: string): boolean {
    try {
      return statSync(join(this.root, file)).isFile();
    } catch {
      return false;
    }
  }

  /** What a file imports, as the lexer reads it (see findImports); none for a file that is not a script. */
  found(file: string): FoundImport[] {
    return SCRIPT.test(file) ? this.memo.get(file, this.text(file)) : [];
  }

  importsOf(file: string): string[] {
    let out = this.imports.get(file);
    if (!out) {
      out = [];
      for (const i of this.found(file)) {
        if (i.glob) out.push(...this.glob(file, i.specifier));
        else {
          const to = this.resolve(file, i.specifier);
          if (to) out.push(to);
        }
      }
      this.imports.set(file, out);
    }
    return out;
  }

  private glob(from: string, pattern: string): string[] {
    if (!pattern.startsWith('./') && !pattern.startsWith('../')) return [];
    const dir = posix.normalize(posix.join(posix.dirname(from), posix.dirname(pattern)));
    const name = new RegExp(`^${basename(pattern).replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
    const full = join(this.root, dir);
    return existsSync(full) ? readdirSync(full).filter((f) => name.test(f)).sort().map((f) => `${dir}/${f}`) : [];
  }

  /** Every file reachable from the entries (the entries included), sorted. */
  closure(entries: readonly string[], follow: Follow = () => true): string[] {
    const seen = new Set<string>();
    const stack = [...entries];
    while (stack.length) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const to of this.importsOf(file)) if (follow(file, to) && !seen.has(to)) stack.push(to);
    }
    return [...seen].sort();
  }

  private readonly hashes = new Map<string, string>();

  /** A file's own digest, of its text. */
  fileHash(file: string): string {
    let h = this.hashes.get(file);
    if (h === undefined) this.hashes.set(file, (h = hashOf(this.text(file))));
    return h;
  }

  /** The digest of the entries' code: each reachable file's path and text, and the toolchain's files. */
  digest(entries: readonly string[], follow?: Follow): string {
    const files = this.closure(entries, follow);
    this.memo.save();
    return hashOf(...[...files, ...TOOLCHAIN].flatMap((f) => [f, this.fileHash(f)]));
  }
}

/**
 * The code of the tool running now, as one build (its store) reads it: the import graph over the store's
 * memo, and the digests it computed. Nothing of it outlives its owner.
 */
export class ToolCode {
  readonly graph: ImportGraph;
  private readonly digests = new Map<string, string>();
  private pages?: PageCode;

  /** `memo`: a store's (in its cache folder); without one, the tool's default cache. */
  constructor(readonly memo: ImportMemo = new ImportMemo()) {
    this.graph = new ImportGraph(TOOL_ROOT, memo);
  }

  /**
   * The digest of the code of these modules, named by address (`new URL('./schema-compile.ts',
   * import.meta.url)`, so a moved file keeps its name right). Read once per instance.
   */
  codeDigest(...modules: URL[]): string {
    const id = modules.map((m) => m.href).join('\0');
    let d = this.digests.get(id);
    if (d === undefined) this.digests.set(id, (d = this.graph.digest(modules.map(toolPath))));
    return d;
  }

  /** The code pages render through (PageCode), read once per instance. */
  pageCode(): PageCode {
    return (this.pages ??= new PageCode(this.graph));
  }

  /** The block types that have a component, by the registry's imports (registryBlocks). */
  blocks(): Map<string, string> {
    return registryBlocks(this.graph);
  }
}

/**
 * The block types that have a component, as data: block type <type> is the registry's import of
 * runtime/blocks/<type>.tsx, read by the lexer (no React loaded), by type, with its file. The build's
 * check learns the block list here before anything renders.
 */
export function registryBlocks(graph: ImportGraph = new ImportGraph()): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of graph.importsOf(REGISTRY)) {
    if (posix.dirname(file) === BLOCKS && posix.extname(file) === '.tsx') out.set(posix.basename(file, '.tsx'), file);
  }
  return out;
}

/** The code a page's HTML comes from: the render code, and the components of the blocks it holds. */
export class PageCode {
  /** Block type -> its component's file (from the registry's imports). */
  readonly blockFiles: Map<string, string>;
  /** Digest of the code every page runs (the render code without the block components). */
  readonly base: string;
  private readonly blocks = new Map<string, string>();

  constructor(private readonly graph: ImportGraph) {
    if (!existsSync(join(graph.root, RENDER_ENTRY))) throw new Error(`code-graph.ts: the render entry ${RENDER_ENTRY} has moved; name it here`);
    this.blockFiles = registryBlocks(graph);
    const files = new Set(this.blockFiles.values());
    this.base = graph.digest([RENDER_ENTRY], (from, to) => !(from === REGISTRY && files.has(to)));
  }

  /** The files every page's HTML goes through (for tests: the base digest is theirs). */
  baseFiles(): string[] {
    const files = new Set(this.blockFiles.values());
    return this.graph.closure([RENDER_ENTRY], (from, to) => !(from === REGISTRY && files.has(to)));
  }

  /** Digest of a block type's component with everything it imports. */
  block(type: string): string {
    let h = this.blocks.get(type);
    if (h === undefined) {
      const file = this.blockFiles.get(type);
      this.blocks.set(type, (h = file ? this.graph.digest([file]) : 'none'));
    }
    return h;
  }

  /** Digest of the code a page renders through: the common code and its blocks'. */
  pageCode(sections: readonly unknown[]): string {
    const types = new Set<string>();
    const stack: unknown[] = [sections];
    while (stack.length) {
      const v = stack.pop();
      if (Array.isArray(v)) stack.push(...v);
      else if (v && typeof v === 'object') {
        const type = (v as { type?: unknown }).type;
        if (typeof type === 'string' && this.blockFiles.has(type)) types.add(type);
        stack.push(...Object.values(v));
      }
    }
    return hashOf(this.base, ...[...types].sort().flatMap((t) => [t, this.block(t)]));
  }
}
