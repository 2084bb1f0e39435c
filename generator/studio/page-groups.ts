// Which group the studio lists a page under, decided from the compiled page and the catalogue (its
// template, its blocks, the product whose route it is, its article's category, the footer group that
// links to it), never from its file's name: a new platform page or a renamed legal page lands in the
// right group by itself.
import type { CompiledSite, PageDefinition } from '../../model/page.ts';

export interface PageGroup {
  /** The heading the page is listed under. */
  group: string;
  /** Where that group comes in the list (smaller first). */
  order: number;
  /** Admin screens are listed apart from the site's pages. */
  admin: boolean;
}

/** Blocks that make a page an admin screen: the owner's app, not the site a visitor reads. */
const ADMIN_BLOCKS = new Set(['admin-app']);
/** Blocks that make a page one a visitor turns to for help. */
const SUPPORT_BLOCKS = new Set(['contact-form', 'not-found']);

export function groupOf(page: PageDefinition | undefined, site: CompiledSite | undefined): PageGroup {
  // Nothing is compiled while any page has an error: the groups come back once it is fixed.
  if (!page || !site) return { group: 'Not grouped while the site has errors', order: 0, admin: false };
  const types = page.sections.map((s) => s.type as string);
  if (types.some((t) => ADMIN_BLOCKS.has(t))) return { group: 'Admin screens', order: 100, admin: true };
  if (page.route === '/') return { group: 'Home', order: 1, admin: false };
  const product = site.site.products.find((p) => p.route === page.route);
  if (product?.bundles !== undefined) return { group: 'The bundle', order: 3, admin: false };
  if (product || page.template === 'platform') return { group: 'Platform pages', order: 2, admin: false };
  if (page.article) return { group: `Articles: ${page.article.category}`, order: 10, admin: false };
  if (types.includes('blog-index') || page.listing) return { group: 'Blog', order: 4, admin: false };
  if (types.some((t) => SUPPORT_BLOCKS.has(t))) return { group: 'Support', order: 30, admin: false };
  const footer = site.site.footer.groups.find((g) => g.links?.some((l) => l.href === page.route));
  if (footer) return { group: footer.title, order: 20, admin: false };
  return { group: 'Other pages', order: 40, admin: false };
}
