// `npm run demo:traffic`: fills the LOCAL database with 90 days of demo traffic drawn from the
// compiled site (demo-traffic-plan.ts), every event marked utm_campaign 'demo', then folds the
// complete days as the daily cron would, so /admin/insights can be seen before any visitor comes.
// Refuses any backend that is not this machine's: a DATABASE_URL elsewhere, or a build configured
// for a hosted project (VITE_SUPABASE_URL). Run it with the stand-in stopped (it opens the same files).
import { createConnection } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isLocalBackend } from '../backend-url.ts';
import { compileSite } from '../core/compile.ts';
import { arms, type Experiment } from '../../model/experiment.ts';
import { openDatabase, type Sql } from '../../supabase/local/db.ts';
import { prepareDatabase } from '../../supabase/local/migrate.ts';
import { demoEvents, type DemoSite } from '../../supabase/local/demo-traffic-plan.ts';

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
  type Section = { id?: string; type: string; product?: string };
  type Page = { route: string; sections?: Section[]; experiment?: Experiment };
  const pages = (compiled.pages as unknown as Page[]).filter((p) => p.route !== '/admin' && !p.route.startsWith('/admin/'));
  const products = new Map((compiled.site.products as unknown as { id: string; price: number }[]).map((p) => [p.id, Math.round(p.price * 100)]));
  const site: DemoSite = { routes: pages.map((p) => p.route), blocks: new Map(), buys: new Map(), captures: [], variants: new Map() };
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

/** Inserts the demo events and folds; returns how many events went in. */
export async function fillDemoTraffic(db: Sql, site: DemoSite, now = new Date()): Promise<number> {
  const events = demoEvents(site, now);
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

function portTaken(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      ok(true);
    });
    socket.on('error', () => ok(false));
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const refusal = notLocal();
  if (refusal) {
    console.error(`demo:traffic refused: ${refusal}.`);
    process.exit(1);
  }
  const port = Number(process.env.SUPABASE_PORT ?? 54321);
  if (!process.env.DATABASE_URL && (await portTaken(port))) {
    console.error(`demo:traffic: the stand-in is running on port ${port} with the local database open; stop it (npm start), run this, then start it again.`);
    process.exit(1);
  }
  const db = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: join(resolve(process.env.DATA_DIR ?? join(REPO_ROOT, '.data')), 'pglite') });
  try {
    await prepareDatabase(db);
    // The site here, as build and start read it (a fixture copy's own pages, or this project's).
    const n = await fillDemoTraffic(db, demoSiteOf(process.cwd()));
    console.log(`demo:traffic: ${n} demo events over 90 days (utm_campaign 'demo') in the local database; open /admin/insights after npm start.`);
  } finally {
    await db.close();
  }
}
