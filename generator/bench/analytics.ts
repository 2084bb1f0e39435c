// The analytics database at size (issue 32), on a throwaway PostgreSQL 15:
// 1. ingest: events through public.track() as the beacon's requests reach it through PostgREST
//    (anon, claims and headers set, one transaction each; supabase/local/track-pg.ts), called over
//    the wire protocol straight from 50 concurrent connections (no HTTP layer: this measures the
//    database); each event from another client address (a new per-client window each, the worst
//    case). The server keeps PostgreSQL's crash safety (fsync and synchronous_commit on, its
//    defaults), so an acknowledged event is one whose commit is on disk. Events a second over the
//    whole run, and every acknowledged event counted in the table (0 lost);
// 2. the dashboard: `events` events spread over 90 days (four a visitor-day: a landing view, a second
//    page, a click or a capture, a buy one time in five), folded by analytics.fold() as the daily
//    cron does (raw_days 30 keeps the last month raw, everything older lives only in the rollups),
//    then every query behind /admin/insights as an admin at aal2: median of five runs each;
// 3. sales (issue 41): `orders` orders over the same 90 days, nine in ten with a buy click's reference
//    (its route, block, variant, campaign and steps), one in twelve refunded, then every sales query
//    of the screen, the same way (after checking that the sales rollup they read, sales.daily_sales,
//    equals a recount of the orders: bench/sales-rollup.ts).
// Budgets (issue 32): ingest >= 2,000 events/s, 0 lost; every dashboard query <= 300 ms at 1,000,000
// events. The machine is shared: figures are medians, and a budget over fails the bench, never a test.
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { openDatabase, type Database } from '../../supabase/local/db.ts';
import { prepareDatabase } from '../../supabase/local/migrate.ts';
import { LOAD_CATALOGUE, concurrently, eventBody } from '../../supabase/local/concurrently.ts';
import { startThrowawayPostgres } from '../../supabase/local/throwaway-postgres.ts';
import { trackAsAnon } from '../../supabase/local/track-pg.ts';
import { salesRollupDifferences } from './sales-rollup.ts';

/** Connections calling track() at once, as a busy API's pool would. */
const INGEST_CONCURRENCY = 50;

export const ANALYTICS_BUDGETS = { ingestPerSecond: 2_000, lost: 0, queryMs: 300, events: 1_000_000, orders: 50_000 };

export interface AnalyticsBenchOptions {
  /** Events spread over 90 days for the dashboard queries (default 1,000,000; 0 measures ingest only). */
  events?: number;
  /** Events sent through track() for the ingest rate (default 20,000). */
  ingest?: number;
  /** Orders over the 90 days for the sales queries (default 50,000). */
  orders?: number;
}

export interface AnalyticsFigures {
  ingest: {
    events: number; seconds: number; perSecond: number; acknowledged: number; stored: number; concurrency: number;
    /** The machine's 1-minute load average before and after the run (2 cores, shared). */
    load: [number, number];
    /** WAL flushes during the run and their mean time: with many commits per flush the disk is not the limit. */
    walSyncs: number; walSyncMs: number;
  };
  /** Absent when only ingest was measured. */
  load?: { events: number; seconds: number; foldSeconds: number; rawLeft: number; rollupRows: number; paths: number; orders: number; salesRollupRows: number };
  queries: { name: string; medianMs: number }[];
  /** The machine's 1-minute load average when the queries started and ended (timings on a shared machine). */
  load1?: { before: number; after: number };
}

const ADMIN_CLAIMS = JSON.stringify({
  role: 'authenticated', sub: '0b000000-0000-4000-8000-000000000001', app_metadata: { role: 'admin' }, aal: 'aal2',
  session_id: '0b000000-0000-4000-8000-000000000002',
});

/** `events` events over the 90 days up to today (four a visitor-day; see the header), straight into analytics.events in time order. */
export async function fillNinetyDays(db: Database, events: number): Promise<void> {
  await db.query(
    `insert into analytics.events (at, day, visitor, kind, route, block_id, block_type, product, price_cents, referrer_host, utm_source, utm_medium, utm_campaign, device, variant)
     select d + make_interval(secs => (v % 80000) + step), d, sha256(int8send(v)),
       case step when 0 then 'view' when 1 then 'view' when 2 then (array['cta', 'cta', 'capture', 'view'])[1 + r % 4] else case when r % 5 = 0 then 'buy' else 'view' end end,
       case step when 0 then (array['/', '/', '/blog', '/ultimate-detox'])[1 + r % 4]
                 else (array['/instagram-detox', '/tiktok-detox', '/youtube-detox', '/facebook-detox', '/ultimate-detox', '/blog/post-' || (r % 40), '/about', '/contact'])[1 + (r / 7) % 8] end,
       case when step = 2 and r % 4 < 2 then (array['hero', 'pricing', 'footer-cta', 'bonus'])[1 + r % 4] end,
       case when step = 2 and r % 4 < 2 then 'cta' end,
       case when step = 3 and r % 5 = 0 then (array['instagram', 'tiktok', 'youtube', 'facebook', 'ultimate'])[1 + (r / 5) % 5] end,
       case when step = 3 and r % 5 = 0 then 1900 + 1000 * (r % 3) end,
       case when step = 0 and r % 3 = 0 then (array['news.ycombinator.com', 'www.google.com', 'duckduckgo.com', 't.co', 'www.reddit.com', 'l.facebook.com'])[1 + (r / 3) % 6] end,
       case when step = 0 and r % 10 = 0 then (array['newsletter', 'twitter', 'partner'])[1 + r % 3] end,
       case when step = 0 and r % 10 = 0 then (array['email', 'social', 'referral'])[1 + r % 3] end,
       case when step = 0 and r % 10 = 0 then (array['spring', 'launch', 'bundle'])[1 + (r / 10) % 3] end,
       (array['phone', 'phone', 'tablet', 'desktop'])[1 + (v % 4)],
       case when r % 2 = 0 then 'a' else 'b' end
     from generate_series(0, $1::bigint - 1) i
     cross join lateral (select i / 4 as v, (i % 4)::int as step) s
     cross join lateral (select abs(hashint8(v))::int as r, ((now() at time zone 'utc')::date - (v % 90)::int) as d) x
     -- In the order they happen, as track() stores them: a day's events lie together in the table.
     order by 1`,
    [events],
  );
}

/**
 * `orders` paid orders over the 90 days up to today, as the webhook leaves them: nine in ten carry the
 * reference of a buy click (a platform page or the bundle, its block, variant a or b of the bundle
 * page's experiment, the first touch and steps); one in twelve refunded, a quarter of those in part.
 */
export async function fillNinetyDaysOfOrders(db: Database, orders: number): Promise<void> {
  const generated = `with o as (
       select i, abs(hashint8(i + 7))::int as r, ((now() at time zone 'utc')::date - (i % 90)::int) as d,
         substr(translate(encode(sha256(int8send(i)), 'base64'), '+/=', '-_A'), 1, 22) as ref
       from generate_series(0, $1::bigint - 1) i),
     a as (
       select o.*, (array['/instagram-detox', '/tiktok-detox', '/youtube-detox', '/facebook-detox', '/ultimate-detox'])[1 + r % 5] as route,
         (array['instagram', 'tiktok', 'youtube', 'facebook', 'ultimate'])[1 + r % 5] as product,
         case when r % 2 = 0 then 'a' else 'b' end as variant from o)`;
  // The clicks, then the orders, in two statements as the beacon and the webhook write them (the
  // sales rollup's triggers count each statement's rows against what the one before left).
  await db.query(
    `${generated}
     insert into analytics.buy_references (reference, at, day, route, block_id, block_type, product, variant, experiment, referrer_host, utm_source, utm_medium, utm_campaign, device, steps)
     select ref, d + make_interval(secs => i % 80000), d, route, (array['price-box', 'hero', 'final-cta'])[1 + r % 3], 'price-box', product, variant, 'hero',
       case when r % 3 = 0 then (array['news.ycombinator.com', 'www.google.com', 't.co'])[1 + (r / 3) % 3] end,
       case when r % 10 = 0 then 'newsletter' end, case when r % 10 = 0 then 'email' end, case when r % 10 = 0 then (array['spring', 'launch'])[1 + r % 2] end,
       'phone', array['view:/', 'view:' || route, 'variant:/ultimate-detox=' || variant, 'buy:' || product]
     from a where r % 10 <> 0 or i % 2 = 0`,
    [orders],
  );
  await db.query(
    `${generated}
     insert into sales.orders (provider, order_id, amount_minor, currency, paid, refunded_minor, product, reference, paid_at)
     select 'stripe', 'pi_bench_' || i, case product when 'ultimate' then 8700 else 2900 end, 'USD', true,
       case when r % 12 = 0 then case when r % 48 = 0 then 1450 else case product when 'ultimate' then 8700 else 2900 end end else 0 end,
       product, case when r % 10 = 9 then null else ref end, d + make_interval(secs => (i % 80000) + 600)
     from a`,
    [orders],
  );
}

export async function analyticsFigures(opts: AnalyticsBenchOptions = {}): Promise<AnalyticsFigures> {
  const events = opts.events ?? ANALYTICS_BUDGETS.events;
  const ingest = opts.ingest ?? 20_000;
  const orders = opts.orders ?? ANALYTICS_BUDGETS.orders;
  const server = await startThrowawayPostgres({ durable: true });
  const db = await openDatabase({ databaseUrl: server.url });
  const pool = new pg.Pool({ connectionString: server.url, max: INGEST_CONCURRENCY });
  try {
    await prepareDatabase(db);
    await db.query('select public.publish_catalogue($1::jsonb)', [JSON.stringify(LOAD_CATALOGUE)]);
    await db.query(`update private.hourly_limits set per_hour = 100000000 where action = 'events'`);
    await db.query(`alter system set track_wal_io_timing = on`);
    await db.query(`select pg_reload_conf()`);
    const wal = async () => (await db.query<{ syncs: string; ms: number }>('select wal_sync as syncs, wal_sync_time as ms from pg_stat_wal')).rows[0]!;

    // 1. Ingest, after a short untimed warm-up (connections opened, plans and caches made).
    await concurrently(500, INGEST_CONCURRENCY, (i) => trackAsAnon(pool, eventBody(i), `10.255.${(i >> 8) & 255}.${i & 255}`));
    await db.query('delete from analytics.events');
    const loadBefore = loadavg()[0]!;
    const walBefore = await wal();
    const started = performance.now();
    const answers = await concurrently(ingest, INGEST_CONCURRENCY, (i) => trackAsAnon(pool, eventBody(i), `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`));
    const seconds = (performance.now() - started) / 1000;
    const loadAfter = loadavg()[0]!;
    const walAfter = await wal();
    const walSyncs = Number(walAfter.syncs) - Number(walBefore.syncs);
    const acknowledged = answers.filter((a) => a.status === 200).length;
    const stored = Number((await db.query<{ n: string }>('select count(*) as n from analytics.events')).rows[0]!.n);
    await db.query('delete from analytics.events');
    const ingestFigures: AnalyticsFigures['ingest'] = {
      events: ingest, seconds, perSecond: ingest / seconds, acknowledged, stored, concurrency: INGEST_CONCURRENCY, load: [loadBefore, loadAfter],
      walSyncs, walSyncMs: walSyncs ? (walAfter.ms - walBefore.ms) / walSyncs : 0,
    };
    if (events === 0) return { ingest: ingestFigures, queries: [] };

    // 2. Ninety days of events, folded.
    const loadStarted = performance.now();
    await fillNinetyDays(db, events);
    await fillNinetyDaysOfOrders(db, orders);
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const foldStarted = performance.now();
    await db.query('select analytics.fold()');
    await db.query('vacuum analyze analytics.events, analytics.daily, analytics.daily_paths, analytics.folded_days, analytics.buy_references, sales.orders, sales.daily_sales');
    const foldSeconds = (performance.now() - foldStarted) / 1000;
    const rollupDifferences = await salesRollupDifferences((sql) => db.query(sql));
    if (rollupDifferences) throw new Error(`the sales rollup differs from a recount of the orders in ${rollupDifferences} rows`);
    const sizes = (await db.query<{ raw: string; rollup: string; paths: string; sales: string }>(
      `select (select count(*) from analytics.events) as raw, (select count(*) from analytics.daily) as rollup, (select count(*) from analytics.daily_paths) as paths,
        (select count(*) from sales.daily_sales) as sales`,
    )).rows[0]!;

    // 3. The screen's queries, as an admin at aal2.
    await db.query(`insert into auth.users (id, email) values ('0b000000-0000-4000-8000-000000000001', 'bench-admin@example.com')`);
    await db.query(`insert into auth.sessions (id, user_id, aal) values ('0b000000-0000-4000-8000-000000000002', '0b000000-0000-4000-8000-000000000001', 'aal2')`);
    const queriesLoadBefore = loadavg()[0]!;
    const queries = await timeScreenQueries(pool);
    return {
      ingest: ingestFigures,
      load: { events, seconds: loadSeconds, foldSeconds, rawLeft: Number(sizes.raw), rollupRows: Number(sizes.rollup), paths: Number(sizes.paths), orders, salesRollupRows: Number(sizes.sales) },
      queries,
      load1: { before: queriesLoadBefore, after: loadavg()[0]! },
    };
  } finally {
    await pool.end();
    await db.close();
    await server.stop();
  }
}

/** The admin screen's queries, each run five times as an admin at aal2; the median of each. */
async function timeScreenQueries(pool: pg.Pool): Promise<{ name: string; medianMs: number }[]> {
  const client = await pool.connect();
  const queries: { name: string; medianMs: number }[] = [];
  try {
    const timed = async (name: string, sql: string) => {
      const times: number[] = [];
      for (let run = 0; run < 5; run++) {
        await client.query('begin');
        await client.query(`select set_config('request.jwt.claims', $1, true)`, [ADMIN_CLAIMS]);
        await client.query('set local role authenticated');
        const t0 = performance.now();
        const { rows } = await client.query(sql);
        times.push(performance.now() - t0);
        await client.query('rollback');
        if (run === 0 && JSON.stringify(rows[0]).includes('"views":0,') && name === 'insights, 90 days') throw new Error(`${name}: the admin read zeros`);
      }
      queries.push({ name, medianMs: times.sort((a, b) => a - b)[2]! });
    };
    const range = (days: number) => `current_date - ${days - 1}, current_date`;
    // One untimed read first: the screen is measured warm (caches, plans), as an owner uses it.
    await timed('warm-up (not a budget)', `select public.admin_insights(${range(90)})`);
    queries.pop();
    for (const days of [1, 7, 30, 90]) await timed(`insights, ${days} day${days > 1 ? 's' : ''}`, `select public.admin_insights(${range(days)})`);
    await timed('insights, the 90 days before', `select public.admin_insights(current_date - 179, current_date - 90)`);
    await timed('funnel, 3 steps, 90 days', `select public.admin_funnel(${range(90)}, '[{"route":"/"},{"routePattern":"/*-detox"},{"kind":"buy"}]')`);
    await timed('funnel, 8 steps, 90 days', `select public.admin_funnel(${range(90)}, '[{"route":"/"},{"kind":"view"},{"kind":"cta"},{"kind":"view"},{"kind":"buy"},{"kind":"view"},{"kind":"view"},{"kind":"buy"}]')`);
    await timed('experiment, 90 days', `select public.admin_experiment('/ultimate-detox', 'hero', '{"event":"buy"}', ${range(90)})`);
    for (const days of [1, 30, 90]) await timed(`sales, ${days} day${days > 1 ? 's' : ''}`, `select public.admin_sales(${range(days)})`);
    await timed('sales of a funnel, 90 days', `select public.admin_funnel_sales(${range(90)}, '[{"route":"/"},{"routePattern":"/*-detox"},{"kind":"buy"}]')`);
    await timed('experiment on revenue, 90 days', `select public.admin_experiment_revenue('/ultimate-detox', 'hero', ${range(90)})`);
    await timed('orders, first page, 90 days', `select public.admin_orders(${range(90)})`);
  } finally {
    client.release();
  }
  return queries;
}

export function describeAnalytics(f: AnalyticsFigures): string {
  const lines = [
    `analytics ingest: ${f.ingest.events} events through track() (one transaction each, fsync and synchronous_commit on) from ${f.ingest.concurrency} connections in ${f.ingest.seconds.toFixed(1)} s = ${Math.round(f.ingest.perSecond)} events/s (budget ${ANALYTICS_BUDGETS.ingestPerSecond}); acknowledged ${f.ingest.acknowledged}, stored ${f.ingest.stored}, lost ${f.ingest.acknowledged - f.ingest.stored}`,
    `  (${f.ingest.walSyncs} WAL flushes, ${(f.ingest.events / Math.max(f.ingest.walSyncs, 1)).toFixed(1)} events and ${f.ingest.walSyncMs.toFixed(1)} ms each; load average ${f.ingest.load[0].toFixed(1)} before, ${f.ingest.load[1].toFixed(1)} after, on 2 shared cores)`,
  ];
  if (f.load) {
    lines.push(
      `analytics data: ${f.load.events} events and ${f.load.orders} orders over 90 days loaded in ${f.load.seconds.toFixed(1)} s, folded in ${f.load.foldSeconds.toFixed(1)} s: ${f.load.rawLeft} raw events kept (raw_days 30), ${f.load.rollupRows} rollup rows, ${f.load.paths} visitor-day paths, ${f.load.salesRollupRows} sales rollup rows (equal to a recount of the orders)`,
      `dashboard queries (median of 5, budget ${ANALYTICS_BUDGETS.queryMs} ms; load average ${f.load1?.before.toFixed(1)} before, ${f.load1?.after.toFixed(1)} after, on ${cpus().length} cores):`,
      ...f.queries.map((q) => `  ${q.name.padEnd(32)} ${q.medianMs.toFixed(1).padStart(8)} ms`),
    );
  }
  return lines.join('\n');
}

export function analyticsOverBudget(f: AnalyticsFigures): string[] {
  const over: string[] = [];
  if (f.ingest.perSecond < ANALYTICS_BUDGETS.ingestPerSecond) over.push(`analytics ingest ${Math.round(f.ingest.perSecond)} events/s, budget ${ANALYTICS_BUDGETS.ingestPerSecond}`);
  if (f.ingest.stored !== f.ingest.acknowledged) over.push(`analytics ingest lost ${f.ingest.acknowledged - f.ingest.stored} acknowledged events`);
  for (const q of f.queries) if (q.medianMs > ANALYTICS_BUDGETS.queryMs) over.push(`analytics ${q.name}: ${q.medianMs.toFixed(0)} ms, budget ${ANALYTICS_BUDGETS.queryMs} ms`);
  return over;
}
