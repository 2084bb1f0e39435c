// The catalogue the database checks visitors' events against (issue 41; model/sales/catalogue.ts), read from
// the sources as a server starts (npm start, npm run dev, npm run demo:traffic): site.config.yaml's
// products, prices and currency, and each page's experiment with its arms. Read without compiling,
// as analytics-config.ts reads the analytics settings: a page that does not validate is still read
// for its experiment, and `npm run validate` names what is wrong with it.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { CONTROL, type ExperimentRoutes } from '../../model/analytics/experiment.ts';
import { BUY_BLOCKS, databaseCatalogue, type DatabaseCatalogue, type RouteProducts } from '../../model/sales/catalogue.ts';
import { routeOf } from '../core/load.ts';

interface ConfigShape {
  checkout?: { currency?: unknown; provider?: unknown } | null;
  products?: { id?: unknown; price?: unknown }[] | null;
}

function readYaml(file: string): unknown {
  try {
    return parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function pageFiles(dir: string, rel = 'pages'): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => (e.isDirectory() ? pageFiles(join(dir, e.name), `${rel}/${e.name}`) : /\.ya?ml$/.test(e.name) ? [`${rel}/${e.name}`] : []));
}

/** Every route under an experiment, with its id and arms (the control first). */
export function sourceExperiments(root: string): ExperimentRoutes {
  const routes: ExperimentRoutes = {};
  for (const file of pageFiles(join(root, 'pages'))) {
    const experiment = (readYaml(join(root, file)) as { experiment?: { id?: unknown; variants?: unknown; start?: unknown } } | undefined)?.experiment;
    if (typeof experiment?.id === 'string' && Array.isArray(experiment.variants) && experiment.variants.every((v) => typeof v === 'string')) {
      routes[routeOf(file)] = { id: experiment.id, arms: [CONTROL, ...(experiment.variants as string[])], ...(typeof experiment.start === 'string' ? { start: experiment.start } : {}) };
    }
  }
  return routes;
}

interface PageShape {
  template?: unknown;
  platform?: { product?: unknown; variants?: Record<string, { product?: unknown }> } | null;
  sections?: { type?: unknown; product?: unknown; variants?: Record<string, { product?: unknown }> | null }[] | null;
}

/**
 * Per route, the products its buy buttons sell, as the build's routeProducts (model/sales/catalogue.ts) finds them
 * in the compiled pages: a platform page (template: platform) sells its product from its hero, price box
 * and closing section; a page of sections sells the product of each buy block, in any version.
 */
export function sourceRouteProducts(root: string): RouteProducts[] {
  const sold = new Map<string, Set<string>>();
  const add = (route: string, product: unknown) => typeof product === 'string' && sold.set(route, (sold.get(route) ?? new Set()).add(product));
  for (const file of pageFiles(join(root, 'pages'))) {
    const page = readYaml(join(root, file)) as PageShape | undefined;
    if (!page || typeof page !== 'object') continue;
    const route = routeOf(file);
    if (page.template === 'platform' && page.platform) {
      add(route, page.platform.product);
      for (const v of Object.values(page.platform.variants ?? {})) add(route, v?.product);
    }
    for (const s of Array.isArray(page.sections) ? page.sections : []) {
      if (typeof s?.type !== 'string' || !BUY_BLOCKS.includes(s.type)) continue;
      add(route, s.product);
      for (const v of Object.values(s.variants ?? {})) add(route, v?.product);
    }
  }
  return [...sold].sort(([a], [b]) => a.localeCompare(b)).map(([route, products]) => ({ route, products: [...products].sort() }));
}

/**
 * The catalogue of the site under `root`, as public.publish_catalogue() takes it. `version`: the sources
 * as they are now are the newest build there is (the stand-in publishes them as it starts).
 */
export function siteCatalogue(root: string, version: string = new Date().toISOString()): DatabaseCatalogue {
  const config = (readYaml(join(root, 'site.config.yaml')) ?? {}) as ConfigShape;
  const currency = typeof config.checkout?.currency === 'string' && /^[A-Z]{3}$/.test(config.checkout.currency) ? config.checkout.currency : 'USD';
  const products = (config.products ?? []).flatMap((p) => (typeof p?.id === 'string' && typeof p.price === 'number' && p.price >= 0 ? [{ id: p.id, price: p.price }] : []));
  return databaseCatalogue(products, currency, sourceExperiments(root), sourceRouteProducts(root), version);
}

/** site.config.yaml's checkout.provider ("Stripe"), whose webhooks the stand-in verifies. */
export function checkoutProvider(root: string): string | undefined {
  const provider = ((readYaml(join(root, 'site.config.yaml')) ?? {}) as ConfigShape).checkout?.provider;
  return typeof provider === 'string' ? provider : undefined;
}
