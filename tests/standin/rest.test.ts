// PostgREST routes through supabase-js: what the site's forms see.
import { describe, expect, it } from 'vitest';
import { adminAtAal2, client, signedIn, testStandIn, MEMBER, withJwt } from './stand-in.ts';

const standIn = testStandIn();

const message = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', subject: 'Refund', message: 'How do refunds work?' };

describe('rpc capture_starter_kit_email', () => {
  it('succeeds with no data (200, null), and again for the same address', async () => {
    const anon = client(standIn);
    for (const email of ['reader@example.com', ' Reader@Example.com ']) {
      const { data, error, status } = await anon.rpc('capture_starter_kit_email', { p_email: email });
      expect({ error, status, data }).toEqual({ error: null, status: 200, data: null });
    }
  });

  it('takes the consent record by name beside the address, with the same answer (200, null)', async () => {
    const consent = { p_route: '/blog/a-post', p_form: 'email-capture', p_wording: '0123456789abcdef' };
    const { data, error, status } = await client(standIn).rpc('capture_starter_kit_email', { p_email: 'consenting@example.com', ...consent });
    expect({ error, status, data }).toEqual({ error: null, status: 200, data: null });
    const admin = await adminAtAal2(standIn);
    const stored = await admin.from('email_captures').select('status, consent_route, consent_form, consent_wording').eq('email', 'consenting@example.com');
    expect(stored.data).toEqual([{ status: 'pending', consent_route: '/blog/a-post', consent_form: 'email-capture', consent_wording: '0123456789abcdef' }]);
  });

  it('refuses a consent record that is not a path, a block id and a version (400 naming the field)', async () => {
    const { error, status } = await client(standIn).rpc('capture_starter_kit_email', { p_email: 'consenting@example.com', p_route: 'https://elsewhere.example/' });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '22023', message: 'invalid consent record: p_route is not a path of this site' });
  });

  it('refuses an invalid address with 400 and SQLSTATE 22023', async () => {
    const { error, status } = await client(standIn).rpc('capture_starter_kit_email', { p_email: 'not-an-address' });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '22023', message: 'invalid email address', details: null });
    expect(error?.hint).toContain('name@example.com');
  });

  it('answers an unknown function or argument as PostgREST does (404 PGRST202)', async () => {
    const unknown = await client(standIn).rpc('no_such_function', {});
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: 'PGRST202', message: 'Could not find the function public.no_such_function without parameters in the schema cache' });
    const wrongArg = await client(standIn).rpc('capture_starter_kit_email', { email: 'a@example.com' });
    expect(wrongArg.error).toMatchObject({
      code: 'PGRST202',
      hint: 'Perhaps you meant to call the function public.capture_starter_kit_email(p_altcha, p_email, p_form, p_route, p_wording)',
    });
  });
});

const asArgs = (m: typeof message) => ({ p_first_name: m.first_name, p_last_name: m.last_name, p_email: m.email, p_subject: m.subject, p_message: m.message });
let senders = 0;
/** A fresh address each time. */
const fresh = (m = message) => ({ ...m, email: `sender-${++senders}-${Date.now()}@example.com` });

describe('contact_messages', () => {
  it('accepts a message through send_contact_message (200, no data)', async () => {
    const { data, error, status } = await client(standIn).rpc('send_contact_message', asArgs(fresh()));
    expect({ data, error, status }).toEqual({ data: null, error: null, status: 200 });
  });

  it('refuses an over-long field with a 400 naming the field, never the failing row', async () => {
    const { error, status } = await client(standIn).rpc('send_contact_message', asArgs({ ...fresh(), subject: 's'.repeat(201) }));
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '22023', message: 'invalid contact message: subject is longer than 200 characters', details: null });
    expect(JSON.stringify(error)).not.toMatch(/failing row|\(\d+,/i);
  });

  it('refuses a direct insert: one request can no longer write many rows (401, 42501)', async () => {
    const many = Array.from({ length: 50 }, () => fresh());
    const { error, status } = await client(standIn).from('contact_messages').insert(many);
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
  });

  it('has no per-address limit: six messages in one address\'s name never lock its owner out', async () => {
    const m = fresh();
    for (let i = 0; i < 6; i++) expect((await client(standIn).rpc('send_contact_message', asArgs({ ...m, subject: `Try ${i}` }))).status).toBe(200);
  });

  it('lets an admin read the messages', async () => {
    const admin = await adminAtAal2(standIn);
    const { data, error } = await admin.from('contact_messages').select('first_name, subject');
    expect(error).toBeNull();
    expect(data).toContainEqual({ first_name: 'Ada', subject: 'Refund' });
  });
});

describe('rpc with an array argument', () => {
  it('takes a JSON array for a text[] parameter, as PostgREST does (publish_consent_wordings)', async () => {
    const admin = await adminAtAal2(standIn);
    const wording = `A wording sent as an array ${Date.now()}, "quoted", {braced}`;
    const { data, error } = await admin.rpc('publish_consent_wordings', { p_wordings: [wording, 'Another one.'] });
    expect(error).toBeNull();
    expect(data).toEqual([expect.stringMatching(/^[0-9a-f]{16}$/), expect.stringMatching(/^[0-9a-f]{16}$/)]);
  });
});

describe('what the public key cannot do', () => {
  it.each(['email_captures', 'contact_messages'])('cannot read %s (401, 42501)', async (table) => {
    const { data, error, status } = await client(standIn).from(table).select('*');
    expect(status).toBe(401);
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: '42501', message: `permission denied for table ${table}` });
  });

  it('cannot update or delete either table', async () => {
    const anon = client(standIn);
    for (const table of ['email_captures', 'contact_messages']) {
      const upd = await anon.from(table).update({ created_at: new Date().toISOString() }).eq('id', 1);
      expect([upd.status, upd.error?.code]).toEqual([401, '42501']);
      const del = await anon.from(table).delete().eq('id', 1);
      expect([del.status, del.error?.code]).toEqual([401, '42501']);
    }
  });

  it('is refused a write without a filter, as pg-safeupdate does', async () => {
    const { status, error } = await client(standIn).from('contact_messages').delete();
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' });
  });

  it('a signed-in user who is not an admin reads no messages and no addresses', async () => {
    const member = await signedIn(standIn, MEMBER);
    const messages = await member.from('contact_messages').select('*');
    expect({ data: messages.data, error: messages.error }).toEqual({ data: [], error: null });
    const captures = await member.from('email_captures').select('*');
    expect({ data: captures.data, error: captures.error }).toEqual({ data: [], error: null });
  });
});

describe('requests the stand-in refuses', () => {
  it('an unknown table (404, PGRST205 with a hint)', async () => {
    const { status, error } = await client(standIn).from('contact_message').select('*');
    expect(status).toBe(404);
    expect(error).toMatchObject({ code: 'PGRST205', hint: "Perhaps you meant the table 'public.contact_messages'" });
  });

  it('a wrong API key, at the gateway (401)', async () => {
    const { status, error } = await client(standIn, 'not-a-key').rpc('capture_starter_kit_email', { p_email: 'x@example.com' });
    expect(status).toBe(401);
    expect(error?.message).toBe('Invalid API key');
  });

  it('an expired or forged JWT (401, PGRST303 / PGRST301)', async () => {
    const expired = await withJwt(standIn, { role: 'anon', exp: Math.floor(Date.now() / 1000) - 60 });
    const r1 = await expired.rpc('capture_starter_kit_email', { p_email: 'x@example.com' });
    expect([r1.status, r1.error?.code, r1.error?.message]).toEqual([401, 'PGRST303', 'JWT expired']);
    const forged = client(standIn);
    const r2 = await forged.rpc('capture_starter_kit_email', { p_email: 'x@example.com' }, {}).setHeader('Authorization', `Bearer ${standIn.anonKey.slice(0, -4)}AAAA`);
    expect([r2.status, r2.error?.code]).toEqual([401, 'PGRST301']);
  });

  it('a JWT for a role other than anon or authenticated', async () => {
    const service = await withJwt(standIn, { role: 'service_role' });
    const { status, error } = await service.from('email_captures').select('*');
    expect(status).toBe(403);
    expect(error).toMatchObject({ code: '42501', message: 'permission denied to set role "service_role"' });
  });

  it('a request with no API key at all (plain fetch, 401)', async () => {
    const res = await fetch(`${standIn.url}/rest/v1/contact_messages`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'No API key found in request' });
  });
});
