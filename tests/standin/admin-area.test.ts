// What /admin asks of the backend, through supabase-js and the site's own runtime/backend/admin.ts,
// against the shared stand-in: paged reads with an exact count (Content-Range), order, the
// handled filter, an ilike search, an update by id, a storage listing; and what a visitor or a
// signed-in non-admin gets back (nothing).
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  allSubscribers, getMessage, listMessages, listPreviewFiles, listSubscribers, loadOverview, setMessageHandled,
} from '../../runtime/backend/admin.ts';
import { subscribersCsv } from '../../runtime/admin/csv.ts';
import { resetSupabase } from '../../runtime/backend/client.ts';
import { signIn, signOut } from '../../runtime/backend/previews.ts';
import { adminAtAal2, client, MemoryStorage, runtimeAdminAtAal2, signedIn, testStandIn, AREA_ADMIN, MEMBER } from './stand-in.ts';

const standIn = testStandIn();
const RUN = `admin-area-${Date.now()}`;
let admin: SupabaseClient;

beforeAll(async () => {
  const anon = client(standIn);
  // Three messages and three addresses of this run, sent as a visitor sends them, one after another.
  for (const n of [1, 2, 3]) {
    const { error } = await anon.rpc('send_contact_message', {
      p_first_name: `Reader${n}`,
      p_last_name: 'Test',
      p_email: `reader${n}@example.com`,
      p_subject: `${RUN} #${n}`,
      p_message: `Message ${n}`,
    });
    expect(error).toBeNull();
    expect((await anon.rpc('capture_starter_kit_email', { p_email: `${RUN}-${n}@example.com` })).error).toBeNull();
  }
  admin = await adminAtAal2(standIn);
});

describe('PostgREST reads as /admin makes them', () => {
  it('pages newest first with an exact count in Content-Range (206 for a part, 200 for all)', async () => {
    const all = await admin.from('contact_messages').select('id', { count: 'exact' }).order('created_at', { ascending: false });
    expect(all.status).toBe(200);
    expect(all.count).toBe(all.data!.length);
    expect(all.count).toBeGreaterThanOrEqual(3);

    const res = await fetch(`${standIn.url}/rest/v1/contact_messages?select=id&order=created_at.desc,id.desc&offset=1&limit=2`, {
      headers: { apikey: standIn.anonKey, authorization: `Bearer ${(await admin.auth.getSession()).data.session!.access_token}`, prefer: 'count=exact' },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`1-2/${all.count}`);
    const ids = ((await res.json()) as { id: number }[]).map((r) => r.id);
    expect(ids).toEqual(all.data!.slice(1, 3).map((r) => r.id));
  });

  it('counts without rows on a HEAD request', async () => {
    const { data, count, error, status } = await admin.from('email_captures').select('id', { count: 'exact', head: true }).ilike('email', `${RUN}-%`);
    expect({ data, count, error, status }).toEqual({ data: null, count: 3, error: null, status: 200 });
  });

  it('answers a page past the end with 416 PGRST103, as PostgREST does', async () => {
    const { error, status } = await admin.from('email_captures').select('id', { count: 'exact' }).ilike('email', `${RUN}-%`).range(10, 19);
    expect(status).toBe(416);
    expect(error).toMatchObject({ code: 'PGRST103', message: 'Requested range not satisfiable' });
  });

  it('filters with ilike, whatever the case, and with * standing for %', async () => {
    const upper = await admin.from('email_captures').select('email').ilike('email', `%${RUN.toUpperCase()}-2%`);
    expect(upper.data).toEqual([{ email: `${RUN}-2@example.com` }]);
    const star = await admin.from('email_captures').select('email').ilike('email', `*${RUN}-3*`);
    expect(star.data).toEqual([{ email: `${RUN}-3@example.com` }]);
  });

  it('compares timestamps as timestamps (gte) and refuses a value that is not one', async () => {
    const since = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const recent = await admin.from('contact_messages').select('subject').gte('created_at', since).like('subject', `${RUN}%`);
    expect(recent.data).toHaveLength(3);
    const future = await admin.from('contact_messages').select('subject').gte('created_at', '2999-01-01T00:00:00Z');
    expect(future.data).toEqual([]);
    const bad = await admin.from('contact_messages').select('id').gte('created_at', 'yesterday-ish');
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('22007');
  });

  it('updates handled_at by id and returns the row; filters handled and unhandled', async () => {
    const { data: rows } = await admin.from('contact_messages').select('id').eq('subject', `${RUN} #2`);
    const id = rows![0]!.id as number;
    const now = new Date().toISOString();
    const upd = await admin.from('contact_messages').update({ handled_at: now }).eq('id', id).select('id, handled_at');
    expect(upd.error).toBeNull();
    expect(upd.data).toHaveLength(1);
    expect(new Date(upd.data![0]!.handled_at as string).toISOString()).toBe(now);
    const handled = await admin.from('contact_messages').select('subject').not('handled_at', 'is', null).like('subject', `${RUN}%`);
    expect(handled.data).toEqual([{ subject: `${RUN} #2` }]);
    const open = await admin.from('contact_messages').select('subject').is('handled_at', null).like('subject', `${RUN}%`).order('id');
    expect(open.data).toEqual([{ subject: `${RUN} #1` }, { subject: `${RUN} #3` }]);
  });

  it('gives a visitor no rows and no count, and a signed-in non-admin empty lists and no update', async () => {
    const anon = client(standIn);
    for (const table of ['contact_messages', 'email_captures']) {
      const r = await anon.from(table).select('id', { count: 'exact' });
      expect([r.status, r.data, r.count]).toEqual([401, null, null]);
    }
    const member = await signedIn(standIn, MEMBER);
    for (const table of ['contact_messages', 'email_captures']) {
      const r = await member.from(table).select('id', { count: 'exact' });
      expect({ data: r.data, count: r.count, error: r.error }).toEqual({ data: [], count: 0, error: null });
    }
    const { data: rows } = await admin.from('contact_messages').select('id').eq('subject', `${RUN} #1`);
    const upd = await member.from('contact_messages').update({ handled_at: new Date().toISOString() }).eq('id', rows![0]!.id).select('id');
    expect({ data: upd.data, error: upd.error }).toEqual({ data: [], error: null });
    const anonUpd = await anon.from('contact_messages').update({ handled_at: new Date().toISOString() }).eq('id', rows![0]!.id);
    expect([anonUpd.status, anonUpd.error?.code]).toEqual([401, '42501']);
  });
});

describe('storage listing', () => {
  it('lists the previews bucket for the admin, with size and last update; a visitor sees the public files, a signed-in member nothing', async () => {
    const { data, error } = await admin.storage.from('previews').list('', { limit: 100 });
    expect(error).toBeNull();
    const file = data!.find((f) => f.name === 'instagram-detox-preview.pdf');
    expect(file).toMatchObject({ name: 'instagram-detox-preview.pdf', metadata: { mimetype: 'application/pdf' } });
    expect(file!.metadata!.size).toBeGreaterThan(1000);
    expect(Number.isNaN(Date.parse(file!.updated_at ?? ""))).toBe(false);

    const member = await signedIn(standIn, MEMBER);
    expect((await member.storage.from('previews').list('')).data).toEqual([]);
    // A visitor lists the public files (a platform page asks so whether its preview is uploaded yet),
    // and a file that is not there is an empty list with no error.
    const visitor = client(standIn).storage.from('previews');
    expect((await visitor.list('', { search: 'instagram-detox-preview.pdf' })).data!.map((f) => f.name)).toEqual(['instagram-detox-preview.pdf']);
    expect(await visitor.list('', { search: 'no-such-preview.pdf' })).toMatchObject({ data: [], error: null });
  });

  it('shows a folder once, with nulls, and lists inside it by prefix', async () => {
    const pdf = new Blob([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' });
    await admin.storage.from('previews').upload(`${RUN}/one.pdf`, pdf, { upsert: true });
    await admin.storage.from('previews').upload(`${RUN}/two.pdf`, pdf, { upsert: true });
    const top = (await admin.storage.from('previews').list('')).data!;
    expect(top.filter((f) => f.name === RUN)).toEqual([expect.objectContaining({ name: RUN, id: null, metadata: null })]);
    const inside = (await admin.storage.from('previews').list(RUN, { sortBy: { column: 'name', order: 'desc' } })).data!;
    expect(inside.map((f) => f.name)).toEqual(['two.pdf', 'one.pdf']);
  });
});

describe('runtime/backend/admin.ts as the admin app calls it', () => {
  beforeEach(async () => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    resetSupabase({ url: standIn.url, anonKey: standIn.anonKey });
  });
  afterEach(async () => {
    await signOut();
    vi.unstubAllGlobals();
    resetSupabase();
  });

  it('reads messages paged, filters them, marks one handled and back', async () => {
    await runtimeAdminAtAal2(AREA_ADMIN);
    const first = await listMessages({ page: 1, pageSize: 2 });
    expect(first.rows).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(3);
    expect(Date.parse(first.rows[0]!.created_at)).toBeGreaterThanOrEqual(Date.parse(first.rows[1]!.created_at));
    const past = await listMessages({ page: 1000, pageSize: 2 });
    expect(past.rows).toEqual([]);

    const newest = first.rows[0]!;
    const marked = await setMessageHandled(newest.id, true);
    expect(marked.handled_at).not.toBeNull();
    expect((await listMessages({ handled: 'handled', pageSize: 100 })).rows.map((m) => m.id)).toContain(newest.id);
    expect((await listMessages({ handled: 'unhandled', pageSize: 100 })).rows.map((m) => m.id)).not.toContain(newest.id);
    expect((await setMessageHandled(newest.id, false)).handled_at).toBeNull();
    expect((await getMessage(newest.id))?.subject).toBe(newest.subject);
    expect(await getMessage(-1)).toBeNull();
  });

  it('searches subscribers, exports every one as CSV with a header row, and counts the overview', async () => {
    await runtimeAdminAtAal2(AREA_ADMIN);
    const found = await listSubscribers({ search: `${RUN}-`, pageSize: 2 });
    expect(found.total).toBe(3);
    expect(found.rows.map((r) => r.email)).toEqual([`${RUN}-3@example.com`, `${RUN}-2@example.com`]);
    expect((await listSubscribers({ search: '%' })).rows.every((r) => r.email.includes('%'))).toBe(true);

    const everyone = await allSubscribers();
    const csv = subscribersCsv(everyone).split('\r\n');
    expect(csv[0]).toBe('email,status,consented_at,consent_route,consent_form,consent_wording,source,confirmed_at,unsubscribed_at,subscribed_at');
    // Pending until its owner confirms, with the moment it was given; the page, form and wording are empty when the caller sent none.
    expect(csv).toContainEqual(expect.stringMatching(new RegExp(`^${RUN}-1@example\\.com,pending,\\d{4}-\\d\\d-\\d\\dT[^,]+,[^,]*,[^,]*,[^,]*,starter_kit,`)));

    const overview = await loadOverview(['instagram-detox-preview.pdf', 'no-such-preview.pdf']);
    expect(overview.messagesThisWeek).toBeGreaterThanOrEqual(3);
    expect(overview.subscribers).toBeGreaterThanOrEqual(3);
    expect(overview.previews).toEqual([
      { path: 'instagram-detox-preview.pdf', present: true },
      { path: 'no-such-preview.pdf', present: false },
    ]);
    expect((await listPreviewFiles()).find((f) => f.name === 'instagram-detox-preview.pdf')?.size).toBeGreaterThan(1000);
  });

  it('gives a signed-in non-admin nothing, and refuses their update', async () => {
    expect((await signIn(MEMBER.email, MEMBER.password)).error).toBeNull();
    expect(await listMessages()).toMatchObject({ rows: [], total: 0 });
    expect(await listSubscribers()).toMatchObject({ rows: [], total: 0 });
    const some = await admin.from('contact_messages').select('id').limit(1);
    await expect(setMessageHandled(some.data![0]!.id as number, true)).rejects.toThrow(/not changed/);
  });
});
