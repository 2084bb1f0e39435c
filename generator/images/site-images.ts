// The images stage: images made at build time, each cached by the digest of what it is made from and of
// the code that makes it (store/code-graph.ts), so a rebuild redraws only what changed:
// - the preview's first page, shown in the PDF viewer until it loads and when scripts are off;
// - a 1200×630 social card per page (og:image, Twitter card): the page's title on the brand colours
//   (images/card.ts), drawn on worker threads and the main thread at once (images/card-pool.ts);
// - /favicon.ico and /apple-touch-icon.png, from public/favicon.svg (images/icons.ts), and the icon itself
//   as a data: address, for pages to carry.
// Pages read only the addresses and data: addresses it returns (runtime/context.tsx's SiteImages).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { previewPath, productById } from '../../model/catalogue.ts';
import type { CompiledSite } from '../../model/page.ts';
import { previewSourceNames } from '../../pdf/sources.ts';
import { CardPool, type CardJob } from './card-pool.ts';
import { cardText, type CardText } from './card.ts';
import { appleTouchIcon, faviconIco, svgDataAddress } from './icons.ts';
import { filesHash } from '../store/hash.ts';
import type { CacheAccess } from '../store/store.ts';
import { tsWorker } from '../stages/render-pool.ts';
import type { StillJob } from './still-worker.ts';

export { svgDataAddress };

/** Where generated images go in dist/ (and the dev server's cache): one name per content hash. */
export const GENERATED_DIR = 'generated';

export interface PreviewStill {
  src: string;
  width: number;
  height: number;
  pages: number;
}

export interface GeneratedImages {
  /** The first page of each product's preview, by product id. */
  previewStills: Record<string, PreviewStill>;
  /** The social card's address by route. */
  socialCards: Record<string, string>;
  /** public/favicon.svg as a data: address (see svgDataAddress), for pages to carry. */
  icon?: string;
  /** Files to write, by path relative to dist/: the cache file holding each. */
  files: Map<string, string>;
}

const STILL_WIDTH = 816;

const hash = (...parts: (string | Uint8Array)[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex').slice(0, 16);
};

/**
 * The code each kind of image is made by: the module that draws it, on whichever thread, with
 * everything it imports (its whole import graph, see code-graph.ts).
 */
export const IMAGE_CODE = {
  // Every thread, the main one included, draws cards through card-worker.ts (drawFrom).
  card: new URL('./card-worker.ts', import.meta.url),
  // The still worker imports the PDF renderer and rasteriser: its digest covers them.
  still: new URL('./still-worker.ts', import.meta.url),
  icons: new URL('./icons.ts', import.meta.url),
};

/** A social card's cache file name: what it shows and the code that draws it. */
export function cardFile(text: CardText, code: string): string {
  return `card-${hash(text.siteName, text.kicker, text.title, code)}.png`;
}

/** The images' folder in the store's build cache. */
const imagesDir = (store: CacheAccess) => join(store.cacheDir, 'images');

/**
 * A tiny content-addressed cache in the build cache (by default under node_modules/.cache: ignored, and cleared with node_modules):
 * returns the file holding the image, drawing it first when it is not there (or `reuse` is false).
 * Images stay on disk, never all in memory at once (a social card per page adds up at 10,000 pages).
 * A file is replaced, never written into: dist/ may hold a hard link to it (outputs.ts).
 */
async function cached(store: CacheAccess, key: string, make: () => Promise<Buffer>): Promise<string> {
  const dir = imagesDir(store);
  const file = join(dir, key);
  if (!store.reuse || !existsSync(file)) {
    const data = await make();
    mkdirSync(dir, { recursive: true });
    const part = `${file}.${process.pid}.tmp`;
    writeFileSync(part, data);
    renameSync(part, file);
  }
  return file;
}

/** The products a page previews that have a preview source, with that source's name. */
function previewProducts(compiled: CompiledSite): { id: string; name: string }[] {
  const ids = new Set<string>();
  for (const page of compiled.pages) for (const s of page.sections) if (s.type === 'pdf-preview') ids.add(s.product);
  const sources = new Set(previewSourceNames());
  return [...ids].flatMap((id) => {
    const name = previewPath(productById(compiled.site, id)).replace(/-preview\.pdf$/, '');
    return sources.has(name) ? [{ id, name }] : [];
  });
}

async function previewStills(root: string, compiled: CompiledSite, files: Map<string, string>, store: CacheAccess): Promise<Record<string, PreviewStill>> {
  const out: Record<string, PreviewStill> = {};
  // Keyed by what a preview is made from (its source, the code that makes the PDF and its still, the
  // locked libraries), so an unchanged preview is neither rendered to PDF nor rasterised again.
  const inputs = hash(filesHash(root, ['content']), store.code.codeDigest(IMAGE_CODE.still));
  const products = previewProducts(compiled).map((p) => ({ ...p, key: hash('still', String(STILL_WIDTH), p.name, inputs) }));
  const fileOf = (key: string, ext: string) => join(imagesDir(store), `preview-${key}.${ext}`);
  const missing: StillJob[] = products
    .filter((p) => !store.reuse || !existsSync(fileOf(p.key, 'webp')) || !existsSync(fileOf(p.key, 'json')))
    .map((p) => ({ name: p.name, width: STILL_WIDTH, webp: fileOf(p.key, 'webp'), meta: fileOf(p.key, 'json') }));
  if (missing.length) {
    store.stats.recomputed('preview stills', missing.length);
    await drawStills(missing);
  }
  store.stats.reused('preview stills', products.length - missing.length);
  for (const { id, key } of products) {
    const { width, height, pages } = JSON.parse(readFileSync(fileOf(key, 'json'), 'utf8')) as { width: number; height: number; pages: number };
    const path = `${GENERATED_DIR}/preview-${id}-${key}.webp`;
    files.set(path, fileOf(key, 'webp'));
    out[id] = { src: `/${path}`, width, height, pages };
  }
  return out;
}

/** Draws the stills on a worker thread of their own (see still-worker.ts for why). */
async function drawStills(jobs: StillJob[]): Promise<void> {
  const worker = tsWorker(IMAGE_CODE.still);
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('message', (m: { done?: true; error?: string }) => (m.done ? resolve() : reject(new Error(`drawing the preview stills failed: ${m.error}`))));
      worker.once('error', reject);
      worker.postMessage(jobs);
    });
  } finally {
    await worker.terminate();
  }
}

/**
 * Each page's social card: those not in the cache are queued for the card pool. Returns the cards'
 * addresses and the jobs.
 */
function socialCards(compiled: CompiledSite, files: Map<string, string>, store: CacheAccess): { cards: Record<string, string>; jobs: CardJob[] } {
  const cards: Record<string, string> = {};
  const jobs: CardJob[] = [];
  const code = store.code.codeDigest(IMAGE_CODE.card);
  const queued = new Set<string>();
  for (const page of compiled.pages) {
    const text = cardText(compiled.site.site.name, page);
    const name = cardFile(text, code);
    const file = join(imagesDir(store), name);
    if ((!store.reuse || !existsSync(file)) && !queued.has(file)) {
      queued.add(file);
      jobs.push({ file, text });
    }
    files.set(`${GENERATED_DIR}/${name}`, file);
    cards[page.route] = `/${GENERATED_DIR}/${name}`;
  }
  store.stats.recomputed('social cards', jobs.length);
  store.stats.reused('social cards', compiled.pages.length - jobs.length);
  return { cards, jobs };
}

/** favicon.ico and apple-touch-icon.png from public/favicon.svg (itself copied as a file). */
async function siteIcons(root: string, files: Map<string, string>, store: CacheAccess): Promise<void> {
  const svg = readFileSync(join(root, 'public/favicon.svg'));
  const key = hash('icons', svg, store.code.codeDigest(IMAGE_CODE.icons));
  files.set('favicon.ico', await cached(store, `favicon-${key}.ico`, () => faviconIco(svg)));
  files.set('apple-touch-icon.png', await cached(store, `apple-${key}.png`, () => appleTouchIcon(svg)));
}

/** Kept in the store's build cache; `reuse` false (a clean build): every image is drawn anew, and replaces its cache file. */
export async function generateImages(root: string, compiled: CompiledSite, store: CacheAccess): Promise<GeneratedImages> {
  const files = new Map<string, string>();
  // The cards' threads start first; the main thread makes the stills and icons, then joins them.
  const { cards, jobs } = socialCards(compiled, files, store);
  const pool = new CardPool(jobs);
  let stills: Record<string, PreviewStill>;
  try {
    stills = await previewStills(root, compiled, files, store);
    await siteIcons(root, files, store);
  } finally {
    await pool.finish();
  }
  const icon = svgDataAddress(readFileSync(join(root, 'public/favicon.svg'), 'utf8'));
  return { previewStills: stills, socialCards: cards, icon, files };
}
