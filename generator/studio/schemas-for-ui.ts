// What the studio's forms are generated from: every block's JSON Schema (schemas/blocks/*.schema.json),
// the page's and the catalogue's, each with its $refs written in place so the browser walks one tree;
// a $ref's sibling title and description win over the referenced ones, as the editors' hover shows.
// Plus the catalogue's products, for the product picker, and the blocks each template holds, read from
// the page schema's conditionals that validate enforces, so the palette offers only what validates.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parse } from 'yaml';
import { blogCategories, type CategoryEntry } from '../../model/blog.ts';
import { isYaml, listFiles } from '../store/files.ts';
import type { Goal } from '../../model/analytics/experiment.ts';
import type { StudioSchemas } from './api-types.ts';

type Schema = Record<string, unknown>;

export function studioSchemas(root: string): StudioSchemas {
  const dir = join(root, 'schemas');
  const files = new Map<string, Schema>();
  const load = (file: string) => {
    if (!files.has(file)) files.set(file, JSON.parse(readFileSync(file, 'utf8')) as Schema);
    return files.get(file)!;
  };
  const inline = (node: unknown, file: string, seen: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((n) => inline(n, file, seen));
    if (!node || typeof node !== 'object') return node;
    const { $ref, ...rest } = node as Schema;
    const own = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, k === 'examples' || k === 'default' || k === 'const' ? v : inline(v, file, seen)]));
    if (typeof $ref !== 'string') return own;
    const [target, pointer = ''] = $ref.split('#');
    const targetFile = target ? resolve(dirname(file), target) : file;
    const key = `${targetFile}#${pointer}`;
    // The section schema refers to every block, which a block's own form does not need (and a recursive ref would not end).
    if (seen.includes(key) || targetFile.endsWith('section.schema.json')) return { ...own, 'x-ref': $ref };
    let found: unknown = load(targetFile);
    for (const part of pointer.split('/').filter(Boolean)) found = (found as Schema)[part];
    return { ...(inline(found, targetFile, [...seen, key]) as Schema), ...own };
  };
  const blocks: Record<string, Schema> = {};
  for (const name of readdirSync(join(dir, 'blocks')).filter((f) => f.endsWith('.schema.json')).sort()) {
    const file = join(dir, 'blocks', name);
    blocks[name.replace('.schema.json', '')] = inline(load(file), file, []) as Schema;
  }
  const page = load(join(dir, 'page.schema.json'));
  const config = parse(readFileSync(join(root, 'site.config.yaml'), 'utf8')) as { products?: { id: string; name: string }[]; analytics?: { goals?: Goal[] } } | null;
  return {
    page: inline(page, join(dir, 'page.schema.json'), []) as Schema,
    siteConfig: inline(load(join(dir, 'site-config.schema.json')), join(dir, 'site-config.schema.json'), []) as Schema,
    blocks,
    products: (config?.products ?? []).filter((p) => p && typeof p.id === 'string').map((p) => ({ id: p.id, name: String(p.name ?? p.id) })),
    blocksByTemplate: blocksByTemplate(page, Object.keys(blocks)),
    categories: declaredCategories(root),
    goals: (Array.isArray(config?.analytics?.goals) ? config.analytics.goals : []).filter((g) => g && typeof g.id === 'string').map((g) => ({ ...g, id: g.id, event: String(g.event) as Goal['event'] })),
  };
}

/**
 * The categories the blog index declares: the page file holding a blog-index block, found by the
 * block (as the compile finds it, templates/blog-pages.ts), not by the file's name. Read from the files
 * on disk, so a site with an error elsewhere still offers them.
 */
export function declaredCategories(root: string): string[] {
  for (const full of listFiles(join(root, 'pages'), isYaml)) {
    type Page = { sections?: { type?: unknown; categories?: unknown }[] } | null;
    let data: Page;
    try {
      data = parse(readFileSync(full, 'utf8')) as Page;
    } catch {
      continue;
    }
    const index = Array.isArray(data?.sections) ? data.sections.find((s) => s?.type === 'blog-index') : undefined;
    if (index && Array.isArray(index.categories)) return blogCategories((index.categories as unknown[]).filter((c): c is CategoryEntry => typeof c === 'string' || (!!c && typeof c === 'object' && typeof (c as { name?: unknown }).name === 'string'))).map((c) => c.name);
  }
  return [];
}

interface Conditional {
  if?: { properties?: { template?: { const?: unknown } } };
  then?: { properties?: { sections?: { items?: { properties?: { type?: { enum?: unknown[]; not?: { enum?: unknown[] } } } } } } };
}

/**
 * For each template the page schema names, the block types left once every conditional on that
 * template has had its say: an `enum` keeps only those, a `not: { enum }` takes those out. The page
 * schema's own conditionals, as ajv applies them in validate.
 */
export function blocksByTemplate(page: Schema, blockTypes: readonly string[]): Record<string, string[]> {
  const templates = ((page.properties as Record<string, { enum?: unknown[] }> | undefined)?.template?.enum ?? []).map(String);
  const conditionals = ((page.allOf as Conditional[] | undefined) ?? []).filter((c) => c.if?.properties?.template?.const !== undefined);
  return Object.fromEntries(
    templates.map((template) => {
      let types = [...blockTypes];
      for (const c of conditionals.filter((c) => c.if!.properties!.template!.const === template)) {
        const rule = c.then?.properties?.sections?.items?.properties?.type;
        if (rule?.enum) types = types.filter((t) => rule.enum!.includes(t));
        if (rule?.not?.enum) types = types.filter((t) => !rule.not!.enum!.includes(t));
      }
      return [template, types];
    }),
  );
}
