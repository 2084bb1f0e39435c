// The code a page's HTML comes from: the render entry with everything it imports (document, layout,
// header, footer…), less the block components, plus the components of the blocks the page holds, each
// with what it imports. Hashing that, an edited block component rebuilds only the pages that use it.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { hashOf } from './hash.ts';

const RENDER_ENTRY = 'runtime/render/render-page.tsx';
/** The build's own code that a page's HTML goes through: the cut of the stylesheet it inlines (its
 * imports of runtime/ are types, and the runtime counts above, block by block). */
const PAGE_CSS = 'generator/page-assets.ts';
const REGISTRY = 'runtime/registry.tsx';
const IMPORT = /(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

export class CodeGraph {
  private readonly imports = new Map<string, string[]>();
  private readonly texts = new Map<string, string>();
  private readonly closures = new Map<string, string>();
  /** Block type -> its component's file (from the registry's imports). */
  readonly blockFiles = new Map<string, string>();
  /** Hash of the code every page runs. */
  readonly base: string;

  constructor(private readonly root: string) {
    const registry = this.text(REGISTRY);
    const byName = new Map<string, string>();
    for (const m of registry.matchAll(/import\s*\{([^}]+)\}\s*from\s*['"](\.\/blocks\/[^'"]+)['"]/g)) {
      for (const name of m[1]!.split(',').map((n) => n.trim().split(/\s+as\s+/).pop()!)) byName.set(name, this.resolve(REGISTRY, m[2]!)!);
    }
    const body = /registry[^=]*=\s*\{([\s\S]*?)\n\};/.exec(registry)?.[1] ?? '';
    for (const m of body.matchAll(/^\s*'?([\w-]+)'?\s*:\s*(\w+)\s*,?\s*$/gm)) {
      const file = byName.get(m[2]!);
      if (file) this.blockFiles.set(m[1]!, file);
    }
    const blocks = new Set(this.blockFiles.values());
    // The registry's edges into block files are cut: those count per page, by the blocks it holds.
    this.base = hashOf(this.closureHash(RENDER_ENTRY, (from, to) => !(from === REGISTRY && blocks.has(to))), this.closureHash(PAGE_CSS, (_, to) => to.startsWith('generator/')));
  }

  private text(file: string): string {
    let t = this.texts.get(file);
    if (t === undefined) {
      const full = join(this.root, file);
      t = existsSync(full) ? readFileSync(full, 'utf8') : '';
      this.texts.set(file, t);
    }
    return t;
  }

  private resolve(from: string, spec: string): string | undefined {
    if (!spec.startsWith('.')) return undefined; // packages: counted by package-lock.json
    const base = relative(this.root, join(this.root, dirname(from), spec)).split('\\').join('/');
    for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
      if (existsSync(join(this.root, candidate)) && /\.[cm]?[jt]sx?$|\.json$|\.css$/.test(candidate)) return candidate;
    }
    return undefined;
  }

  private importsOf(file: string): string[] {
    let out = this.imports.get(file);
    if (!out) {
      out = [];
      for (const m of this.text(file).matchAll(IMPORT)) {
        const to = this.resolve(file, m[1] ?? m[2] ?? m[3]!);
        if (to) out.push(to);
      }
      this.imports.set(file, out);
    }
    return out;
  }

  private closureHash(entry: string, follow: (from: string, to: string) => boolean = () => true): string {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const to of this.importsOf(file)) if (follow(file, to)) visit(to);
    };
    visit(entry);
    return hashOf(...[...seen].sort().flatMap((f) => [f, this.text(f)]));
  }

  /** Hash of a block type's component with everything it imports. */
  block(type: string): string {
    let h = this.closures.get(type);
    if (h === undefined) {
      const file = this.blockFiles.get(type);
      h = file ? this.closureHash(file) : 'none';
      this.closures.set(type, h);
    }
    return h;
  }

  /** Hash of the code a page renders through: the common code and its blocks'. */
  pageCode(sections: readonly unknown[]): string {
    const types = new Set<string>();
    const visit = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(visit);
      else if (v && typeof v === 'object') {
        const type = (v as { type?: unknown }).type;
        if (typeof type === 'string' && this.blockFiles.has(type)) types.add(type);
        Object.values(v).forEach(visit);
      }
    };
    visit(sections);
    return hashOf(this.base, ...[...types].sort().flatMap((t) => [t, this.block(t)]));
  }
}
