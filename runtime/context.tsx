// What every block can read while rendering: the site config, the listed articles and the page.
import { createContext, useContext } from 'react';
import type { ArticleSummary, PageDefinition, SiteConfig } from '../model/page.ts';
import type { ExperimentEntry } from '../model/analytics/experiment.ts';
import type { RouteProducts } from '../model/sales/catalogue.ts';
import { productById } from '../model/catalogue.ts';
import type { Product } from '../model/schema.generated.ts';

export interface RenderContext {
  site: SiteConfig;
  articles: ArticleSummary[];
  page: PageDefinition;
  /** Base address of the Supabase project, for public preview addresses. */
  supabaseUrl: string;
  /** Build time, for the footer year and 'Last updated'. */
  now: Date;
  /** Counts the page's islands, for their id prefixes; one per page render. */
  islandSeq: { next: number };
  /** Islands rendered on the page, recorded as they render, so the page links only their code. */
  islands: Set<string>;
  /** Products with no preview source: their preview block shows 'Preview coming soon' until the storage has an uploaded file. */
  missingPreviews?: readonly string[];
  /** Images the build made (absent in the dev server, which draws none). */
  images?: SiteImages;
  /** The site's experiments, for the admin: a function, so only a page that asks reads every page's experiment (and depends on them). */
  experiments?: () => ExperimentEntry[];
  /** Per route, the products its buy buttons sell, for the admin's catalogue: a function, as `experiments`. */
  routeProducts?: () => RouteProducts[];
  /** The published newsletters this build wrote a mail for, for the admin's sending screen: a function, as `experiments`. */
  newsletters?: () => NewsletterEntry[];
}

/** A published newsletter as the admin sends it: its mail is dist/newsletters/<slug>/mail.json, its web version `route`. */
export interface NewsletterEntry {
  slug: string;
  subject: string;
  route: string;
}

/** Images made at build time, by address (see generator/images/site-images.ts). */
export interface SiteImages {
  /** The first page of each product's preview PDF, by product id. */
  previewStills: Record<string, { src: string; width: number; height: number; pages: number }>;
  /** The 1200×630 social card, by route. */
  socialCards: Record<string, string>;
  /** The site's icon (public/favicon.svg) as a data: address: the header's logo and the browser tab's
   * icon, one image written twice, which brotli sends once. No request for it is under way as the page
   * paints; a request for /favicon.svg, which the browser makes at high priority once the page has loaded,
   * was one Lighthouse's simulation counted against the first paint whenever the load event came before
   * it (medians of 5 in one run: /contact 754 → 699 ms, /instagram-detox 754 → 735 ms, beside 645–664 ms
   * for bare pages of their sizes). */
  icon?: string;
}

const Ctx = createContext<RenderContext | null>(null);
export const RenderProvider = Ctx.Provider;

export function useRender(): RenderContext {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error('useRender outside RenderProvider');
  return ctx;
}

/** The catalogue's product a block names by id, from the site being rendered. */
export function useProduct(id: string): Product {
  return productById(useRender().site, id);
}
