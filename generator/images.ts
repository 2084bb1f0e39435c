// Images made at build time, each cached by the hash of what it is made from, so a rebuild redraws
// only what changed:
// - the preview's first page, shown in the PDF viewer until it loads and when scripts are off;
// - a 1200×630 social card per page (og:image, Twitter card): the page's title on the brand colours;
// - /favicon.ico and /apple-touch-icon.png, from public/favicon.svg.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { previewPath, productById } from '../model/catalogue.ts';
import type { CompiledSite, PageDefinition } from '../model/page.ts';
import { previewSourceNames } from '../pdf/sources.ts';
import { filesHash } from './store/hash.ts';

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
  /** The SVG site icon and the header's logo as data: addresses, for pages to carry (see svgDataAddress). */
  favicon: string;
  logo?: string;
  /** Files to write, by path relative to dist/: the cache file holding each. */
  files: Map<string, string>;
}

/** Bump when the drawing code changes, so cached images are redrawn. */
const VERSION = 'images-3';
const STILL_WIDTH = 816;

const hash = (...parts: (string | Uint8Array)[]) => {
  const h = createHash('sha256').update(VERSION);
  for (const p of parts) h.update(p);
  return h.digest('hex').slice(0, 16);
};

/**
 * A tiny content-addressed cache under node_modules/.cache (ignored, and cleared with node_modules):
 * returns the file holding the image, drawing it first when it is not there. Images stay on disk, never
 * all in memory at once (a social card per page adds up at 10,000 pages).
 */
async function cached(root: string, key: string, make: () => Promise<Buffer>): Promise<string> {
  const dir = join(root, 'node_modules/.cache/site-images');
  const file = join(dir, key);
  if (!existsSync(file)) {
    const data = await make();
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, data);
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

async function previewStills(root: string, compiled: CompiledSite, files: Map<string, string>): Promise<Record<string, PreviewStill>> {
  const out: Record<string, PreviewStill> = {};
  // Keyed by what a preview is made from (its source, the PDF code, the locked libraries), so an
  // unchanged preview is neither rendered to PDF nor rasterised again.
  const inputs = filesHash(root, ['pdf', 'content', 'package-lock.json']);
  for (const { id, name } of previewProducts(compiled)) {
    const key = hash('still', String(STILL_WIDTH), name, inputs);
    let meta: { width: number; height: number; pages: number } | undefined;
    const data = await cached(root, `preview-${key}.webp`, async () => {
      // The PDF and image libraries load only when something must be drawn: a build whose images are all
      // cached never loads them.
      const [{ renderPreviewPdf }, { rasterizeFirstPage }] = await Promise.all([import('../pdf/render-guide-pdf.ts'), import('../pdf/rasterize-page.ts')]);
      const still = await rasterizeFirstPage(await renderPreviewPdf(name), STILL_WIDTH);
      meta = still;
      return still.data;
    });
    const metaFile = `preview-${key}.json`;
    const info = readFileSync(await cached(root, metaFile, async () => Buffer.from(JSON.stringify({ width: meta!.width, height: meta!.height, pages: meta!.pages }))), 'utf8');
    const { width, height, pages } = JSON.parse(info) as { width: number; height: number; pages: number };
    const path = `${GENERATED_DIR}/preview-${id}-${key}.webp`;
    files.set(path, data);
    out[id] = { src: `/${path}`, width, height, pages };
  }
  return out;
}

const require = createRequire(import.meta.url);
// Liberation Sans ships with pdfjs-dist (which the preview needs anyway): the same glyphs on every machine.
const fontFile = (name: string) => require.resolve(`pdfjs-dist/standard_fonts/${name}`);
let fonts: { name: string; data: Buffer; weight: 400 | 700 }[] | undefined;
const cardFonts = () =>
  (fonts ??= [
    { name: 'Liberation Sans', data: readFileSync(fontFile('LiberationSans-Regular.ttf')), weight: 400 },
    { name: 'Liberation Sans', data: readFileSync(fontFile('LiberationSans-Bold.ttf')), weight: 700 },
  ]);

/** The brand's colours (the logo's and the buttons' violet and pink), darkened enough for white text. */
const BRAND = { from: '#6d28d9', to: '#be185d', accent: '#6ee7b7' };

type Node = { type: string; props: Record<string, unknown> };
const el = (type: string, style: Record<string, unknown>, children?: unknown): Node => ({ type, props: { style, children } });

function cardKicker(page: PageDefinition): string {
  if (page.article) return `${page.article.category} · ${page.article.readTime} min read`;
  if (page.template === 'platform') return 'Step-by-step detox guide';
  return 'Digital detox guides';
}

async function drawCard(siteName: string, page: PageDefinition): Promise<Buffer> {
  const title = page.title.length > 90 ? `${page.title.slice(0, 87)}…` : page.title;
  // Satori sizes boxes without their padding: a fixed outer box, and a margin round the content.
  const tree = el('div', { width: 1200, height: 630, display: 'flex', color: '#fff', fontFamily: 'Liberation Sans', backgroundImage: `linear-gradient(135deg, ${BRAND.from}, ${BRAND.to})` }, [
    el('div', { width: 1056, height: 486, margin: 72, display: 'flex', flexDirection: 'column', justifyContent: 'space-between' }, [
      el('div', { display: 'flex', fontSize: 30, fontWeight: 700, letterSpacing: 2, textTransform: 'uppercase', color: BRAND.accent }, cardKicker(page)),
      el('div', { display: 'flex', fontSize: title.length > 50 ? 64 : 80, fontWeight: 700, lineHeight: 1.1 }, title),
      el('div', { display: 'flex', alignItems: 'center', fontSize: 32 }, [
        el('div', { width: 20, height: 20, borderRadius: 10, backgroundColor: BRAND.accent, marginRight: 16 }),
        el('div', { display: 'flex' }, siteName),
      ]),
    ]),
  ]);
  const [{ default: satori }, { Resvg }] = await Promise.all([import('satori'), import('@resvg/resvg-js')]);
  const svg = await satori(tree as never, { width: 1200, height: 630, fonts: cardFonts() });
  return new Resvg(svg, { fitTo: { mode: 'width', value: 1200 } }).render().asPng();
}

async function socialCards(root: string, compiled: CompiledSite, files: Map<string, string>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const siteName = compiled.site.site.name;
  for (const page of compiled.pages) {
    const key = hash('card', siteName, page.title, cardKicker(page), JSON.stringify(BRAND));
    const data = await cached(root, `card-${key}.png`, () => drawCard(siteName, page));
    const path = `${GENERATED_DIR}/card-${key}.png`;
    files.set(path, data);
    out[page.route] = `/${path}`;
  }
  return out;
}

/** An .ico holding PNG images (allowed since Windows Vista; every browser reads it). */
function ico(pngs: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, data }, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, at);
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(32, at + 6);
    header.writeUInt32LE(data.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...pngs.map((p) => p.data)]);
}

/** An SVG as a data: address, escaped only where a URL must be (and for the attribute's quotes): the
 * page's compression still sees the SVG's own text. */
export function svgDataAddress(svg: string): string {
  const escaped = svg
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[%#"<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `data:image/svg+xml,${escaped}`;
}

/** favicon.ico and apple-touch-icon.png from public/favicon.svg; returns the SVG as a data: address. */
async function siteIcons(root: string, files: Map<string, string>): Promise<string> {
  const svg = readFileSync(join(root, 'public/favicon.svg'));
  const png = async (size: number, background?: string) => {
    const { Resvg } = await import('@resvg/resvg-js');
    return new Resvg(svg, { fitTo: { mode: 'width', value: size }, background }).render().asPng();
  };
  const key = hash('icons', svg);
  files.set('favicon.ico', await cached(root, `favicon-${key}.ico`, async () => ico(await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(size) }))))));
  // iOS puts its own rounded mask on a square icon: fill the corners with the brand violet.
  files.set('apple-touch-icon.png', await cached(root, `apple-${key}.png`, () => png(180, '#7c3aed')));
  return svgDataAddress(svg.toString('utf8'));
}

export async function generateImages(root: string, compiled: CompiledSite): Promise<GeneratedImages> {
  const files = new Map<string, string>();
  const [stills, cards] = [await previewStills(root, compiled, files), await socialCards(root, compiled, files)];
  const favicon = await siteIcons(root, files);
  const logoFile = join(root, 'public/images/logo.svg');
  const logo = existsSync(logoFile) ? svgDataAddress(readFileSync(logoFile, 'utf8')) : undefined;
  return { previewStills: stills, socialCards: cards, favicon, logo, files };
}
