// Limits no visitor can forge, through the stand-in as the edge: the client is the address the
// connection came from (the stand-in writes it as cf-connecting-ip, replacing any sent), never the
// first X-Forwarded-For entry. Tests reach the stand-in from different loopback addresses
// (127.0.0.2, 127.0.0.3, ...: the socket's real source address), so no test-only switch exists
// that a visitor could also use. Its own stand-in, whose limits are set through their one place.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closedSiteLimits, limitsReachedSince } from '../../runtime/backend/admin.ts';
import { resetSupabase } from '../../runtime/backend/client.ts';
import { LOCAL_ADMIN_EMAIL, LOCAL_ADMIN_PASSWORD, LOCAL_ADMIN_TOTP_SECRET } from '../../supabase/local/keys.ts';
import { totpFor } from '../../supabase/local/mfa.ts';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { adminAtAal2, MemoryStorage, runtimeAdminAtAal2 } from './stand-in.ts';
import { sendFrom, type Answer } from './send-from.ts';

let standIn: StandIn;

/** One request from the loopback address `from`, as a client there would send it. */
function send(from: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return sendFrom(from, method, new URL(path, standIn.url), { apikey: standIn.anonKey, ...(payload ? { 'content-type': 'application/json' } : {}), ...headers }, payload);
}

let n = 0;
const message = (over: Record<string, string> = {}) => ({
  p_first_name: 'Flo', p_last_name: 'Od', p_email: `limits-${++n}@example.com`, p_subject: `Limits ${n}`, p_message: 'Hello.', ...over,
});
const contact = (from: string, forwardedFor?: string, over?: Record<string, string>) =>
  send(from, 'POST', '/rest/v1/rpc/send_contact_message', message(over), forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor });
const setLimit = (action: string, scope: string, perHour: number) =>
  standIn.query('update private.hourly_limits set per_hour = $3 where action = $1 and scope = $2', [action, scope, perHour]);
const defaults = async () => {
  await standIn.query('delete from public.rate_limit_windows');
  await setLimit('contact_messages', 'client', 20);
  await setLimit('contact_messages', 'site', 200);
};

beforeAll(async () => {
  standIn = await startStandIn({ port: 0, memory: true, quiet: true });
});
afterAll(async () => standIn?.close());

describe('the client is the connection, not X-Forwarded-For', () => {
  it('rotating forged and empty X-Forwarded-For entries from one address share one limit; another address has its own', async () => {
    await defaults();
    await setLimit('contact_messages', 'client', 3);
    expect((await contact('127.0.0.2', '203.0.113.1')).status).toBe(200);
    expect((await contact('127.0.0.2', '203.0.113.2, 127.0.0.2')).status).toBe(200);
    expect((await contact('127.0.0.2', '')).status).toBe(200);
    const refused = await contact('127.0.0.2', ', 203.0.113.4');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.body).toMatchObject({ code: 'rate_limited', message: 'too many requests from this client' });
    // A forged cf-connecting-ip is overwritten as well.
    expect((await send('127.0.0.2', 'POST', '/rest/v1/rpc/send_contact_message', message(), { 'cf-connecting-ip': '198.51.100.9' })).status).toBe(429);
    expect((await contact('127.0.0.3', '203.0.113.1')).status).toBe(200);
  });

  it('counts refused attempts: invalid messages use up the limit too, and answer without the row', async () => {
    await defaults();
    await setLimit('contact_messages', 'client', 3);
    for (let i = 0; i < 3; i++) {
      const invalid = await contact('127.0.0.4', undefined, { p_message: 'm'.repeat(5001) });
      expect(invalid.status).toBe(400);
      expect(invalid.body).toMatchObject({ code: '22023', message: 'invalid contact message: message is longer than 5000 characters', details: null });
      expect(JSON.stringify(invalid.body)).not.toMatch(/failing row|\(\d+,/i);
    }
    expect((await contact('127.0.0.4')).status).toBe(429);
  });
});

describe('a flood of forged addresses', () => {
  it('stops at its own limit and leaves the form open to a genuine sender', async () => {
    await defaults();
    const statuses = new Map<number, number>();
    for (let i = 0; i < 500; i++) {
      const { status } = await contact('127.0.0.5', `10.${i >> 8}.${i & 255}.7`);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    const genuine = await contact('127.0.0.6');
    const [{ client, site }] = (
      await standIn.query<{ client: number; site: number }>(
        `select (select per_hour from private.hourly_limits where action = 'contact_messages' and scope = 'client') as client,
                (select sum(requests)::int from public.rate_limit_windows where action = 'contact_messages' and scope = 'site') as site`,
      )
    ).rows as [{ client: number; site: number }];
    console.log(`flood: 500 posts from one socket with rotating forged X-Forwarded-For: ${statuses.get(200) ?? 0} x 200, ${statuses.get(429) ?? 0} x 429; genuine sender from another address: ${genuine.status}; site-wide count ${site}`);
    expect(statuses.get(200)).toBe(client);
    expect(statuses.get(429)).toBe(500 - client);
    expect(genuine.status).toBe(200);
    expect(site).toBe(client + 1);
    // 500 requests one after another on a shared machine: more than the default 30 s.
  }, 180_000);
});

describe('the site-wide circuit breaker', () => {
  it('trips when many clients send, shows in the windows, and the owner at aal2 reopens it', async () => {
    await defaults();
    await setLimit('contact_messages', 'site', 2);
    expect((await contact('127.0.0.10')).status).toBe(200);
    expect((await contact('127.0.0.11')).status).toBe(200);
    const closed = await contact('127.0.0.12');
    expect(closed.status).toBe(429);
    expect(closed.body).toMatchObject({ message: 'too many requests to this site this hour' });
    const anonReopen = await send('127.0.0.12', 'POST', '/rest/v1/rpc/reopen_site_limit', { p_action: 'contact_messages' });
    expect(anonReopen.status).toBe(401);

    const admin = await adminAtAal2(standIn, { email: LOCAL_ADMIN_EMAIL, password: LOCAL_ADMIN_PASSWORD });
    // The window's slot rows (one per database connection): the one that saw the cap notes it.
    const { data: tripped } = await admin.from('rate_limit_windows').select('requests, limit_reached_at, lifted_at').eq('scope', 'site').eq('action', 'contact_messages').not('limit_reached_at', 'is', null);
    expect(tripped).toHaveLength(1);
    expect(tripped![0]).toMatchObject({ lifted_at: null });
    expect(tripped![0]!.limit_reached_at).not.toBeNull();

    // Two connections crossing the cap at once may each note it in their own slot
    // (20251220000000_sharded_site_count.sql): /admin still shows the form closed once, since the first.
    await standIn.query(
      `insert into public.rate_limit_windows (action, scope, client_hash, window_start, shard, requests, limit_reached_at)
       select action, scope, client_hash, window_start, (shard + 1) % 64, 0, limit_reached_at + interval '1 millisecond'
       from public.rate_limit_windows where action = 'contact_messages' and scope = 'site' and limit_reached_at is not null`,
    );
    vi.stubGlobal('localStorage', new MemoryStorage());
    resetSupabase({ url: standIn.url, anonKey: standIn.anonKey });
    try {
      await runtimeAdminAtAal2({ email: LOCAL_ADMIN_EMAIL, password: LOCAL_ADMIN_PASSWORD });
      expect(await closedSiteLimits()).toEqual([{ action: 'contact_messages', closedAt: tripped![0]!.limit_reached_at }]);
      const siteWide = (await limitsReachedSince(new Date(Date.now() - 2 * 3600_000).toISOString())).filter((r) => r.scope === 'site');
      expect(siteWide).toEqual([{ action: 'contact_messages', scope: 'site', reachedAt: tripped![0]!.limit_reached_at }]);
    } finally {
      // No sign-out: it ends every session of the user, the `admin` client's too.
      vi.unstubAllGlobals();
      resetSupabase();
    }

    expect((await admin.rpc('reopen_site_limit', { p_action: 'contact_messages' })).error).toBeNull();
    expect((await contact('127.0.0.12')).status).toBe(200);
  });
});

describe('wrong passwords and codes, limited by the server', () => {
  const signIn = (from: string, password: string) =>
    send(from, 'POST', '/auth/v1/token?grant_type=password', { email: LOCAL_ADMIN_EMAIL, password }, { 'x-supabase-api-version': '2024-01-01' });

  it('refuses every sign-in from an address after 10 wrong passwords, the right one too; others still sign in', async () => {
    for (let i = 0; i < 10; i++) expect((await signIn('127.0.0.20', `wrong-${i}`)).status).toBe(400);
    const limited = await signIn('127.0.0.20', LOCAL_ADMIN_PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'over_request_rate_limit' });
    // Forged X-Forwarded-For does not make it another client.
    expect((await send('127.0.0.20', 'POST', '/auth/v1/token?grant_type=password', { email: LOCAL_ADMIN_EMAIL, password: LOCAL_ADMIN_PASSWORD }, { 'x-forwarded-for': '203.0.113.77' })).status).toBe(429);
    expect((await signIn('127.0.0.21', LOCAL_ADMIN_PASSWORD)).status).toBe(200);
  });

  it('refuses the right code after 5 wrong ones on the factor, whichever challenge', async () => {
    const from = '127.0.0.22';
    const session = (await signIn(from, LOCAL_ADMIN_PASSWORD)).body as { access_token: string; user: { factors: { id: string }[] } };
    const factorId = session.user.factors[0]!.id;
    const auth = { authorization: `Bearer ${session.access_token}` };
    const right = totpFor(LOCAL_ADMIN_TOTP_SECRET).generate();
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      const challenge = (await send(from, 'POST', `/auth/v1/factors/${factorId}/challenge`, {}, auth)).body as { id: string };
      expect((await send(from, 'POST', `/auth/v1/factors/${factorId}/verify`, { challenge_id: challenge.id, code: wrong }, auth)).status).toBe(422);
    }
    const challenge = (await send(from, 'POST', `/auth/v1/factors/${factorId}/challenge`, {}, auth)).body as { id: string };
    const limited = await send(from, 'POST', `/auth/v1/factors/${factorId}/verify`, { challenge_id: challenge.id, code: right }, auth);
    expect(limited.status).toBe(429);
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString('utf8')) as { aal: string };
    expect(claims.aal).toBe('aal1');
  });
});

describe('sign-out', () => {
  it('leaves the old access token reading nothing', async () => {
    await contact('127.0.0.30');
    const admin = await adminAtAal2(standIn, { email: LOCAL_ADMIN_EMAIL, password: LOCAL_ADMIN_PASSWORD });
    const token = (await admin.auth.getSession()).data.session!.access_token;
    const read = () => send('127.0.0.30', 'GET', '/rest/v1/contact_messages?select=id', undefined, { authorization: `Bearer ${token}` });
    expect(((await read()).body as unknown[]).length).toBeGreaterThan(0);
    expect((await admin.auth.signOut({ scope: 'local' })).error).toBeNull();
    const after = await read();
    expect(after.status).toBe(200);
    expect(after.body).toEqual([]);
  });
});
