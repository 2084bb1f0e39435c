// The database's side of the analytics event's wire format (model/analytics/event.ts): what
// public.track accepts, asked of private.analytics_event_problem on the migrated database itself.
// Every field, kind and device the format defines is accepted; a field or kind it does not define is
// refused, so the format and the SQL cannot drift apart (tests/unit/beacon.test.ts holds the beacon to it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICES, EVENT_FIELDS, EVENT_KINDS, type AnalyticsEvent } from '../../model/analytics/event.ts';
import { openDatabase, type Database } from '../../supabase/local/db.ts';
import { bootstrap, migrate } from '../../supabase/local/migrate.ts';

/** A value of each field the database takes (a slug, a host, a whole number of cents). */
const SAMPLE: Required<AnalyticsEvent> = { k: 'buy', r: '/instagram-detox', d: 'phone', b: 'pricing', t: 'price-box', p: 'instagram', c: 2900, f: 'news.example', us: 'news', um: 'email', uc: 'spring', v: 'b', x: 'AAAAAAAAAAAAAAAAAAAAAA' };

describe('the event wire format in the database', () => {
  let db: Database;
  const problem = async (event: Record<string, unknown>) =>
    ((await db.query('select private.analytics_event_problem($1::jsonb) as p', [JSON.stringify(event)])).rows[0] as { p: string | null }).p;
  beforeAll(async () => {
    db = await openDatabase({ memory: true });
    await bootstrap(db);
    await migrate(db);
  });
  afterAll(() => db?.close());

  it('accepts an event carrying every field the format defines', async () => {
    expect(Object.keys(SAMPLE).sort()).toEqual(Object.keys(EVENT_FIELDS).sort());
    expect(await problem(SAMPLE)).toBeNull();
  });

  it('accepts every kind and device the format defines, and refuses others', async () => {
    for (const k of EVENT_KINDS) expect(await problem({ k, r: '/', d: 'desktop', ...(k === 'buy' ? { p: 'instagram' } : {}) })).toBeNull();
    for (const d of DEVICES) expect(await problem({ k: 'view', r: '/', d })).toBeNull();
    expect(await problem({ k: 'scroll', r: '/', d: 'desktop' })).toMatch(/^k \(kind\)/);
    expect(await problem({ k: 'view', r: '/', d: 'watch' })).toMatch(/^d \(device\)/);
  });

  it('refuses a field the format does not define, naming the ones it does', async () => {
    const answer = await problem({ k: 'view', r: '/', d: 'desktop', email: 'a@b.c' });
    expect(answer).toMatch(/^email is not a known field/);
    const listed = /\(([^)]*)\)$/.exec(answer ?? '')![1]!.split(', ');
    expect(listed.sort()).toEqual(Object.keys(EVENT_FIELDS).sort());
  });
});
