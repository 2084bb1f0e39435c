// The sales rollup in slots (20260101000000_sales_rollup.sql) when an order's events arrive on two
// database connections, as a webhook's sale and its refund do through a pool: each connection adds to
// its own slot, so one slot holds the sale and another the refund's change; the screen must still read
// every order once, netted, and the rollup summed over its slots must equal a recount of the orders.
// pgTAP (supabase/tests/sales.test.sql) runs in one transaction, on one connection: this is the rest.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../supabase/local/db.ts';
import { prepareDatabase } from '../../supabase/local/migrate.ts';
import { PG_BIN, postgresAvailable, startThrowawayPostgres, type ThrowawayPostgres } from '../../supabase/local/throwaway-postgres.ts';
import { cannotRun, POSTGRES_15 } from '../cannot-run.ts';
import { salesRollupDifferences } from '../../generator/bench/sales-rollup.ts';

const ADMIN = { id: '5a000000-0000-4000-8000-000000000001', session: '5a000000-0000-4000-8000-000000000002' };
const REFERENCE = 'RollupRollupRollup0001';

interface CheckoutEvent {
  eventId: string; orderId: string; kind: 'sale' | 'refund'; amountMinor: number; currency: string; refundedMinor?: number; reference?: string;
}

async function record(client: pg.Client, e: CheckoutEvent): Promise<void> {
  await client.query('select public.record_checkout_event($1::jsonb)', [JSON.stringify({ provider: 'stripe', type: e.kind, paid: true, ...e })]);
}

/** A connection whose slot (pg_backend_pid() % 64) differs from `other`'s. */
async function connectionBeside(url: string, other: number): Promise<{ client: pg.Client; slot: number }> {
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const slot = Number((await client.query<{ s: number }>('select pg_backend_pid() % 64 as s')).rows[0]!.s);
    if (slot !== other) return { client, slot };
    await client.end();
  }
}

async function adminSales(db: Database): Promise<Record<string, Record<string, unknown>[]>> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({
      role: 'authenticated', sub: ADMIN.id, app_metadata: { role: 'admin' }, aal: 'aal2', session_id: ADMIN.session,
    })]);
    await tx.query('set local role authenticated');
    return (await tx.query<{ s: Record<string, Record<string, unknown>[]> }>('select public.admin_sales(current_date - 1, current_date) as s')).rows[0]!.s;
  });
}

if (postgresAvailable()) {
  describe('the sales rollup, written from two connections', () => {
    let server: ThrowawayPostgres;
    let db: Database;
    let a: { client: pg.Client; slot: number };
    let b: { client: pg.Client; slot: number };
    beforeAll(async () => {
      server = await startThrowawayPostgres();
      db = await openDatabase({ databaseUrl: server.url });
      await prepareDatabase(db);
      await db.query(`insert into auth.users (id, email) values ($1, 'rollup-admin@example.com')`, [ADMIN.id]);
      await db.query(`insert into auth.sessions (id, user_id, aal) values ($1, $2, 'aal2')`, [ADMIN.session, ADMIN.id]);
      a = await connectionBeside(server.url, -1);
      b = await connectionBeside(server.url, a.slot);
    });
    afterAll(async () => {
      await a?.client.end();
      await b?.client.end();
      await db?.close();
      await server?.stop();
    });

    it('counts each order once, netted, whichever connection brought its sale, refund or click', async () => {
      // Order 1: sold on one connection, partly then fully refunded on the other.
      await record(a.client, { eventId: 'evt_s1', orderId: 'pi_r1', kind: 'sale', amountMinor: 2900, currency: 'USD', reference: REFERENCE });
      await record(b.client, { eventId: 'evt_r1a', orderId: 'pi_r1', kind: 'refund', amountMinor: 2900, currency: 'USD', refundedMinor: 1000 });
      await record(b.client, { eventId: 'evt_r1b', orderId: 'pi_r1', kind: 'refund', amountMinor: 2900, currency: 'USD', refundedMinor: 2900 });
      // Order 2: its refund first, on one connection; its sale later, on the other; a replay of the sale.
      await record(a.client, { eventId: 'evt_r2', orderId: 'pi_r2', kind: 'refund', amountMinor: 8700, currency: 'EUR', refundedMinor: 700 });
      await record(b.client, { eventId: 'evt_s2', orderId: 'pi_r2', kind: 'sale', amountMinor: 8700, currency: 'EUR' });
      await record(a.client, { eventId: 'evt_s2', orderId: 'pi_r2', kind: 'sale', amountMinor: 8700, currency: 'EUR' });
      // Order 3: a plain sale.
      await record(b.client, { eventId: 'evt_s3', orderId: 'pi_r3', kind: 'sale', amountMinor: 1900, currency: 'EUR' });
      // Order 1's buy click arrives after its order (the beacon late), on a third connection.
      await db.query(`insert into analytics.buy_references (reference, route, block_id, product, steps) values ($1, '/tiktok-detox', 'hero', 'tiktok', '{view:/tiktok-detox,buy:tiktok}')`, [REFERENCE]);

      expect(Number((await db.query<{ n: string }>('select count(distinct shard) as n from sales.daily_sales')).rows[0]!.n)).toBeGreaterThanOrEqual(2);
      expect(await salesRollupDifferences((sql) => db.query(sql))).toBe(0);

      const sales = await adminSales(db);
      const byCurrency = Object.fromEntries(sales.totals!.map((t) => [t.currency, t]));
      expect(byCurrency.USD).toMatchObject({ orders: 1, refundedOrders: 1, grossMinor: 2900, refundedMinor: 2900, netMinor: 0 });
      expect(byCurrency.EUR).toMatchObject({ orders: 2, refundedOrders: 1, grossMinor: 10600, refundedMinor: 700, netMinor: 9900 });
      // The late click moved order 1 from the unattributed rows to its route: no USD row is left unattributed, none at zero orders.
      expect(sales.routes).toContainEqual(expect.objectContaining({ route: '/tiktok-detox', attributed: true, currency: 'USD', orders: 1, netMinor: 0 }));
      expect(sales.routes!.filter((r) => r.currency === 'USD' && !r.attributed)).toEqual([]);
      for (const panel of Object.values(sales)) for (const row of panel) expect(row.orders).not.toBe(0);
    });
  });
} else {
  cannotRun('the sales rollup, written from two connections', POSTGRES_15(PG_BIN));
}
