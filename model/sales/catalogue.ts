// The catalogue the database checks visitors' events against (issue 41), shared by the stand-in's start
// (generator/host/site-catalogue.ts, through generator/cli/backend.ts), the admin app (runtime/blocks/
// admin-app.tsx, which publishes it at aal2) and the checkout's webhook tests: the site's products in
// the form public.publish_catalogue() stores them, prices in minor units (money.ts), and what each
// route's buy buttons sell.
import { toMinor } from './money.ts';

/**
 * The site's products and experiments as public.publish_catalogue(p_catalogue) takes them, with the
 * products each route's buy buttons sell and the version of the build that made it (its time, ISO
 * 8601): the database refuses a catalogue older than the one it holds, so a tab left open from an old
 * build cannot roll prices back (supabase/schemas/public/functions/publish_catalogue.sql).
 */
export interface DatabaseCatalogue {
  version?: string;
  products: { id: string; priceMinor: number; currency: string }[];
  experiments: { route: string; id: string; arms: string[] }[];
  routes: RouteProducts[];
}

/** A route and the products its buy buttons sell: a buy click on it must name one (public.track). */
export interface RouteProducts {
  route: string;
  products: string[];
}

/**
 * The block types whose component renders a buy button for the block's `product` (runtime/blocks/*.tsx
 * through runtime/blocks/buy.tsx). tests/unit/route-products.test.ts holds this list to the buy buttons
 * of every built page, so a new block with a buy button that is not listed fails there.
 */
export const BUY_BLOCKS: readonly string[] = ['platform-hero', 'bundle-hero', 'price-box', 'buy-section'];

/** Per route, the products its pages' buy blocks sell (every version of a page under an experiment), sorted. */
export function routeProducts(pages: readonly { route: string; sections: readonly unknown[] }[]): RouteProducts[] {
  const sold = new Map<string, Set<string>>();
  for (const page of pages) {
    for (const section of page.sections) {
      const s = section as { type?: unknown; product?: unknown };
      if (typeof s.type !== 'string' || !BUY_BLOCKS.includes(s.type) || typeof s.product !== 'string') continue;
      sold.set(page.route, (sold.get(page.route) ?? new Set()).add(s.product));
    }
  }
  return [...sold].sort(([a], [b]) => a.localeCompare(b)).map(([route, products]) => ({ route, products: [...products].sort() }));
}

/**
 * The catalogue to publish: every product at its price, every route under an experiment with its arms,
 * what each route sells, and the build's version.
 */
export function databaseCatalogue(
  products: readonly { id: string; price: number }[],
  currency: string,
  experiments: Record<string, { id: string; arms: readonly string[] }>,
  routes: readonly RouteProducts[],
  version: string | undefined,
): DatabaseCatalogue {
  return {
    ...(version ? { version } : {}),
    products: products.map((p) => ({ id: p.id, priceMinor: toMinor(p.price, currency), currency })),
    experiments: Object.entries(experiments).map(([route, e]) => ({ route, id: e.id, arms: [...e.arms] })),
    routes: routes.map((r) => ({ route: r.route, products: [...r.products] })),
  };
}
