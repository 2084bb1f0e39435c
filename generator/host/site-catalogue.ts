// The catalogue the database checks visitors' events against (issue 41; model/sales.ts), read from
// the sources as a server starts (npm start, npm run dev, npm run demo:traffic): site.config.yaml's
// products, prices and currency, and each page's experiment with its arms. Read without compiling,
// as analytics-config.ts reads the analytics settings: a page that does not validate is still read
// for its experiment, and `npm run validate` names what is wrong with it.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { CONTROL, type ExperimentRoutes } from '../../model/analytics/experiment.ts';
import { databaseCatalogue, type DatabaseCatalogue } from '../../model/sales.ts';
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
    const experiment = (readYaml(join(root, file)) as { experiment?: { id?: unknown; variants?: unknown } } | undefined)?.experiment;
    if (typeof experiment?.id === 'string' && Array.isArray(experiment.variants) && experiment.variants.every((v) => typeof v === 'string')) {
      routes[routeOf(file)] = { id: experiment.id, arms: [CONTROL, ...(experiment.variants as string[])] };
    }
  }
  return routes;
}

/** The catalogue of the site under `root`, as public.publish_catalogue() takes it. */
export function siteCatalogue(root: string): DatabaseCatalogue {
  const config = (readYaml(join(root, 'site.config.yaml')) ?? {}) as ConfigShape;
  const currency = typeof config.checkout?.currency === 'string' && /^[A-Z]{3}$/.test(config.checkout.currency) ? config.checkout.currency : 'USD';
  const products = (config.products ?? []).flatMap((p) => (typeof p?.id === 'string' && typeof p.price === 'number' && p.price >= 0 ? [{ id: p.id, price: p.price }] : []));
  return databaseCatalogue(products, currency, sourceExperiments(root));
}

/** site.config.yaml's checkout.provider ("Stripe"), whose webhooks the stand-in verifies. */
export function checkoutProvider(root: string): string | undefined {
  const provider = ((readYaml(join(root, 'site.config.yaml')) ?? {}) as ConfigShape).checkout?.provider;
  return typeof provider === 'string' ? provider : undefined;
}
