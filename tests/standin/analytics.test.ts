// The beacon's wire format through the stand-in, as hosted Supabase takes it: POST
// /rest/v1/rpc/track?apikey=... with a text/plain body (a CORS simple request, so sendBeacon works)
// reaches public.track(text); refusals are 4xx naming the field with nothing stored; the caps answer
// 429; an admin at aal2 reads the counts. Then load: 10,000 events at 50 concurrent, none
// acknowledged and lost, and the caps exact under concurrency. Its own stand-in: it sets the caps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ADMIN_EMAIL, LOCAL_ADMIN_PASSWORD } from '../../supabase/local/keys.ts';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { BROWSER_UA, LOAD_CATALOGUE, concurrently, eventBody } from '../../supabase/local/concurrently.ts';
import { adminAtAal2, client } from './stand-in.ts';
import { sendFrom, type Answer } from './send-from.ts';

let standIn: StandIn;

/** One beacon request from the loopback address `from`. */
function beacon(body: string, opts: { from?: string; agent?: string; key?: string | null; type?: string } = {}): Promise<Answer> {
  const key = opts.key === undefined ? standIn.anonKey : opts.key;
  const url = new URL(`/rest/v1/rpc/track${key ? `?apikey=${encodeURIComponent(key)}` : ''}`, standIn.url);
  const headers = { 'content-type': opts.type ?? 'text/plain;charset=UTF-8', 'user-agent': opts.agent ?? BROWSER_UA, origin: 'http://127.0.0.1:5110' };
  return sendFrom(opts.from ?? '127.0.0.1', 'POST', url, headers, body, { pooled: false });
}

const stored = async () => Number((await standIn.query<{ n: string }>('select count(*) as n from analytics.events')).rows[0]!.n);
const setCap = (scope: string, perHour: number) =>
  standIn.query(`update private.hourly_limits set per_hour = $2 where action = 'events' and scope = $1`, [scope, perHour]);
const resetCaps = async () => {
  await standIn.query(`delete from public.rate_limit_windows where action = 'events'`);
  await setCap('client', 1_000_000);
  await setCap('site', 1_000_000);
};

beforeAll(async () => {
  standIn = await startStandIn({ port: 0, memory: true, quiet: true, catalogue: LOAD_CATALOGUE });
  await resetCaps();
});
afterAll(async () => standIn?.close());

describe('the beacon through the stand-in', () => {
  it('a text/plain body with the key in ?apikey= is stored: 200, null, readable cross-origin', async () => {
    const before = await stored();
    const answer = await beacon('{"k":"view","r":"/","d":"phone","f":"news.ycombinator.com"}');
    expect(answer.status).toBe(200);
    expect(answer.body).toBeNull();
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(await stored()).toBe(before + 1);
    const { rows } = await standIn.query<{ route: string; referrer_host: string }>('select route, referrer_host from analytics.events order by id desc limit 1');
    expect(rows[0]).toEqual({ route: '/', referrer_host: 'news.ycombinator.com' });
  });

  it('refuses, naming the field, and stores nothing', async () => {
    const before = await stored();
    const cases: [string, number, string][] = [
      ['{"k":"purchase","r":"/","d":"phone"}', 400, 'k (kind)'],
      ['{"k":"view","r":"/Foo Bar","d":"phone"}', 400, 'r (route)'],
      ['{"k":"cta","r":"/","d":"phone","b":"../x"}', 400, 'b (block id)'],
      [`{"k":"view","r":"/","d":"phone","us":"${'x'.repeat(101)}"}`, 400, 'us (utm_source)'],
      ['not json', 400, 'not JSON'],
    ];
    for (const [body, status, field] of cases) {
      const answer = await beacon(body);
      expect(answer.status, body).toBe(status);
      expect(answer.body, body).toMatchObject({ code: '22023', details: null });
      expect((answer.body as { message: string }).message, body).toContain(field);
    }
    const bot = await beacon('{"k":"view","r":"/","d":"desktop"}', { agent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    expect(bot.status).toBe(403);
    expect((bot.body as { message: string }).message).toContain('user-agent');
    expect((await beacon('{"k":"view","r":"/","d":"desktop"}', { key: null })).status).toBe(401);
    expect(await stored()).toBe(before);
  });

  it('a JSON body is not the beacon: track takes one unnamed text parameter', async () => {
    const answer = await beacon('{"k":"view","r":"/","d":"phone"}', { type: 'application/json' });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'PGRST202' });
  });

  it('an admin at aal2 reads what was sent; a visitor cannot read', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const { rows } = await standIn.query<{ n: string }>(`select count(*) as n from analytics.events where kind = 'view'`);
    const admin = await adminAtAal2(standIn, { email: LOCAL_ADMIN_EMAIL, password: LOCAL_ADMIN_PASSWORD });
    const { data, error } = await admin.rpc('admin_insights', { p_from: today, p_to: today });
    expect(error).toBeNull();
    expect((data as { totals: { views: number } }).totals.views).toBe(Number(rows[0]!.n));
    const visitor = await client(standIn).rpc('admin_insights', { p_from: today, p_to: today });
    expect(visitor.error).not.toBeNull();
  });
});

describe('load through the stand-in', () => {
  it('10,000 events at 50 concurrent: every acknowledged event is stored', { timeout: 600_000 }, async () => {
    await resetCaps();
    const before = await stored();
    const answers = await concurrently(10_000, 50, (i) => beacon(eventBody(i), { from: `127.0.${1 + (i % 5)}.${1 + (i % 200)}` }));
    const acked = answers.filter((a) => a.status === 200).length;
    expect(answers.filter((a) => a.status !== 200).map((a) => a.status)).toEqual([]);
    expect(await stored()).toBe(before + acked);
  });

  it('past the per-client cap: 429 with Retry-After, exactly the cap stored', { timeout: 120_000 }, async () => {
    await resetCaps();
    await setCap('client', 100);
    const before = await stored();
    const answers = await concurrently(150, 50, (i) => beacon(eventBody(i), { from: '127.0.9.1' }));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(100);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(50);
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stored()).toBe(before + 100);
  });

  it('past the site-wide cap: events are sampled, not refused for everyone; only what was accepted is stored', { timeout: 120_000 }, async () => {
    await resetCaps();
    await setCap('site', 20);
    const before = await stored();
    const answers = await concurrently(300, 50, (i) => beacon(eventBody(i), { from: `127.0.10.${1 + (i % 30)}` }));
    const accepted = answers.filter((a) => a.status === 200).length;
    // Every event under the cap, then about cap x ln(count / cap) of the rest (20251231000100): neither none nor all.
    expect(accepted).toBeGreaterThan(20);
    expect(accepted).toBeLessThan(200);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(300 - accepted);
    expect(await stored()).toBe(before + accepted);
    await resetCaps();
  });
});
