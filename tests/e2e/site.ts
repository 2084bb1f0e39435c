// What the end-to-end tests expect, read from the site's sources as the generator compiles them: the
// catalogue (site.config.yaml) and every page of pages/, templates expanded, schema defaults and catalogue
// tokens filled in, and drafts and scheduled pages left out as of now, as the build under test leaves them
// out. Tests take counts, prices, routes, platforms and texts from here, never from a copy of today's
// content, so a marketer's new article, platform, draft or scheduled page keeps them green.
import { fileURLToPath } from 'node:url';
import { compileSite } from '../../generator/core/compile.ts';
import { isBundle, productById } from '../../model/catalogue.ts';
import { inlinePlain, parseInline } from '../../model/markup.ts';
import type { BlockOf, BlockType, CompiledSite, PageDefinition } from '../../model/page.ts';

/** The site under `root` as the build compiles it now (throws if it does not compile, as the build would fail). */
export function compiledSite(root: string): CompiledSite {
  const result = compileSite(root);
  if (!result.site) throw new Error(`${root} does not compile:\n${result.diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`).join('\n')}`);
  return result.site;
}

const compiled = compiledSite(fileURLToPath(new URL('../..', import.meta.url)));

/** site.config.yaml as the live site shows it: products whose page is not live yet are left out. */
export const site = compiled.site;
/** Every page the build writes (the blog's later listing pages included). */
export const pages = compiled.pages;

export function pageAt(route: string): PageDefinition {
  const page = pages.find((p) => p.route === route);
  if (!page) throw new Error(`no live page at ${route}`);
  return page;
}

/** The sections of one type on the page at `route`, in page order. */
export function sectionsOf<T extends BlockType>(route: string, type: T): BlockOf<T>[] {
  return pageAt(route).sections.filter((s): s is BlockOf<T> => s.type === type);
}

/** The first section of one type on the page at `route`. */
export function sectionOf<T extends BlockType>(route: string, type: T): BlockOf<T> {
  const [section] = sectionsOf(route, type);
  if (!section) throw new Error(`no ${type} section on ${route}`);
  return section;
}

/** A text field as a reader sees it: its inline markup (bold, links) removed. */
export const plain = (text: string) => inlinePlain(parseInline(text));

/** The bundle (the product that holds others), if the catalogue has one. */
export const bundle = site.products.find(isBundle);

/** The platform sales pages, each with its product, in page order. */
export const platformPages = pages
  .filter((p) => p.template === 'platform')
  .map((page) => ({ page, product: productById(site, sectionOf(page.route, 'platform-hero').product) }));

/** Products whose sales page shows 'Preview coming soon': no preview PDF was made for them. */
export const missingPreviews = new Set(compiled.missingPreviews ?? []);

/** The mails the build writes (dist/newsletters/<slug>/mail.json): the published newsletters and the list's own. */
export const mails = compiled.mails ?? [];

/** Every live article, unlisted ones included. */
export const articles = pages.flatMap((p) => (p.article ? [p.article] : []));

/** Blocks that show a buy button for their product. */
const BUY_BLOCKS: ReadonlySet<string> = new Set(['platform-hero', 'bundle-hero', 'price-box', 'buy-section']);

/** How many buy buttons for the product the page at `route` shows. */
export function buyButtonCount(route: string, productId: string): number {
  return pageAt(route).sections.filter((s) => BUY_BLOCKS.has(s.type) && 'product' in s && s.product === productId).length;
}

/** Blocks that show the sales countdown, or the 'Special Launch Price' label where they turn it off. */
const OFFER_BLOCKS: ReadonlySet<string> = new Set(['platform-hero', 'bundle-hero', 'price-box']);

/** How many sales countdowns and 'Special Launch Price' labels the page at `route` shows. */
export function offerTimers(route: string): { countdowns: number; launchLabels: number } {
  const shown = pageAt(route).sections.filter((s) => OFFER_BLOCKS.has(s.type)).map((s) => 'countdown' in s && s.countdown !== false);
  return { countdowns: shown.filter(Boolean).length, launchLabels: shown.filter((c) => !c).length };
}
