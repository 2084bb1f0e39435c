// Load on PostgreSQL 15, as the beacon's requests reach it through PostgREST: 10,000 events at 50
// concurrent connections, none acknowledged and lost; the per-client cap exact under concurrency,
// the site-wide breaker within the calls in flight (429 past them).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../supabase/local/db.ts';
import { prepareDatabase } from '../../supabase/local/migrate.ts';
import { LOAD_CATALOGUE, concurrently, eventBody } from '../../supabase/local/concurrently.ts';
import { PG_BIN, postgresAvailable, startThrowawayPostgres, type ThrowawayPostgres } from '../../supabase/local/throwaway-postgres.ts';
import { cannotRun, POSTGRES_15 } from '../cannot-run.ts';
import { trackAsAnon } from '../../supabase/local/track-pg.ts';

if (!postgresAvailable()) {
  cannotRun('analytics load on PostgreSQL 15', POSTGRES_15(PG_BIN));
} else {
  describe('analytics load on PostgreSQL 15', () => {
    let server: ThrowawayPostgres;
    let db: Database;
    let pool: pg.Pool;
    const stored = async () => Number((await db.query<{ n: string }>('select count(*) as n from analytics.events')).rows[0]!.n);
    const setCap = (scope: string, perHour: number) =>
      db.query(`update private.hourly_limits set per_hour = $2 where action = 'events' and scope = $1`, [scope, perHour]);
    const resetCaps = async () => {
      await db.query(`delete from public.rate_limit_windows where action = 'events'`);
      await setCap('client', 1_000_000);
      await setCap('site', 1_000_000);
    };

    beforeAll(async () => {
      server = await startThrowawayPostgres();
      db = await openDatabase({ databaseUrl: server.url });
      await prepareDatabase(db);
      await db.query('select public.publish_catalogue($1::jsonb)', [JSON.stringify(LOAD_CATALOGUE)]);
      pool = new pg.Pool({ connectionString: server.url, max: 50 });
    });
    afterAll(async () => {
      await pool?.end();
      await db?.close();
      await server?.stop();
    });

    it('10,000 events at 50 concurrent: every acknowledged event is stored', { timeout: 600_000 }, async () => {
      await resetCaps();
      const before = await stored();
      const answers = await concurrently(10_000, 50, (i) => trackAsAnon(pool, eventBody(i), `192.0.2.${i % 250}`));
      expect(answers.filter((a) => a.status !== 200).map((a) => a.status)).toEqual([]);
      expect(await stored()).toBe(before + answers.length);
    });

    it('past the per-client cap: 429, exactly the cap stored', { timeout: 120_000 }, async () => {
      await resetCaps();
      await setCap('client', 100);
      const before = await stored();
      const answers = await concurrently(150, 50, (i) => trackAsAnon(pool, eventBody(i), '198.51.100.1'));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(100);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(50);
      expect(await stored()).toBe(before + 100);
    });

    // The site-wide cap is a circuit breaker counted in slots (20251220000000_sharded_site_count.sql):
    // under concurrency every attempt is counted, and at least the cap gets through. Past it, events are
    // sampled (20251231000100_events_sampled_past_breaker.sql), so some more are kept, never all.
    it('past the site-wide cap: every attempt counted, at least the cap stored, the rest sampled', { timeout: 120_000 }, async () => {
      await resetCaps();
      await setCap('site', 60);
      const before = await stored();
      const answers = await concurrently(200, 50, (i) => trackAsAnon(pool, eventBody(i), `203.0.113.${i % 30}`));
      const accepted = answers.filter((a) => a.status === 200).length;
      console.log(`site-wide cap 60, 200 events from 50 connections: ${accepted} accepted, ${200 - accepted} refused`);
      expect(accepted).toBeGreaterThanOrEqual(60);
      expect(accepted).toBeLessThan(200);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(200 - accepted);
      expect(await stored()).toBe(before + accepted);
      // Every attempt counted, refused ones too, and the trip noted for the admin.
      const counted = await db.query<{ n: number; reached: number }>(
        `select sum(requests)::int as n, count(limit_reached_at)::int as reached from public.rate_limit_windows where action = 'events' and scope = 'site'`);
      expect(counted.rows[0]!.n).toBe(200);
      expect(counted.rows[0]!.reached).toBeGreaterThanOrEqual(1);
    });
  });
}
