// The database tests, run once per engine (PGlite and a real PostgreSQL 15):
// the stand-in's bootstrap plus the production migrations, then what the
// issue promises, checked with the database's own grants and policies.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRole } from '../../supabase/local/as-role.ts';
import type { Database, Sql } from '../../supabase/local/db.ts';
import type { Claims } from '../../supabase/local/jwt.ts';
import { bootstrap, migrate, readMigrations } from '../../supabase/local/migrate.ts';
import { writeObjectRow, type ObjectWrite } from '../../supabase/local/objects.ts';
import { LOCAL_ADMIN_TOTP_SECRET } from '../../supabase/local/keys.ts';

const anon: Claims = { role: 'anon' };
const user: Claims = {
  role: 'authenticated',
  sub: '11111111-1111-4111-8111-111111111111',
  app_metadata: { provider: 'email', providers: ['email'] },
};
/** An admin signed in with password and code (aal2), as every admin read and write requires; the session is live (beforeAll). */
const admin: Claims = {
  role: 'authenticated',
  sub: '22222222-2222-4222-8222-222222222222',
  app_metadata: { provider: 'email', providers: ['email'], role: 'admin' },
  aal: 'aal2',
  session_id: '33333333-3333-4333-8333-333333333333',
};
/** The same admin with the password only: a stolen password, or a token from before the code. */
const adminAal1: Claims = { ...admin, aal: 'aal1' };

const pdf = (name: string, upsert: boolean): ObjectWrite => ({
  bucket: 'previews',
  name,
  owner: null,
  upsert,
  version: crypto.randomUUID(),
  metadata: {
    eTag: '"abc"', size: 4, mimetype: 'application/pdf', cacheControl: 'max-age=3600',
    lastModified: new Date().toUTCString(), contentLength: 4, httpStatusCode: 200,
  },
});

/** Resolves to the SQLSTATE the statement failed with, or 'ok'. */
async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  }
}

/** A visitor function's refusal: its body and the HTTP status it set (PostgREST's response.status). */
interface Refusal {
  code: string;
  message: string;
  status: number;
}

/**
 * Calls a visitor function, which answers null when it stored the write and an error body otherwise
 * (without raising, so its count commits); rejects with the Refusal then, as a raised error would.
 */
const visitorCall = async (db: Database, who: Claims, call: string, params: unknown[], headers: Record<string, string> = {}) => {
  // The transaction commits either way, as PostgREST commits it: the refusal is thrown only after.
  const refusal = await asRole(
    db,
    who,
    async (tx) => {
      const { rows } = await tx.query<{ answer: { code: string; message: string } | null }>(`select ${call} as answer`, params);
      const { rows: set } = await tx.query<{ status: string | null }>(`select current_setting('response.status', true) as status`);
      const answer = rows[0]!.answer;
      return answer ? ({ ...answer, status: Number(set[0]!.status) } satisfies Refusal) : null;
    },
    headers,
  );
  if (refusal) throw refusal;
  return 'stored';
};

const capture = (db: Database, who: Claims, email: string | null) => visitorCall(db, who, 'public.capture_starter_kit_email($1)', [email]);

const contact = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', subject: 'Hello', message: 'A question about the guides.' };
const sendContact = (db: Database, who: Claims, m: Record<string, string>, headers: Record<string, string> = {}) =>
  visitorCall(db, who, 'public.send_contact_message($1, $2, $3, $4, $5)', [m.first_name, m.last_name, m.email, m.subject, m.message], headers);
/** A fresh sender each time. */
let senders = 0;
const fresh = (m: Record<string, string>) => ({ ...m, email: `sender-${++senders}-${Date.now()}@example.com` });

const count = async (sql: Sql, table: string) =>
  Number((await sql.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n);

export function defineDatabaseSuite(engine: string, open: () => Promise<Database>, teardown?: () => Promise<void>) {
  describe(`database on ${engine}`, () => {
    let db: Database;

    beforeAll(async () => {
      db = await open();
      await bootstrap(db);
      await migrate(db);
      // The admin's session, live as every admin read requires (a signed-out token reads nothing).
      await db.query(`insert into auth.users (id, email) values ($1, 'suite-admin@example.com')`, [admin.sub]);
      await db.query(`insert into auth.sessions (id, user_id, aal) values ($1, $2, 'aal2')`, [admin.session_id, admin.sub]);
      // Every call here without an edge address is one client ('unknown'): its hourly limit would
      // soon refuse the checks that are not about limits. The limits' own tests set them low.
      await db.query(`update private.hourly_limits set per_hour = 1000000 where scope = 'client'`);
    });

    afterAll(async () => {
      await db?.close();
      await teardown?.();
    });

    it('records every migration once and applies nothing on a second run', async () => {
      expect(await migrate(db)).toEqual([]);
      await bootstrap(db); // idempotent, as the stand-in runs it on every start
      const { rows } = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by version');
      expect(rows.map((r) => r.version)).toEqual(readMigrations().map((m) => m.version));
    });

    describe('email_captures', () => {
      it('stores a captured address trimmed and lower-case, as starter_kit', async () => {
        await capture(db, anon, '  Reader.One@Example.COM ');
        const { rows } = await db.query('select email, source from public.email_captures where email = $1', ['reader.one@example.com']);
        expect(rows).toEqual([{ email: 'reader.one@example.com', source: 'starter_kit' }]);
      });

      it('is silent on a duplicate, whatever its case, and keeps one row', async () => {
        expect(await outcome(capture(db, anon, 'reader.two@example.com'))).toBe('ok');
        expect(await outcome(capture(db, anon, 'READER.TWO@example.com'))).toBe('ok');
        expect(await outcome(capture(db, user, 'reader.two@example.com'))).toBe('ok');
        const { rows } = await db.query('select 1 from public.email_captures where email = $1', ['reader.two@example.com']);
        expect(rows).toHaveLength(1);
      });

      it.each([
        ['no at sign', 'not-an-email'],
        ['empty', ''],
        ['blank', '   '],
        ['no dot in the domain', 'someone@localhost'],
        ['a space inside', 'some one@example.com'],
        ['two at signs', 'a@b@example.com'],
        ['longer than 254 characters', `${'a'.repeat(60)}@${'b'.repeat(200)}.com`],
        ['a local part over 64 characters', `${'a'.repeat(65)}@example.com`],
        ['null', null],
      ])('refuses an address with %s (SQLSTATE 22023)', async (_why, email) => {
        expect(await outcome(capture(db, anon, email))).toBe('22023');
      });

      it('accepts a 254-character address and no more', async () => {
        const at254 = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(63)}.com`.slice(0, 250) + '.com';
        expect(at254).toHaveLength(254);
        expect(await outcome(capture(db, anon, at254))).toBe('ok');
      });

      it('cannot be changed, deleted or written directly by anyone, admins included', async () => {
        for (const who of [anon, user, admin]) {
          expect(await outcome(asRole(db, who, (tx) => tx.query("update public.email_captures set source = 'starter_kit'")))).toBe('42501');
          expect(await outcome(asRole(db, who, (tx) => tx.query('delete from public.email_captures')))).toBe('42501');
          expect(
            await outcome(asRole(db, who, (tx) => tx.query("insert into public.email_captures (email) values ('x@example.com')"))),
          ).toBe('42501');
        }
        expect(await count(db, 'public.email_captures')).toBeGreaterThan(0);
      });

      it('is read by nobody but an admin: anon is refused, a signed-in non-admin sees no row', async () => {
        expect(await outcome(asRole(db, anon, (tx) => tx.query('select * from public.email_captures')))).toBe('42501');
        expect(await outcome(asRole(db, anon, (tx) => tx.query('select count(*) from public.email_captures')))).toBe('42501');
        expect((await asRole(db, user, (tx) => tx.query('select * from public.email_captures'))).rows).toEqual([]);
        const seenByAdmin = await asRole(db, admin, (tx) => tx.query<{ email: string; source: string }>('select email, source from public.email_captures'));
        expect(seenByAdmin.rows).toContainEqual({ email: 'reader.one@example.com', source: 'starter_kit' });
        expect(seenByAdmin.rows).toHaveLength(await count(db, 'public.email_captures'));
      });

      it('lets an admin search the list newest first, as /admin/subscribers does', async () => {
        await capture(db, anon, 'searchable.first@example.com');
        await capture(db, anon, 'searchable.second@example.com');
        const { rows } = await asRole(db, admin, (tx) =>
          tx.query<{ email: string }>("select email from public.email_captures where email ilike $1 order by created_at desc, id desc", ['%SEARCHABLE%']),
        );
        expect(rows.map((r) => r.email)).toEqual(['searchable.second@example.com', 'searchable.first@example.com']);
      });

      it('lets only anon and authenticated execute the capture function', async () => {
        const { rows } = await db.query<{ grantee: string }>(
          `select r.rolname as grantee from pg_roles r
           where has_function_privilege(r.oid, 'public.capture_starter_kit_email(text, text, text, text, text)', 'execute')
             and r.rolname in ('anon', 'authenticated', 'service_role', 'public')
           order by 1`,
        );
        expect(rows.map((r) => r.grantee)).toEqual(['anon', 'authenticated']);
      });
    });

    describe('contact_messages', () => {
      it('accepts a message from a visitor', async () => {
        const before = await count(db, 'public.contact_messages');
        expect(await outcome(sendContact(db, anon, fresh(contact)))).toBe('ok');
        expect(await outcome(sendContact(db, user, fresh({ ...contact, first_name: 'Grace' })))).toBe('ok');
        expect(await count(db, 'public.contact_messages')).toBe(before + 2);
      });

      it.each([
        ['first_name', 'x'.repeat(101)],
        ['last_name', 'x'.repeat(101)],
        ['subject', 'x'.repeat(201)],
        ['message', 'x'.repeat(5001)],
        ['email', `${'a'.repeat(250)}@example.com`],
        ['email', 'not-an-email'],
        ['first_name', '   '],
        ['message', ''],
      ])('refuses %s = %j with a 400 naming the field, never the row', async (field, value) => {
        const error = await sendContact(db, anon, { ...fresh(contact), [field]: value }).then(() => undefined, (e: Refusal) => e);
        expect(error).toMatchObject({ code: '22023', status: 400 });
        expect(error!.message).toContain(field);
        expect(JSON.stringify(error)).not.toMatch(/failing row|\(\d+,/i);
      });

      it('accepts fields at their maximum lengths', async () => {
        const longest = { ...contact, first_name: 'x'.repeat(100), last_name: 'y'.repeat(100), subject: 's'.repeat(200), message: 'm'.repeat(5000) };
        expect(await outcome(sendContact(db, anon, { ...longest, email: fresh(contact).email }))).toBe('ok');
      });

      it('cannot be read, changed or deleted by anon; a signed-in non-admin reads nothing', async () => {
        expect(await outcome(asRole(db, anon, (tx) => tx.query('select * from public.contact_messages')))).toBe('42501');
        expect(await outcome(asRole(db, anon, (tx) => tx.query("update public.contact_messages set subject = 'x'")))).toBe('42501');
        expect(await outcome(asRole(db, anon, (tx) => tx.query('delete from public.contact_messages')))).toBe('42501');
        const seen = await asRole(db, user, (tx) => tx.query('select * from public.contact_messages'));
        expect(seen.rows).toEqual([]);
        expect(await outcome(asRole(db, user, (tx) => tx.query("update public.contact_messages set subject = 'x'")))).toBe('42501');
        expect(await outcome(asRole(db, user, (tx) => tx.query('delete from public.contact_messages')))).toBe('42501');
      });

      it('takes no direct inserts from visitors: only the function writes messages', async () => {
        const direct = (who: Claims) =>
          asRole(db, who, (tx) =>
            tx.query("insert into public.contact_messages (first_name, last_name, email, subject, message) values ('a','b','direct@example.com','d','e')"),
          );
        expect(await outcome(direct(anon))).toBe('42501');
        expect(await outcome(direct(user))).toBe('42501');
      });

      it('has no per-address limit: messages sent in someone\'s name never lock that person out', async () => {
        const email = `Victim-${Date.now()}@Example.com`;
        for (let i = 0; i < 6; i++) {
          expect(await outcome(sendContact(db, anon, { ...contact, email, subject: `In their name ${i}` }, { 'cf-connecting-ip': '192.0.2.66' }))).toBe('ok');
        }
        expect(await outcome(sendContact(db, anon, { ...contact, email: email.toLowerCase(), subject: 'The owner' }, { 'cf-connecting-ip': '192.0.2.67' }))).toBe('ok');
      });

      it('does not let a visitor forge the id or the date', async () => {
        const forged = asRole(db, anon, (tx) =>
          tx.query(
            "insert into public.contact_messages (first_name, last_name, email, subject, message, created_at) values ('a','b','c@example.com','d','e', now() - interval '1 year')",
          ),
        );
        expect(await outcome(forged)).toBe('42501');
      });

      it('is readable by an admin', async () => {
        const { rows } = await asRole(db, admin, (tx) => tx.query('select first_name from public.contact_messages'));
        expect(rows.length).toBe(await count(db, 'public.contact_messages'));
      });

      describe('handled_at', () => {
        const newest = async () =>
          (await db.query<{ id: number; handled_at: Date | null }>('select id, handled_at from public.contact_messages order by id desc limit 1')).rows[0]!;

        it('starts empty, and a visitor cannot send a message already handled', async () => {
          expect(await outcome(sendContact(db, anon, fresh({ ...contact, subject: 'Fresh' })))).toBe('ok');
          expect((await newest()).handled_at).toBeNull();
          const forged = asRole(db, anon, (tx) =>
            tx.query("insert into public.contact_messages (first_name, last_name, email, subject, message, handled_at) values ('a','b','c@example.com','d','e', now())"),
          );
          expect(await outcome(forged)).toBe('42501');
        });

        it('is set and cleared by an admin, by id', async () => {
          const { id } = await newest();
          const marked = await asRole(db, admin, (tx) =>
            tx.query<{ id: number }>('update public.contact_messages set handled_at = now() where id = $1 returning id', [id]),
          );
          expect(marked.rows).toEqual([{ id }]);
          expect((await newest()).handled_at).toBeInstanceOf(Date);
          const handledOnly = await asRole(db, admin, (tx) => tx.query<{ id: number }>('select id from public.contact_messages where handled_at is not null'));
          expect(handledOnly.rows).toContainEqual({ id });
          await asRole(db, admin, (tx) => tx.query('update public.contact_messages set handled_at = null where id = $1', [id]));
          expect((await newest()).handled_at).toBeNull();
        });

        it('cannot be changed by anon (refused) or by a signed-in non-admin (no row matches)', async () => {
          const { id } = await newest();
          expect(await outcome(asRole(db, anon, (tx) => tx.query('update public.contact_messages set handled_at = now() where id = $1', [id])))).toBe('42501');
          const byUser = await asRole(db, user, (tx) => tx.query('update public.contact_messages set handled_at = now() where id = $1 returning id', [id]));
          expect(byUser.rows).toEqual([]);
          expect((await newest()).handled_at).toBeNull();
        });

        it('is the only column an admin may change', async () => {
          const { id } = await newest();
          for (const column of ['subject', 'message', 'email', 'created_at']) {
            const value = column === 'created_at' ? 'now()' : column === 'email' ? "'x@example.com'" : "'changed'";
            expect(await outcome(asRole(db, admin, (tx) => tx.query(`update public.contact_messages set ${column} = ${value} where id = $1`, [id])))).toBe('42501');
          }
          expect(await outcome(asRole(db, admin, (tx) => tx.query('delete from public.contact_messages where id = $1', [id])))).toBe('42501');
        });
      });
    });

    describe('previews bucket', () => {
      it('exists, is public, takes only PDFs and has a size limit', async () => {
        const { rows } = await db.query('select public, allowed_mime_types, file_size_limit::int as limit from storage.buckets where id = $1', ['previews']);
        expect(rows).toEqual([{ public: true, allowed_mime_types: ['application/pdf'], limit: 10 * 1024 * 1024 }]);
      });

      it('refuses a write by anon or by a signed-in user who is not an admin', async () => {
        for (const who of [anon, user]) {
          expect(await outcome(asRole(db, who, (tx) => writeObjectRow(tx, pdf('intruder.pdf', false))))).toBe('42501');
          expect(await outcome(asRole(db, who, (tx) => writeObjectRow(tx, pdf('intruder.pdf', true))))).toBe('42501');
        }
        expect((await db.query("select 1 from storage.objects where name = 'intruder.pdf'")).rows).toEqual([]);
      });

      it('lets an admin upload the same path twice with upsert, keeping one object', async () => {
        const first = await asRole(db, admin, (tx) => writeObjectRow(tx, pdf('facebook-detox-preview.pdf', true)));
        const second = await asRole(db, admin, (tx) => writeObjectRow(tx, pdf('facebook-detox-preview.pdf', true)));
        expect(second.id).toBe(first.id);
        expect((await db.query("select 1 from storage.objects where bucket_id = 'previews' and name = 'facebook-detox-preview.pdf'")).rows).toHaveLength(1);
      });

      it('refuses an admin overwrite without upsert as a duplicate', async () => {
        expect(await outcome(asRole(db, admin, (tx) => writeObjectRow(tx, pdf('facebook-detox-preview.pdf', false))))).toBe('23505');
      });

      it('does not let a non-admin overwrite an admin upload', async () => {
        expect(await outcome(asRole(db, user, (tx) => writeObjectRow(tx, pdf('facebook-detox-preview.pdf', true))))).toBe('42501');
        expect(await outcome(asRole(db, user, (tx) => tx.query("update storage.objects set name = 'x.pdf' where bucket_id = 'previews'")))).toBe('ok');
        expect((await db.query("select 1 from storage.objects where name = 'facebook-detox-preview.pdf'")).rows).toHaveLength(1);
      });
    });

    describe('the second factor (aal2)', () => {
      it('an admin at aal1 reads no row of either table, marks nothing handled, and lists and uploads no preview', async () => {
        await sendContact(db, anon, fresh(contact));
        await capture(db, anon, `aal-${Date.now()}@example.com`);
        for (const table of ['public.email_captures', 'public.contact_messages', 'public.rate_limit_windows']) {
          expect(await asRole(db, admin, (tx) => count(tx, table)), table).toBeGreaterThan(0);
          expect(await asRole(db, adminAal1, (tx) => count(tx, table)), table).toBe(0);
        }
        const changed = await asRole(db, adminAal1, (tx) => tx.query('update public.contact_messages set handled_at = now() returning id'));
        expect(changed.rows).toEqual([]);
        expect(await asRole(db, adminAal1, (tx) => count(tx, "storage.objects where bucket_id = 'previews'"))).toBe(0);
        expect(await outcome(asRole(db, adminAal1, (tx) => writeObjectRow(tx, pdf('aal1.pdf', false))))).toBe('42501');
        expect(await outcome(asRole(db, adminAal1, (tx) => writeObjectRow(tx, pdf('facebook-detox-preview.pdf', true))))).toBe('42501');
        expect(await outcome(asRole(db, admin, (tx) => writeObjectRow(tx, pdf('aal2.pdf', false))))).toBe('ok');
      });
    });

    describe('hourly limits', () => {
      const setLimit = (action: string, scope: string, perHour: number) =>
        db.query('update private.hourly_limits set per_hour = $3 where action = $1 and scope = $2', [action, scope, perHour]);
      // The edge's address, and an X-Forwarded-For whose first entry the client made up.
      const from = (ip: string) => ({ 'cf-connecting-ip': ip, 'x-forwarded-for': `10.${senders % 250}.0.1, ${ip}` });
      const send = (ip: string) =>
        visitorCall(db, anon, 'public.send_contact_message($1, $2, $3, $4, $5)', ['Cap', 'Test', `cap-${++senders}@example.com`, 'Cap', 'x'], from(ip));
      const signUp = (ip: string) => visitorCall(db, anon, 'public.capture_starter_kit_email($1)', [`cap-${++senders}@example.com`], from(ip));
      const refusal = (p: Promise<unknown>) => p.then(() => null, (e: Refusal) => e);

      it('are set in one table, out of the API roles\' reach', async () => {
        const { rows } = await db.query<{ action: string; scope: string }>('select action, scope from private.hourly_limits order by 1, 2');
        expect(rows.map((r) => `${r.action}.${r.scope}`)).toEqual([
          'contact_messages.client', 'contact_messages.client48', 'contact_messages.client56', 'contact_messages.site',
          'email_captures.client', 'email_captures.client48', 'email_captures.client56', 'email_captures.site',
          'events.client', 'events.client48', 'events.client56', 'events.site',
        ]);
        for (const who of [anon, user, admin]) expect(await outcome(asRole(db, who, (tx) => tx.query('select * from private.hourly_limits')))).toBe('42501');
      });

      it('the site-wide cap answers 429 past its count, stores nothing more, keeps what was stored, and records when it was reached', async () => {
        await db.query('delete from public.rate_limit_windows');
        await setLimit('contact_messages', 'site', 2);
        const before = await count(db, 'public.contact_messages');
        expect(await refusal(send('198.51.100.1'))).toBeNull();
        expect(await refusal(send('198.51.100.2'))).toBeNull();
        expect(await refusal(send('198.51.100.3'))).toMatchObject({ code: 'rate_limited', status: 429, message: 'too many requests to this site this hour' });
        expect(await count(db, 'public.contact_messages')).toBe(before + 2);
        const { rows } = await asRole(db, admin, (tx) =>
          // The window's count is the sum of its slots (one per database connection).
          tx.query<{ requests: number; reached: boolean }>(`select sum(requests)::int as requests, bool_or(limit_reached_at is not null) as reached from public.rate_limit_windows where action = 'contact_messages' and scope = 'site'`),
        );
        // The refused attempt counted too.
        expect(rows).toEqual([{ requests: 3, reached: true }]);
        await setLimit('contact_messages', 'site', 200);
      });

      it('the per-client limit counts by the edge\'s address (cf-connecting-ip), for messages and sign-ups', async () => {
        await db.query('delete from public.rate_limit_windows');
        await setLimit('contact_messages', 'client', 1);
        await setLimit('email_captures', 'client', 1);
        expect(await refusal(send('203.0.113.7'))).toBeNull();
        expect(await refusal(send('203.0.113.7'))).toMatchObject({ status: 429, message: 'too many requests from this client' });
        expect(await refusal(send('203.0.113.8'))).toBeNull();
        expect(await refusal(signUp('203.0.113.7'))).toBeNull();
        expect(await refusal(signUp('203.0.113.7'))).toMatchObject({ status: 429, message: 'too many requests from this client' });
        // Stored as a hash only.
        const { rows } = await db.query<{ client_hash: string }>("select client_hash from public.rate_limit_windows where scope = 'client'");
        expect(rows.every((r) => /^[0-9a-f]{32}$/.test(r.client_hash))).toBe(true);
        await setLimit('contact_messages', 'client', 1000000);
        await setLimit('email_captures', 'client', 1000000);
      });
    });

    it('seed.sql creates a local admin whose password checks with crypt, and can run twice', async () => {
      const seed = readFileSync(fileURLToPath(new URL('../../supabase/seed.sql', import.meta.url)), 'utf8');
      await db.exec(seed);
      await db.exec(seed);
      const { rows } = await db.query<{ ok: boolean; role: string }>(
        `select encrypted_password = extensions.crypt('local-admin-password', encrypted_password) as ok,
                raw_app_meta_data ->> 'role' as role
         from auth.users where email = 'admin@example.com'`,
      );
      expect(rows).toEqual([{ ok: true, role: 'admin' }]);
      // With the local admin's second factor (docs/owner/second-factor.md).
      const factors = await db.query(
        `select f.factor_type, f.status, f.secret from auth.mfa_factors f join auth.users u on u.id = f.user_id where u.email = 'admin@example.com'`,
      );
      expect(factors.rows).toEqual([{ factor_type: 'totp', status: 'verified', secret: LOCAL_ADMIN_TOTP_SECRET }]);
    });
  });
}
