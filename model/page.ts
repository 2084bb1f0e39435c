// The compiled, typed page definitions the runtime renders.
import type { Author, Experiment, Page, Block, SiteConfig } from './schema.generated.ts';
import type { ArticleSummary, BlogListing } from './blog.ts';
import type { MailDefinition } from './newsletter.ts';

export type { ArticleSummary };

export type { Page, Block, SiteConfig };
export type BlockType = Block['type'];
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;
/** A block as a template writes it, before validation fills in its schema defaults. */
export type BlockDraft = { [T in BlockType]: Partial<BlockOf<T>> & { type: T } }[BlockType];

export interface PageDefinition {
  route: string;
  /** Source file, project-relative. */
  file: string;
  title: string;
  description: string;
  image?: string;
  header: 'site' | 'back-home';
  template: 'page' | 'article' | 'platform';
  sections: Block[];
  article?: ArticleSummary;
  /** On a blog listing page (the index, its later pages, a category's pages): the cards it shows. */
  listing?: BlogListing;
  /** `unlisted: true`: opened only by a link the site sends (the subscriber's pages); noindex, not in the sitemap. */
  unlisted?: boolean;
  /** `draft: true`: built by the dev server only, with a 'Draft' ribbon. */
  draft?: boolean;
  /** When the page goes live, UTC ISO; a build as of an earlier moment leaves it out. */
  publishAt?: string;
  /** The experiment this page is under (model/analytics/experiment.ts); its control and variants all carry it. */
  experiment?: Experiment;
  /** On a variant's definition: which one (the control's has none). Built to its own file, never listed. */
  variant?: string;
}

export interface CompiledSite {
  site: SiteConfig;
  pages: PageDefinition[];
  /** Listed articles, newest first; the featured one is among them. */
  articles: ArticleSummary[];
  /** Products with no preview source, whose sales page shows 'Preview coming soon' until a file is uploaded to the previews bucket. */
  missingPreviews?: string[];
  /** The variants of pages under an experiment, each rendered to its own file (absent when there is none). */
  variants?: PageDefinition[];
  /** The published newsletters and the list's own mails, each built to dist/newsletters/<slug>/mail.json (model/newsletter.ts). */
  mails?: MailDefinition[];
}

export const NOT_FOUND_ROUTE = '/404';

/** The owner's area (/admin and the routes under it): kept out of search engines (noindex, robots.txt, sitemap). */
export const ADMIN_ROUTE = '/admin';

export function isAdminRoute(route: string): boolean {
  return route === ADMIN_ROUTE || route.startsWith(`${ADMIN_ROUTE}/`);
}

/** A page search engines should not list (noindex, no canonical address, not in the sitemap): the
 * not-found page, the admin area, and pages marked `unlisted`. */
export function isUnlisted(page: Pick<PageDefinition, 'route' | 'unlisted'>): boolean {
  return page.route === NOT_FOUND_ROUTE || isAdminRoute(page.route) || page.unlisted === true;
}
