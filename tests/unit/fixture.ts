// Where unit tests find their sites. Generator behaviour is tested on the named fixture sites under
// tests/fixtures/ (frozen: new content never changes what they hold); the few tests that check the
// live site itself (it compiles, its texts parse, its pages match the editor schemas) read `liveSite`.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'yaml';
import { linkModules, MODULE_CACHES } from '../../generator/bench/grow.ts';
import { isBundle } from '../../model/catalogue.ts';
import type { Product } from '../../model/schema.generated.ts';

/** The project's code: schemas, generator, runtime, node_modules. */
export const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The site whose content the live-content tests read: this project, or SITE_ROOT, a copy of it with
 * content added. A test file that checks the live content imports this, and only such files do:
 * tests/unit/content-additions.test.ts finds them by that import and runs them on such a copy.
 * (copyProject copies this site too.)
 */
export const liveSite = process.env.SITE_ROOT ? resolve(process.env.SITE_ROOT) : projectRoot;

/** A named fixture site's folder: tests/fixtures/<name> (see tests/fixtures/README.md). */
export const fixtureDir = (name: string) => join(projectRoot, 'tests/fixtures', name);

/** The minimal site's config: one platform, no bundle; tests vary it by replacing text. */
export const MINIMAL_CONFIG = readFileSync(join(fixtureDir('minimal-site'), 'site.config.yaml'), 'utf8');

/** The minimal site's landing page. */
export const VALID_INDEX = readFileSync(join(fixtureDir('minimal-site'), 'pages/index.yaml'), 'utf8');

/** A throwaway copy of a named fixture site with the project's schemas, to compile or run a CLI on. */
export function fixtureSite(name: string): string {
  const root = mkdtempSync(join(tmpdir(), `${name}-`));
  cpSync(fixtureDir(name), root, { recursive: true });
  cpSync(join(projectRoot, 'schemas'), join(root, 'schemas'), { recursive: true });
  mkdirSync(join(root, 'public'), { recursive: true });
  return root;
}

/**
 * The minimal site (its config and its platform's preview source, as a real site's guides have)
 * with the given pages instead of its own, and optionally another config.
 */
export function makeFixture(pages: Record<string, string>, config?: string): string {
  const root = mkdtempSync(join(tmpdir(), 'gen-fixture-'));
  cpSync(join(projectRoot, 'schemas'), join(root, 'schemas'), { recursive: true });
  writeFileSync(join(root, 'site.config.yaml'), config ?? MINIMAL_CONFIG);
  mkdirSync(join(root, 'public'), { recursive: true });
  cpSync(join(fixtureDir('minimal-site'), 'content'), join(root, 'content'), { recursive: true });
  for (const [file, text] of Object.entries(pages)) {
    const full = join(root, 'pages', file);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  return root;
}

/** The project's source folders, as a CLI needs them to run on a copy. */
export const PROJECT_PARTS = ['pages', 'newsletters', 'schemas', 'runtime', 'generator', 'model', 'pdf', 'public', 'content', 'supabase', 'site.config.yaml', 'vite.config.ts', 'tsconfig.json', 'package.json'];

/** What a site's content is, as against the generator's code. */
const CONTENT_PARTS = ['pages', 'newsletters', 'site.config.yaml', 'content', 'public'];

/**
 * A throwaway copy of the whole project (node_modules linked), for running its CLIs on changed input:
 * the live site (this project, or a copy of it with content added), or with `site`, the code with
 * that named fixture site's content instead.
 */
export function copyProject(prefix = 'project-copy-', site?: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const f of PROJECT_PARTS) {
    if ((site && CONTENT_PARTS.includes(f)) || !existsSync(join(liveSite, f))) continue;
    cpSync(join(liveSite, f), join(dir, f), { recursive: true });
  }
  if (site) for (const f of CONTENT_PARTS) if (existsSync(join(fixtureDir(site), f))) cpSync(join(fixtureDir(site), f), join(dir, f), { recursive: true });
  // Vite keys its dependency cache (.vite/deps) by the project's root: through one linked node_modules,
  // each copy's `npm run dev` optimised them again into the project's own folder, replacing them under
  // any other dev server running at the time, and under the developer's. The build caches (.cache) are
  // named by what they hold, and shared.
  linkModules(projectRoot, dir, MODULE_CACHES.filter((name) => name !== '.cache'));
  return dir;
}

/** The errors among a compile's diagnostics: warnings (a copied paragraph, a missing preview) are allowed, as `npm run validate` allows them. */
export const errorsOf = <D extends { severity: string }>(diags: readonly D[]): D[] => diags.filter((d) => d.severity === 'error');

/** What a new platform is called; the rest of its catalogue entry is copied from an existing guide's. */
export interface NewPlatform {
  id: string;
  platform: string;
  route: string;
  title: string;
  shortTitle: string;
}

/**
 * Adds a platform's catalogue entry to a copy of the project, as a marketer does ("copy a platform's
 * entry"): made from an existing guide's, appended to `products` wherever that key stands, the rest of
 * site.config.yaml (comments, order) kept. Returns the guide it was modelled on.
 */
export function addCatalogueEntry(dir: string, add: NewPlatform): Product {
  const configFile = join(dir, 'site.config.yaml');
  const doc = parseDocument(readFileSync(configFile, 'utf8'));
  const model = (doc.toJS() as { products: Product[] }).products.find((p) => !isBundle(p));
  if (!model) throw new Error(`${configFile} has no platform guide to copy`);
  const entry: Product = { ...model, ...add, checkoutUrl: `https://checkout.example.com/${add.id}` };
  doc.addIn(['products'], doc.createNode(entry));
  writeFileSync(configFile, doc.toString());
  return model;
}

/**
 * Grows a copy of the project (copyProject) by one platform, as a marketer does: its catalogue entry
 * (addCatalogueEntry), and the model guide's sales page with the product and platform names swapped.
 * Returns the guide it was modelled on. No preview source is written: the new platform has none.
 */
export function addPlatform(dir: string, add: NewPlatform): Product {
  const model = addCatalogueEntry(dir, add);
  const page = readFileSync(join(dir, `pages${model.route}.yaml`), 'utf8')
    .replaceAll(`product: ${model.id}`, `product: ${add.id}`)
    .replaceAll(`:${model.id}}`, `:${add.id}}`)
    .replaceAll(`platform: ${model.platform}`, `platform: ${add.platform}`);
  if (!page.includes(`product: ${add.id}`)) throw new Error(`pages${model.route}.yaml names no product: ${model.id} to swap`);
  writeFileSync(join(dir, `pages${add.route}.yaml`), page);
  return model;
}
