// `npm run validate -- --verdicts` warns about an experiment that has already reached a verdict (issue 33,
// point 6), reading the counts from a PostgreSQL server named by DATABASE_URL (a throwaway cluster here), or from
// the stand-in's own database (PGlite in DATA_DIR) when the stand-in is not running, and says which; it stays silent, and valid, when there is no database, when the counts are
// still noise, and when the stand-in holds the database. Run on the experiment-site fixture, with
// events written into a real migrated database as the beacon's track() would have stored them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { experimentEntries, type ExperimentEntry } from '../../model/analytics/experiment.ts';
import { openDatabase, type Database } from '../../supabase/local/db.ts';
import { PG_BIN, postgresAvailable, startThrowawayPostgres } from '../../supabase/local/throwaway-postgres.ts';
import { cannotRun, POSTGRES_15 } from '../cannot-run.ts';
import { prepareDatabase } from '../../supabase/local/migrate.ts';
import { fixtureSite, projectRoot } from './fixture.ts';
import { TSX_LOADER } from './tsx-loader.ts';
import { E2E_PORT } from '../ports.ts';

/** A backend address in the task's range: validate finds the database by its folder, never by this port. */
const STANDIN_PORT = E2E_PORT + 9;
let site = '';
let entry: ExperimentEntry;
const dirs: string[] = [];

beforeAll(() => {
  site = fixtureSite('experiment-site');
  const compiled = compileSite(site).site!;
  entry = experimentEntries(compiled.pages, compiled.site.analytics?.goals ?? [])[0]!;
});
afterAll(() => {
  for (const d of [site, ...dirs]) rmSync(d, { recursive: true, force: true });
});

/**
 * A DATA_DIR whose database holds `days` days before today of the experiment's traffic: per day and
 * version, `perDay` visitors who see the page, of whom the given share buy the goal's product there.
 */
function dataDir(days: number, perDay: number, rates: Record<string, number>): Promise<string> {
  // Made once for the same traffic: validate only reads it (two tests read the verdict's).
  const key = JSON.stringify([days, perDay, rates]);
  let made = dataDirs.get(key);
  if (!made) {
    const dir = mkdtempSync(join(tmpdir(), 'verdict-data-'));
    dirs.push(dir);
    made = openDatabase({ dataDir: join(dir, 'pglite') }).then((db) => fill(db, days, perDay, rates)).then(() => dir);
    dataDirs.set(key, made);
  }
  return made;
}
const dataDirs = new Map<string, Promise<string>>();

/** Migrates `db`, writes the traffic dataDir describes into it, and closes it. */
async function fill(db: Database, days: number, perDay: number, rates: Record<string, number>): Promise<void> {
  try {
    await prepareDatabase(db);
    const events: Record<string, unknown>[] = [];
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    for (let d = 1; d <= days; d++) {
      const at = today - d * 86_400_000 + 3_600_000;
      for (const [variant, rate] of Object.entries(rates)) {
        for (let v = 0; v < perDay; v++) {
          const visitor = `${variant}-${d}-${v}`;
          const base = { visitor, route: entry.route, variant, day: new Date(at).toISOString().slice(0, 10), device: 'desktop' };
          events.push({ ...base, at: new Date(at).toISOString(), kind: 'view' });
          if (v < Math.round(perDay * rate)) events.push({ ...base, at: new Date(at + 60_000).toISOString(), kind: 'buy', product: entry.goal.product, price_cents: 2900 });
        }
      }
    }
    await db.query(
      `insert into analytics.events (at, day, visitor, kind, route, product, price_cents, device, variant)
       select e.at, e.day, sha256(convert_to(e.visitor, 'UTF8')), e.kind, e.route, e.product, e.price_cents, e.device, e.variant
       from json_to_recordset($1::json) as e(at timestamptz, day date, visitor text, kind text, route text, product text, price_cents int, device text, variant text)`,
      [JSON.stringify(events)],
    );
  } finally {
    await db.close();
  }
}

/**
 * A DATA_DIR for the platform-experiment-site fixture, whose experiment is judged on net revenue: 10 days
 * of `perDay` visitors per version, and for the given share of them a paid order of the goal's product
 * (as the webhook stores it), its buy click's reference carrying the version the visitor saw.
 */
async function moneyDataDir(money: ExperimentEntry, perDay: number, rates: Record<string, number>, amountMinor: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'verdict-money-'));
  dirs.push(dir);
  const db = await openDatabase({ dataDir: join(dir, 'pglite') });
  try {
    await prepareDatabase(db);
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const events: Record<string, unknown>[] = [];
    const orders: Record<string, unknown>[] = [];
    for (let d = 1; d <= 10; d++) {
      const at = new Date(today - d * 86_400_000 + 3_600_000);
      for (const [variant, rate] of Object.entries(rates)) {
        for (let v = 0; v < perDay; v++) {
          events.push({ visitor: `${variant}-${d}-${v}`, at: at.toISOString(), day: at.toISOString().slice(0, 10), variant });
          if (v >= Math.round(perDay * rate)) continue;
          const reference = `${variant}-${d}-${v}`.padEnd(22, '_');
          orders.push({ reference, at: at.toISOString(), day: at.toISOString().slice(0, 10), variant, steps: [`view:${money.route}`, `variant:${money.route}=${variant}`, `buy:${money.goal.product}`] });
        }
      }
    }
    await db.query(
      `insert into analytics.events (at, day, visitor, kind, route, device, variant)
       select e.at, e.day, sha256(convert_to(e.visitor, 'UTF8')), 'view', $2, 'desktop', e.variant
       from json_to_recordset($1::json) as e(at timestamptz, day date, visitor text, variant text)`,
      [JSON.stringify(events), money.route],
    );
    // Clicks, then orders, in two statements as the beacon and the webhook write them (the sales rollup
    // counts an order with its click when the later of the two arrives).
    await db.query(
      `insert into analytics.buy_references (reference, at, day, route, product, variant, experiment, steps)
       select o.reference, o.at, o.day, $2, $3, o.variant, $4, array(select json_array_elements_text(o.steps))
       from json_to_recordset($1::json) as o(reference text, at timestamptz, day date, variant text, steps json)`,
      [JSON.stringify(orders), money.route, money.goal.product, money.id],
    );
    await db.query(
      `insert into sales.orders (provider, order_id, amount_minor, currency, paid, refunded_minor, product, reference, paid_at)
       select 'stripe', 'cs_' || o.reference, $3, 'USD', true, 0, $2, o.reference, o.at + interval '10 minutes'
       from json_to_recordset($1::json) as o(reference text, at timestamptz)`,
      [JSON.stringify(orders), money.goal.product, amountMinor],
    );
  } finally {
    await db.close();
  }
  return dir;
}

function validate(env: Record<string, string>, args = ['--verdicts'], cwd = site) {
  const r = spawnSync(process.execPath, [...TSX_LOADER, join(projectRoot, 'generator/cli/validate.ts'), ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '', VITE_SUPABASE_URL: `http://127.0.0.1:${STANDIN_PORT}`, NO_COLOR: '1', ...env },
  });
  return { status: r.status, output: r.stdout + r.stderr };
}

describe('validate and experiments with a verdict', () => {
  it('warns at the experiment, with the answer and the counts it read and from where', async () => {
    const dir = await dataDir(10, 120, { control: 0.02, b: 0.1 });
    const { status, output } = validate({ DATA_DIR: dir });
    expect(status, output).toBe(0);
    expect(output).toMatch(/pages\/index\.yaml:\d+:\d+ /);
    expect(output).toContain('ExperimentHasVerdict');
    expect(output).toContain(`the experiment "${entry.id}" has reached a verdict: b converts better than the control (+500%)`);
    // What it read: each version's conversions of its visitor-days, and the database.
    expect(output).toContain(`control 20 of 1200, b 120 of 1200 visitor-days converted on "${entry.goal.id}"`);
    expect(output).toContain(`read from the local database (${join(dir, 'pglite')})`);
    // Without --verdicts validate is a function of the tree: the same database beside it changes nothing.
    const plain = validate({ DATA_DIR: dir }, []);
    expect(plain.status, plain.output).toBe(0);
    expect(plain.output).not.toMatch(/ExperimentHasVerdict|database/i);
  }, 120_000);

  it('judges an experiment on money by the checkout\'s orders, not by its clicks', async () => {
    const root = fixtureSite('platform-experiment-site');
    dirs.push(root);
    const compiled = compileSite(root).site!;
    const money = experimentEntries(compiled.pages, compiled.site.analytics?.goals ?? [])[0]!;
    expect(money.goal.event).toBe('revenue');
    const dir = await moneyDataDir(money, 120, { control: 0.02, b: 0.1 }, 2900);
    const { status, output } = validate({ DATA_DIR: dir }, ['--verdicts'], root);
    expect(status, output).toBe(0);
    expect(output).toMatch(/pages\/instagram-detox\.yaml:\d+:\d+ /);
    expect(output).toContain(`the experiment "${money.id}" has reached a verdict: b earns more than the control (+500%)`);
    // 2 and 12 of each day's 120 visitor-days bought once, at 29.00 USD.
    expect(output).toContain(`control 20 orders from 1200 visitor-days (580.00 USD net), b 120 orders from 1200 visitor-days (3480.00 USD net) on "${money.goal.id}" in the checkout's verified orders`);
  }, 120_000);

  it('says nothing while the difference could be noise', async () => {
    const dir = await dataDir(3, 40, { control: 0.05, b: 0.06 });
    const { status, output } = validate({ DATA_DIR: dir });
    expect(status, output).toBe(0);
    expect(output).not.toContain('ExperimentHasVerdict');
    expect(output).toContain('pages valid');
  }, 120_000);

  it('says nothing, and no error, without a database, or while the stand-in holds it', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'verdict-none-'));
    dirs.push(empty);
    const none = validate({ DATA_DIR: empty });
    expect(none.status, none.output).toBe(0);
    expect(none.output).not.toMatch(/ExperimentHasVerdict|database/i);

    // Held by another process (here this one, as the stand-in holds it under npm start), on whatever port.
    const dir = await dataDir(10, 120, { control: 0.02, b: 0.1 });
    const holder = await openDatabase({ dataDir: join(dir, 'pglite') });
    try {
      const held = validate({ DATA_DIR: dir });
      expect(held.status, held.output).toBe(0);
      expect(held.output).not.toContain('ExperimentHasVerdict');
      expect(held.output).toContain(`experiment verdicts not read: the local database ${join(dir, 'pglite')} is open in process ${process.pid}`);
    } finally {
      await holder.close();
    }
  }, 120_000);

  const onPostgres = 'reads a PostgreSQL server named by DATABASE_URL, and says nothing when it does not answer';
  if (!postgresAvailable()) cannotRun(onPostgres, POSTGRES_15(PG_BIN));
  else it(onPostgres, async () => {
    const server = await startThrowawayPostgres();
    try {
      await fill(await openDatabase({ databaseUrl: server.url }), 10, 120, { control: 0.02, b: 0.1 });
      const { status, output } = validate({ DATABASE_URL: server.url });
      expect(status, output).toBe(0);
      expect(output).toContain(`the experiment "${entry.id}" has reached a verdict: b converts better than the control (+500%)`);
      const url = new URL(server.url);
      expect(output).toContain(`read from the database at DATABASE_URL (${url.host}/postgres)`);
      // No password or user in what it says.
      expect(output).not.toContain('postgres@');
    } finally {
      await server.stop();
    }
    const gone = validate({ DATABASE_URL: server.url });
    expect(gone.status, gone.output).toBe(0);
    expect(gone.output).not.toMatch(/ExperimentHasVerdict|DATABASE_URL/);
  }, 180_000);
});
