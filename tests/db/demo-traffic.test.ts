// npm run demo:traffic: 90 days of demo traffic drawn from the compiled site, marked, folded; and
// never into a backend that is not this machine's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { openDatabase, type Database } from '../../supabase/local/db.ts';
import { demoSiteOf, fillDemoTraffic, notLocal } from '../../generator/cli/demo-traffic.ts';
import { prepareDatabase } from '../../supabase/local/migrate.ts';
import { arms } from '../../model/analytics/experiment.ts';
import { fixtureSite } from '../unit/fixture.ts';
import { rmSync } from 'node:fs';

const root = process.cwd();

describe('demo traffic', () => {
  let db: Database;
  let inserted = 0;
  beforeAll(async () => {
    db = await openDatabase({ memory: true });
    await prepareDatabase(db);
    inserted = await fillDemoTraffic(db, demoSiteOf(root));
  });
  afterAll(() => db?.close());

  it('fills every one of the 90 days, folded into the rollups, all marked demo', async () => {
    expect(inserted).toBeGreaterThan(1000);
    const { rows } = await db.query<{ insights: { daily: { day: string; visitors: number; views: number }[]; campaigns: { campaign: string }[]; totals: { buys: number; captures: number } } }>(
      `select public.admin_insights(current_date - 89, current_date) as insights`,
    );
    const insights = rows[0]!.insights;
    expect(insights.daily).toHaveLength(90);
    expect(insights.daily.slice(0, 89).every((d) => d.visitors > 0 && d.views > 0)).toBe(true);
    expect(insights.totals.buys).toBeGreaterThan(0);
    expect(insights.totals.captures).toBeGreaterThan(0);
    const folded = await db.query<{ n: number }>(`select count(*)::int as n from analytics.folded_days`);
    expect(folded.rows[0]!.n).toBeGreaterThanOrEqual(89);
    const unmarked = await db.query<{ n: number }>(
      `select (select count(*) from analytics.events where utm_campaign is distinct from 'demo') + (select count(*) from analytics.daily where utm_campaign is distinct from 'demo' and kind <> 'visit') as n`,
    );
    expect(Number(unmarked.rows[0]!.n)).toBe(0);
  });

  it('uses the site\'s own routes, block ids and products', async () => {
    const site = compileSite(root).site!;
    const routes = new Set(site.pages.map((p) => p.route));
    const products = new Set((site.site.products as unknown as { id: string }[]).map((p) => p.id));
    const blockIds = new Set(site.pages.flatMap((p) => ((p as unknown as { sections?: { id?: string }[] }).sections ?? []).map((s) => s.id).filter(Boolean)));
    const { rows } = await db.query<{ route: string; kind: string; block_id: string | null; product: string | null }>(
      `select distinct route, kind, block_id, product from analytics.daily where kind <> 'visit'`,
    );
    for (const r of rows) {
      if (r.kind === '404') expect(routes.has(r.route)).toBe(false);
      else expect(routes.has(r.route), r.route).toBe(true);
      if (r.block_id) expect(blockIds.has(r.block_id), r.block_id).toBe(true);
      if (r.product) expect(products.has(r.product), r.product).toBe(true);
    }
    expect(rows.some((r) => r.kind === 'buy')).toBe(true);
    expect(rows.some((r) => r.kind === 'cta')).toBe(true);
    // As the beacon records them: a click on a block's buy button is a buy, never a call to action.
    // (The blocks that hold a buy button: a price box, a buy block; a preview names its product too, and links to it.)
    const selling = new Set(site.pages.flatMap((p) => ((p as unknown as { sections?: { id?: string; type: string; product?: string }[] }).sections ?? []).filter((s) => s.id && s.product && /buy|price/.test(s.type) && products.has(s.product)).map((s) => `${p.route}#${s.id}`)));
    expect(selling.size).toBeGreaterThan(0);
    expect(rows.filter((r) => r.kind === 'cta' && selling.has(`${r.route}#${r.block_id}`))).toEqual([]);
  });

  it("shows each arm of a page under an experiment, the control included (the experiment-site fixture)", async () => {
    const site = fixtureSite('experiment-site');
    const fixtureDb = await openDatabase({ memory: true });
    try {
      await prepareDatabase(fixtureDb);
      const demo = demoSiteOf(site);
      const page = compileSite(site).site!.pages.find((p) => p.experiment)!;
      expect(demo.variants.get(page.route)).toEqual(arms(page.experiment!));
      await fillDemoTraffic(fixtureDb, demo);
      const { rows } = await fixtureDb.query<{ variant: string; n: number }>(`select variant, count(*)::int as n from analytics.daily_paths, unnest(steps) t, lateral (select substr(t, length('variant:' || $1 || '=') + 1) as variant) v where t like 'variant:' || $1 || '=%' group by variant order by variant`, [page.route]);
      expect(rows.map((r) => r.variant)).toEqual([...arms(page.experiment!)].sort());
      expect(rows.every((r) => r.n > 0)).toBe(true);
    } finally {
      await fixtureDb.close();
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('refuses a backend that is not this machine', () => {
    expect(notLocal({ DATABASE_URL: 'postgres://u@db.example.supabase.co:5432/postgres' })).toMatch(/not this machine/);
    expect(notLocal({ VITE_SUPABASE_URL: 'https://abc.supabase.co' })).toMatch(/hosted project/);
    expect(notLocal({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', VITE_SUPABASE_URL: 'http://127.0.0.1:54321' })).toBeUndefined();
    expect(notLocal({})).toBeUndefined();
  });
});

describe('demo sales', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ memory: true });
    await prepareDatabase(db);
    await fillDemoTraffic(db, demoSiteOf(root));
  });
  afterAll(() => db?.close());

  it("orders and refunds come from the demo's own buy clicks: fewer orders than clicks, each at its product's price", async () => {
    const { rows } = await db.query<{ buys: number; orders: number; refunded: number; unknown: number; mispriced: number }>(`
      select (select coalesce(sum(events), 0)::int from analytics.daily where kind = 'buy') + (select count(*)::int from analytics.events where kind = 'buy' and day not in (select day from analytics.folded_days)) as buys,
        (select count(*)::int from sales.orders where paid) as orders,
        (select count(*)::int from sales.orders where refunded_minor > 0) as refunded,
        (select count(*)::int from sales.orders o where o.reference is not null and not exists (select 1 from analytics.buy_references r where r.reference = o.reference)) as unknown,
        (select count(*)::int from sales.orders o join analytics.buy_references r using (reference)
           join analytics.events e on e.kind = 'buy' and e.product = r.product and e.at = r.at where o.amount_minor <> e.price_cents) as mispriced`);
    const r = rows[0]!;
    expect(r.orders).toBeGreaterThan(0);
    expect(r.orders).toBeLessThan(r.buys);
    expect(r.refunded).toBeGreaterThan(0);
    expect(r.refunded).toBeLessThan(r.orders);
    expect(r.unknown).toBe(0);
    expect(r.mispriced).toBe(0);
  });

  it('the admin reads them as sales, with an unattributed row for orders that came without their reference', async () => {
    const { rows } = await db.query<{ sales: { totals: { netMinor: number; refundedMinor: number }[]; routes: { route: string | null; attributed: boolean }[] } }>(
      `select public.admin_sales(current_date - 89, current_date) as sales`,
    );
    const sales = rows[0]!.sales;
    expect(sales.totals).toHaveLength(1);
    expect(sales.totals[0]!.netMinor).toBeGreaterThan(0);
    expect(sales.totals[0]!.refundedMinor).toBeGreaterThan(0);
    const buyRoutes = new Set(demoSiteOf(root).buys.keys());
    expect(sales.routes.filter((x) => x.attributed).every((x) => buyRoutes.has(x.route!))).toBe(true);
    expect(sales.routes.some((x) => !x.attributed)).toBe(true);
  });
});
