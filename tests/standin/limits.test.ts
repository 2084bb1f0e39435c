// The hourly limits through the stand-in's PostgREST route, as a browser meets them: the stand-in
// hands the request's headers to the database in `request.headers`, with x-forwarded-for ending in
// the socket's address as Supabase's gateway appends it, so the per-client limit counts by the
// first address; the site-wide cap answers 429 past its count. Its own stand-in, whose limits the
// test sets low through their one place, private.hourly_limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';

let standIn: StandIn;

const capture = (email: string, forwardedFor?: string) =>
  fetch(`${standIn.url}/rest/v1/rpc/capture_starter_kit_email`, {
    method: 'POST',
    headers: { apikey: standIn.anonKey, 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    body: JSON.stringify({ p_email: email }),
  });

beforeAll(async () => {
  standIn = await startStandIn({ port: 0, memory: true, quiet: true });
});
afterAll(async () => standIn?.close());

describe('hourly limits through the stand-in', () => {
  it('counts each client by the first x-forwarded-for address, or the socket address without one', async () => {
    await standIn.query(`update private.hourly_limits set per_hour = 1 where action = 'email_captures' and scope = 'client'`);
    expect((await capture('client-a1@example.com', '203.0.113.1')).status).toBe(204);
    const refused = await capture('client-a2@example.com', '203.0.113.1');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited', message: 'too many requests from this client' });
    expect((await capture('client-b1@example.com', '203.0.113.2')).status).toBe(204);
    // No header: the socket's address is the client.
    expect((await capture('local-1@example.com')).status).toBe(204);
    expect((await capture('local-2@example.com')).status).toBe(429);
    const { rows } = await standIn.query<{ n: number }>(`select count(*)::int as n from public.email_captures where email like 'client-%' or email like 'local-%'`);
    expect(rows[0]!.n).toBe(3);
    await standIn.query(`update private.hourly_limits set per_hour = 50 where action = 'email_captures' and scope = 'client'`);
  });

  it('answers 429 past the site-wide cap, whoever asks, and keeps what was stored', async () => {
    await standIn.query('delete from public.rate_limit_windows');
    await standIn.query(`update private.hourly_limits set per_hour = 2 where action = 'email_captures' and scope = 'site'`);
    expect((await capture('site-1@example.com', '198.51.100.1')).status).toBe(204);
    expect((await capture('site-2@example.com', '198.51.100.2')).status).toBe(204);
    const refused = await capture('site-3@example.com', '198.51.100.3');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited', message: 'too many requests to this site this hour' });
    const { rows } = await standIn.query<{ email: string }>(`select email from public.email_captures where email like 'site-%' order by email`);
    expect(rows.map((r) => r.email)).toEqual(['site-1@example.com', 'site-2@example.com']);
  });
});
