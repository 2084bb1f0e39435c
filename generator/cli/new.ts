// `npm run new -- page <name>`, `npm run new -- article <slug>`, `npm run new -- platform <product id>`,
// `npm run new -- newsletter <slug>`: writes a starter YAML file that validates as written (the editor's
// schema hints explain each field). The platform page is filled from the product's catalogue entry with
// DRAFT copy and is a draft; so is the newsletter, in newsletters/<slug>.yaml.
// Never overwrites an existing file, and never writes through a symlink. Exit 0 written, 2 for a usage error (unknown kind, option or
// product, bad name, a file that already exists).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Product } from '../../model/schema.generated.ts';
import { didYouMean } from '../core/did-you-mean.ts';
import { writeEditorSchemas } from '../authoring/editor-schema.ts';
import { articleStarter, newsletterStarter, pageStarter, platformStarter } from '../authoring/starters.ts';
import { LIST_MAILS, MAIL_DIR, NEWSLETTER_SLUG, NEWSLETTERS_DIR } from '../../model/newsletter.ts';
import { writeNoFollow, WriteRefused } from '../guards/safe-write.ts';
import { EXIT, parseCli, runCli, UsageError, type Command } from './args.ts';

const USAGE = 'usage: npm run new -- page <name> | article <slug> | platform <product id> | newsletter <slug>   e.g. npm run new -- article my-new-article';
const KINDS = ['page', 'article', 'platform', 'newsletter'];

const NEW: Command = {
  usage: 'npm run new -- page <name> | article <slug> | platform <product id> | newsletter <slug>',
  does: 'Writes a starter YAML file that validates as written: a page (pages/<name>.yaml), an article (pages/blog/<slug>.yaml), the sales page of a product already in site.config.yaml (at its route), or a newsletter (newsletters/<slug>.yaml); the last two in DRAFT: copy with draft: true. Never overwrites a file.',
  positionals: true,
  examples: ['npm run new -- article my-new-article', 'npm run new -- page offer', 'npm run new -- platform snapchat', 'npm run new -- newsletter spring-reset'],
};

/** The product with this id in site.config.yaml, or a usage error naming the products there. */
function catalogueProduct(root: string, id: string): Product {
  const configFile = join(root, 'site.config.yaml');
  if (!existsSync(configFile)) throw new UsageError(`no site.config.yaml here; run this in the project folder.`);
  const products = ((parse(readFileSync(configFile, 'utf8')) as { products?: Product[] } | null)?.products ?? []).filter((p) => p && typeof p.id === 'string');
  const product = products.find((p) => p.id === id);
  const ids = products.map((p) => p.id);
  if (!product) {
    const guess = didYouMean(id, ids);
    throw new UsageError(`site.config.yaml (products) has no product "${id}"${guess ? `; did you mean "${guess}"?` : ''} Products: ${ids.join(', ') || 'none'}. Add its catalogue entry first.`);
  }
  if (product.bundles?.length) throw new UsageError(`"${id}" is a bundle; its page (${product.route}) is an ordinary page of bundle blocks, not a platform page. Platform products: ${products.filter((p) => !p.bundles?.length).map((p) => p.id).join(', ')}`);
  return product;
}

/** The product's own artwork in public/ if it has some, else the site's illustration to show meanwhile. */
function artworkFor(root: string, id: string) {
  const own = `/images/platforms/${id}.svg`;
  if (existsSync(join(root, 'public', own))) return { src: own, own: true, ...svgSize(join(root, 'public', own)) };
  return { src: '/images/hero-illustration.svg', own: false, ...svgSize(join(root, 'public/images/hero-illustration.svg')) };
}

function svgSize(file: string): { width: number; height: number } {
  const head = existsSync(file) ? readFileSync(file, 'utf8').slice(0, 400) : '';
  const width = Number(/\swidth="(\d+)"/.exec(head)?.[1] ?? 480);
  const height = Number(/\sheight="(\d+)"/.exec(head)?.[1] ?? 400);
  return { width, height };
}

function starter(root: string, kind: string, name: string): { file: string; text: string } {
  const today = new Date().toISOString().slice(0, 10);
  if (kind === 'page') {
    const file = `pages/${name}.yaml`;
    return { file, text: pageStarter(file, name) };
  }
  if (kind === 'article') {
    const file = `pages/blog/${name}.yaml`;
    return { file, text: articleStarter(file, name, today) };
  }
  if (kind === 'newsletter') {
    if (!NEWSLETTER_SLUG.test(name)) throw new UsageError(`"${name}" is not a newsletter's slug: lower-case letters, digits and dashes, no folders. ${USAGE}`);
    if ((LIST_MAILS as readonly string[]).includes(name)) throw new UsageError(`"${name}" is the list's own mail (${MAIL_DIR}/${name}.yaml); give the newsletter another slug.`);
    const file = `${NEWSLETTERS_DIR}/${name}.yaml`;
    return { file, text: newsletterStarter(file, name) };
  }
  const product = catalogueProduct(root, name);
  const file = `pages${product.route}.yaml`;
  return { file, text: platformStarter(file, product, artworkFor(root, product.id)) };
}

await runCli('new', () => {
  const { positionals } = parseCli(process.argv.slice(2), NEW);
  const [kind, name] = positionals;
  if (kind && !KINDS.includes(kind)) {
    const guess = didYouMean(kind, KINDS);
    throw new UsageError(`unknown kind "${kind}"${guess ? `; did you mean "${guess}"?` : ''} ${USAGE}`);
  }
  if (!kind || !name || positionals.length > 2 || !/^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/.test(name)) throw new UsageError(USAGE);
  const root = process.cwd();
  const t = starter(root, kind, name);
  const full = join(root, t.file);
  if (existsSync(full)) throw new UsageError(`${t.file} already exists; nothing written.`);
  // Never through a symlink (a folder on the way, or one put there meanwhile): the file stays in the project.
  try {
    writeNoFollow(root, full, t.text, 'new');
  } catch (e) {
    if (e instanceof WriteRefused) throw new UsageError(e.message);
    throw e;
  }
  // The modeline names the editors' schema copy; make sure it is there and offers today's products.
  try {
    writeEditorSchemas(root);
  } catch {
    // An editor convenience: the starter is written either way.
  }
  const next = kind === 'platform' || kind === 'newsletter' ? ' It is a draft: `npm run dev` shows it; replace each DRAFT: text, then remove `draft: true`.' : '';
  console.log(`wrote ${t.file}; run \`npm run validate\` to check it.${next}`);
  return EXIT.ok;
});
