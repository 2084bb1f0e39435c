// public.track() called on a real PostgreSQL as PostgREST calls it for the beacon: one transaction
// with the request's claims and headers set, role anon, then the function; the status it chose
// (response.status) read before commit. One round trip per event (a simple-protocol batch), so a
// load test or the bench measures the database, not the driver.
import pg from 'pg';
import { BROWSER_UA } from './concurrently.ts';

export interface TrackAnswer {
  /** 200 when stored, else the status track() chose (400, 403, 429). */
  status: number;
  body: unknown;
}

export async function trackAsAnon(pool: pg.Pool, body: string, address: string, agent = BROWSER_UA): Promise<TrackAnswer> {
  const client = await pool.connect();
  try {
    const headers = JSON.stringify({ 'cf-connecting-ip': address, 'user-agent': agent });
    const results = (await client.query(
      `begin;
       select set_config('request.jwt.claims', '{"role":"anon"}', true), set_config('request.headers', ${client.escapeLiteral(headers)}, true);
       set local role anon;
       select public.track(${client.escapeLiteral(body)}) as body, nullif(current_setting('response.status', true), '') as status;
       commit;`,
    )) as unknown as pg.QueryResult[];
    const row = results[3]!.rows[0] as { body: unknown; status: string | null };
    return { status: row.status ? Number(row.status) : 200, body: row.body };
  } catch (e) {
    await client.query('rollback').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}
