// Which code made a cached result. Every key in the build cache holds the digest of its inputs and the
// digest of the code that produced it: a module, every project file it imports (statically, by
// re-export, or by a dynamic import of a literal path), the locked dependencies (package-lock.json)
// and the compiler's settings (tsconfig.json). The graph is read from the source files themselves, so there is no list of
// files to keep and no version to bump: an edit to any module a result comes from misses the cache.
//
// Pages refine this (pageCode): the render code's edges from the block registry into the block
// components are cut, and each page adds the components of the blocks it holds, so an edited
// component renders again only the pages that use it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashOf } from './hash.ts';

/** The generator's own folder: the code digests are of the code running now, whatever site it builds. */
export const TOOL_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A module's path relative to the generator's folder, from its address (new URL('./x.ts', import.meta.url)). */
export function toolPath(module: URL): string {
  return relative(TOOL_ROOT, fileURLToPath(module)).split('\\').join('/');
}

const REGISTRY = 'runtime/registry.tsx';
/** Named as a path, not imported: every cache imports this module, and must not depend on the render code. */
const RENDER_ENTRY = 'generator/render/render-task.ts';
/** How all code is run: the locked dependencies, and the compiler's settings (tsx reads them for JSX). */
const TOOLCHAIN = ['package-lock.json', 'tsconfig.json'];
const IMPORT = /(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]|new URL\(\s*['"](\.[^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g;
/** Vite's import.meta.glob('../islands/*.island.tsx'): a `*` in the file name's segment. */
const GLOB = /import\.meta\.glob[^(]*\(\s*['"](\.[^'"]+)['"]/g;

export type Follow = (from: string, to: string) => boolean;

/** The import graph of the project's source files, read once per instance. Paths are root-relative with `/`. */
export class ImportGraph {
  private readonly imports = new Map<string, string[]>();
  private readonly texts = new Map<string, string>();

  constructor(readonly root: string = TOOL_ROOT) {}

  text(file: string): string {
    let t = this.texts.get(file);
    if (t === undefined) {
      const full = join(this.root, file);
      t = existsSync(full) ? readFileSync(full, 'utf8') : '';
      this.texts.set(file, t);
    }
    return t;
  }

  resolve(from: string, spec: string): string | undefined {
    if (!spec.startsWith('.')) return undefined; // a package: counted by the lockfile
    const base = relative(this.root, join(this.root, dirname(from), spec)).split('\\').join('/');
    for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
      if (/\.[cm]?[jt]sx?$|\.json$|\.css$/.test(candidate) && existsSync(join(this.root, candidate))) return candidate;
    }
    return undefined;
  }

  importsOf(file: string): string[] {
    let out = this.imports.get(file);
    if (!out) {
      out = [];
      const text = this.text(file);
      for (const m of text.matchAll(IMPORT)) {
        // Types are erased before the code runs: `import type` changes no result.
        if (/^(?:import|export)\s+type\s/.test(m[0])) continue;
        const to = this.resolve(file, m[1] ?? m[2] ?? m[3] ?? m[4]!);
        if (to) out.push(to);
      }
      for (const m of text.matchAll(GLOB)) out.push(...this.glob(file, m[1]!));
      this.imports.set(file, out);
    }
    return out;
  }

  private glob(from: string, pattern: string): string[] {
    const dir = relative(this.root, join(this.root, dirname(from), dirname(pattern))).split('\\').join('/');
    const name = new RegExp(`^${basename(pattern).replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
    const full = join(this.root, dir);
    return existsSync(full) ? readdirSync(full).filter((f) => name.test(f)).map((f) => `${dir}/${f}`) : [];
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
    return hashOf(...[...files, ...TOOLCHAIN].flatMap((f) => [f, this.fileHash(f)]));
  }
}

let shared: ImportGraph | undefined;
const digests = new Map<string, string>();

/**
 * The digest of the code of these modules, named by address (`new URL('./schema-compile.ts',
 * import.meta.url)`, so a moved file keeps its name right). Read once per process: the code running
 * cannot change under it.
 */
export function codeDigest(...modules: URL[]): string {
  const id = modules.map((m) => m.href).join('\0');
  let d = digests.get(id);
  if (d === undefined) digests.set(id, (d = (shared ??= new ImportGraph()).digest(modules.map(toolPath))));
  return d;
}

/** The code a page's HTML comes from: the render code, and the components of the blocks it holds. */
export class PageCode {
  /** Block type -> its component's file (from the registry's imports). */
  readonly blockFiles = new Map<string, string>();
  /** Digest of the code every page runs (the render code without the block components). */
  readonly base: string;
  private readonly blocks = new Map<string, string>();

  constructor(private readonly graph: ImportGraph = (shared ??= new ImportGraph())) {
    if (!existsSync(join(graph.root, RENDER_ENTRY))) throw new Error(`code-graph.ts: the render entry ${RENDER_ENTRY} has moved; name it here`);
    const registry = graph.text(REGISTRY);
    const byName = new Map<string, string>();
    for (const m of registry.matchAll(/import\s*\{([^}]+)\}\s*from\s*['"](\.\/blocks\/[^'"]+)['"]/g)) {
      for (const name of m[1]!.split(',').map((n) => n.trim().split(/\s+as\s+/).pop()!)) byName.set(name, graph.resolve(REGISTRY, m[2]!)!);
    }
    const body = /registry[^=]*=\s*\{([\s\S]*?)\n\};/.exec(registry)?.[1] ?? '';
    for (const m of body.matchAll(/^\s*'?([\w-]+)'?\s*:\s*(\w+)\s*,?\s*$/gm)) {
      const file = byName.get(m[2]!);
      if (file) this.blockFiles.set(m[1]!, file);
    }
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
