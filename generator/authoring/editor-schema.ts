// The schemas as an editor reads them: a copy of schemas/ in .vscode/schemas/ (git-ignored) where
// every field that names a product offers the catalogue's product ids, and every platform field its
// platform names, as completions with the product's title beside them.
//
// Why a copy: the catalogue is the only list of products, so no committed schema may list them (a new
// platform must validate with no schema edit). The YAML language server completes values from a
// schema's `defaultSnippets`, so the copy adds them and nothing else; validation never reads it.
// `npm run dev` and `npm run gen:types` rewrite it, so a product added to site.config.yaml is offered
// from the next run on. .vscode/settings.json points the YAML extension at it.
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parse } from 'yaml';

export const EDITOR_SCHEMA_DIR = '.vscode/schemas';

type Schema = Record<string, unknown>;

interface Choice {
  value: string;
  description: string;
}

/** What an editor may offer for each kind of field, from site.config.yaml (nothing if it does not parse). */
export function catalogueChoices(root: string): Partial<Record<string, Choice[]>> {
  let config: unknown;
  try {
    config = parse(readFileSync(join(root, 'site.config.yaml'), 'utf8'));
  } catch {
    return {};
  }
  const products = (config as { products?: unknown } | null)?.products;
  if (!Array.isArray(products)) return {};
  const ids: Choice[] = [];
  const platforms: Choice[] = [];
  for (const p of products as Record<string, unknown>[]) {
    if (!p || typeof p.id !== 'string') continue;
    const title = typeof p.title === 'string' ? p.title : p.id;
    ids.push({ value: p.id, description: typeof p.route === 'string' ? `${title} (${p.route})` : title });
    if (typeof p.platform === 'string' && !platforms.some((c) => c.value === p.platform)) platforms.push({ value: p.platform, description: `The platform of ${title}` });
  }
  return { productId: ids, platformName: platforms };
}

/** Adds the choices to every field whose `x-kind` has some. */
function annotate(node: unknown, choices: Partial<Record<string, Choice[]>>): unknown {
  if (Array.isArray(node)) return node.map((n) => annotate(n, choices));
  if (!node || typeof node !== 'object') return node;
  const out: Schema = {};
  for (const [k, v] of Object.entries(node as Schema)) out[k] = annotate(v, choices);
  const kind = out['x-kind'];
  const offered = typeof kind === 'string' ? choices[kind] : undefined;
  if (offered?.length) out.defaultSnippets = offered.map((c) => ({ label: c.value, description: c.description, body: c.value }));
  return out;
}

function schemaFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return schemaFiles(full);
    return name.endsWith('.json') ? [full] : [];
  });
}

/** The editor copy of each schema file: its path and content. */
export function editorSchemaFiles(root: string): { path: string; content: string }[] {
  const schemasDir = join(root, 'schemas');
  const choices = catalogueChoices(root);
  return schemaFiles(schemasDir).flatMap((file) => {
    const rel = relative(schemasDir, file);
    let schema: Schema;
    try {
      schema = JSON.parse(readFileSync(file, 'utf8')) as Schema;
    } catch {
      return []; // A schema being edited may not parse yet; validation reports it, the editor keeps the last copy.
    }
    const annotated = { ...(annotate(schema, choices) as Schema), $comment: `Editor copy of schemas/${rel.split('\\').join('/')} with the catalogue's product ids, written by \`npm run dev\`. Do not edit; not used for validation.` };
    return [{ path: join(root, EDITOR_SCHEMA_DIR, rel), content: `${JSON.stringify(annotated, null, 2)}\n` }];
  });
}

/** Writes the editor copies that differ; returns the paths written. */
export function writeEditorSchemas(root: string): string[] {
  const written: string[] = [];
  for (const f of editorSchemaFiles(root)) {
    if (existsSync(f.path) && readFileSync(f.path, 'utf8') === f.content) continue;
    mkdirSync(dirname(f.path), { recursive: true });
    writeFileSync(f.path, f.content);
    written.push(f.path);
  }
  return written;
}
