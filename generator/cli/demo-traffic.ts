// `npm run demo:traffic`: fills the LOCAL database with 90 days of demo traffic drawn from the
// compiled site (demo-traffic-plan.ts), every event marked utm_campaign 'demo', then folds the
// complete days as the daily cron would, so /admin/insights can be seen before any visitor comes.
// Refuses any backend that is not this machine's: a DATABASE_URL elsewhere, or a build configured
// for a hosted project (VITE_SUPABASE_URL). Refused while another process (npm start's stand-in) has
// the local database open, whatever its port: the folder's lock says who (supabase/local/data-lock.ts).
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isLocalBackend } from '../host/backend-url.ts';
import { compileSite } from '../core/compile.ts';
import { arms, type Experiment } from '../../model/analytics/experiment.ts';
import { DataFolderHeld, LOCAL_DATA_ERROR } from '../../supabase/local/data-lock.ts';
import { openDatabase, type Database, type Sql } from '../../supabase/local/db.ts';
import { prepareDatabase } from '../../supabase/local/migrate.ts';
import { demoEvents, demoSales, type DemoSite } from '../../supabase/local/demo-traffic-plan.ts';
import { EXIT, parseCli, runCli, type Command } from './args.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Why this environment is not a local backend, or undefined when it is. */
export function notLocal(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.DATABASE_URL) {
    let host: string;
    try {
      host = new URL(env.DATABASE_URL).hostname;
    } catch {
      return 'DATABASE_URL is not an address';
    }
    if (!LOOPBACK.has(host)) return `DATABASE_URL points at ${host}, not this machine: demo traffic goes only into a local database`;
  }
  if (env.VITE_SUPABASE_URL && !isLocalBackend(env.VITE_SUPABASE_URL)) {
    return `VITE_SUPABASE_URL is ${env.VITE_SUPABASE_URL}, a hosted project: demo traffic goes only into the local stand-in`;
  }
  return undefined;
}

/** The routes, blocks, products, capture forms and variants of the compiled site. */
export function demoSiteOf(root: string): DemoSite {
  const compiled = compileSite(root).site;
  if (!compiled) throw new Error('the site does not compile: run npm run validate');
  type Block = { id?: string; type: string; product?: string };
  type Page = { route: string; sections?: Block[]; experiment?: Experiment };
  const pages = (compiled.pages as unknown as Page[]).filter((p) => p.route !== '/admin' && !p.route.startsWith('/admin/'));
  const products = new Map((compiled.site.products as unknown as { id: string; price: number }[]).map((p) => [p.id, Math.round(p.price * 100)]));
  const currency = (compiled.site as { checkout?: { currency?: string } }).checkout?.currency ?? 'USD';
  const site: DemoSite = { routes: pages.map((p) => p.route), blocks: new Map(), buys: new Map(), captures: [], variants: new Map(), currency };
  for (const page of pages) {
    const sections = page.sections ?? [];
    const buys = sections.filter((s) => s.product && /buy|price/.test(s.type) && products.has(s.product));
    // A click on a block's buy button is a buy, never a call to action (as the beacon records it): a
    // block that sells takes buy clicks only.
    site.blocks.set(page.route, sections.filter((s) => s.id && !buys.includes(s)).map((s) => ({ id: s.id!, type: s.type })));
    if (buys.length) site.buys.set(page.route, [...new Set(buys.map((s) => s.product!))].map((p) => ({ product: p, cents: products.get(p)! })));
    if (sections.some((s) => s.type === 'email-capture')) site.captures.push(page.route);
    // Every arm, the control included: a visitor of the page sees one of them.
    if (page.experiment) site.variants.set(page.route, arms(page.experiment));
  }
  return site;
}

/** Inserts the demo events, the orders and refunds of their buy clicks, and folds; returns how many events went in. */
export async function fillDemoTraffic(db: Sql, site: DemoSite, now = new Date()): Promise<number> {
  const events = demoEvents(site, now);
  await fillDemoSales(db, demoSales(events, now, site.currency));
  for (let i = 0; i < events.length; i += 2000) {
    const batch = events.slice(i, i + 2000).map((e) => ({ ...e, at: e.at.toISOString(), day: e.at.toISOString().slice(0, 10) }));
    await db.query(
      `insert into analytics.events (at, day, visitor, kind, route, block_id, block_type, product, price_cents, referrer_host, utm_source, utm_medium, utm_campaign, device, variant)
       select e.at, e.day, sha256(convert_to(e.visitor, 'UTF8')), e.kind, e.route, e.block_id, e.block_type, e.product, e.price_cents,
              e.referrer_host, e.utm_source, e.utm_medium, e.utm_campaign, e.device, e.variant
       from json_to_recordset($1::json) as e(at timestamptz, day date, visitor text, kind text, route text, block_id text, block_type text,
            product text, price_cents int, referrer_host text, utm_source text, utm_medium text, utm_campaign text, device text, variant text)`,
      [JSON.stringify(batch)],
    );
  }
  await db.query('select analytics.fold()');
  return events.length;
}

/** The buy clicks' references, then their orders and refunds through the webhook's one writer. */
async function fillDemoSales(db: Sql, sales: ReturnType<typeof demoSales>): Promise<void> {
  const references = sales.references.map((r) => ({ ...r, at: r.at.toISOString(), day: r.at.toISOString().slice(0, 10), experiment: null }));
  await db.query(
    `insert into analytics.buy_references (reference, at, day, route, block_id, block_type, product, variant, experiment, referrer_host, utm_source, utm_medium, utm_campaign, device, steps)
     select r.reference, r.at, r.day, r.route, r.block_id, r.block_type, r.product, r.variant, a.experiment, r.referrer_host, r.utm_source, r.utm_medium, r.utm_campaign, r.device, r.steps
     from json_to_recordset($1::json) as r(reference text, at timestamptz, day date, route text, block_id text, block_type text, product text, variant text,
          referrer_host text, utm_source text, utm_medium text, utm_campaign text, device text, steps text[])
     left join analytics.experiment_arms a on a.route = r.route and a.variant = r.variant
     on conflict (reference) do nothing`,
    [JSON.stringify(references.map((r) => ({ ...r, steps: `{${r.steps.map((t) => JSON.stringify(t)).join(',')}}` })))],
  );
  await db.query('select count(public.record_checkout_event(e)) from jsonb_array_elements($1::jsonb) e', [JSON.stringify(sales.checkout)]);
}

const DEMO_TRAFFIC: Command = {
  usage: 'npm run demo:traffic   (with npm start stopped)',
  does: "Fills the local database with 90 days of made-up visits, clicks, sign-ups and orders drawn from the site's own routes, blocks and products (utm_campaign 'demo'), so /admin/insights can be seen before any visitor comes. Refuses any database that is not this machine's, and one another process has open.",
  env: {
    DATA_DIR: "the stand-in's data folder (default .data)",
    DATABASE_URL: 'a local PostgreSQL instead (refused when not on this machine)',
  },
  examples: ['npm run demo:traffic'],
};

/** Exit 1 when refused (not local, the data folder held, an applied migration changed), nothing written. */
async function main(): Promise<number> {
  parseCli(process.argv.slice(2), DEMO_TRAFFIC);
  const refusal = notLocal();
  if (refusal) {
    console.error(`demo:traffic refused: ${refusal}.`);
    return EXIT.invalid;
  }
  let db: Database;
  try {
    db = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: join(resolve(process.env.DATA_DIR ?? join(REPO_ROOT, '.data')), 'pglite') });
  } catch (e) {
    if (!(e instanceof DataFolderHeld)) throw e;
    console.error(`demo:traffic refused, nothing written: ${e.message} Then run this, and start npm start again.`);
    return EXIT.invalid;
  }
  try {
    await prepareDatabase(db);
    // The site here, as build and start read it (a fixture copy's own pages, or this project's).
    const n = await fillDemoTraffic(db, demoSiteOf(process.cwd()));
    console.log(`demo:traffic: ${n} demo events over 90 days (utm_campaign 'demo') in the local database; open /admin/insights after npm start.`);
    return EXIT.ok;
  } catch (e) {
    // An applied migration whose file changed (supabase/local/migrate.ts): its message says what to do.
    if ((e as Error).name !== LOCAL_DATA_ERROR) throw e;
    console.error(`demo:traffic refused, nothing written: ${(e as Error).message}`);
    return EXIT.invalid;
  } finally {
    await db.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await runCli('demo:traffic', main);
