// A confirmation whose send fails is sent again, not lost (issue 51): the stand-in's sender finds the
// local catcher down when an address is captured, so the mail does not leave; the confirmation stays
// due, held by the sender's lease, and once the catcher is up and the lease has run out it arrives,
// once, and its link confirms. On a real database (the stand-in's PGlite) through the anon RPC.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../../supabase/local/mail-catcher.ts';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';

const LEASE_SECONDS = 3;
const dist = mkdtempSync(join(tmpdir(), 'confirmation-retry-'));
let standIn: StandIn | undefined;
let catcher: MailCatcher | undefined;
afterAll(async () => {
  await standIn?.close();
  await catcher?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** A port on 127.0.0.1 that nothing listens on (yet). */
const freePort = () =>
  new Promise<number>((done, fail) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
    s.on('error', fail);
  });

it('a confirmation that could not be sent arrives once the catcher is up and the lease has run out, and its link confirms', { timeout: 120_000 }, async () => {
  const mails = { confirmation: { subject: 'Confirm your address', html: '<p><a href="{{confirm_url}}">Confirm</a></p>', text: 'Confirm: {{confirm_url}}' }, welcome: { subject: 'Welcome', html: '<p><a href="{{unsubscribe_url}}">Leave</a></p>', text: 'Leave: {{unsubscribe_url}}' } };
  for (const [slug, mail] of Object.entries(mails)) {
    mkdirSync(join(dist, 'newsletters', slug), { recursive: true });
    writeFileSync(join(dist, 'newsletters', slug, 'mail.json'), JSON.stringify({ preheader: '', ...mail }));
  }
  const smtpPort = await freePort();
  standIn = await startStandIn({
    port: 0, memory: true, quiet: true,
    mail: { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, distDir: dist, leaseSeconds: LEASE_SECONDS, pollMs: 3_600_000, settings: { from: 'Site <hello@site.example>', siteUrl: 'https://site.example', siteName: 'Site', origin: 'http://localhost:4999' } },
  });
  const rpc = (name: string, body: object) =>
    fetch(`${standIn!.url}/rest/v1/rpc/${name}`, { method: 'POST', headers: { apikey: standIn!.anonKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const row = async () =>
    (await standIn!.query<{ status: string; due: boolean; sent: boolean }>(`select status, confirm_due_at is not null as due, confirm_sent_at is not null as sent from public.email_captures where email = 'retry@example.net'`)).rows[0];

  const captured = Date.now();
  expect((await rpc('capture_starter_kit_email', { p_email: 'retry@example.net', p_route: '/', p_form: 'email-capture' })).status).toBe(200);
  const first = await standIn.mail!.drain();
  // The drain the capture started met the closed port; this one finds the confirmation under its lease.
  expect(first.confirmations).toBe(0);
  expect(await row()).toEqual({ status: 'pending', due: true, sent: false });
  const claimed = Number((await standIn.query<{ n: string }>(`select count(*) as n from list.tokens where purpose = 'confirm'`)).rows[0]!.n);
  expect(claimed).toBe(1);

  catcher = await startMailCatcher({ httpPort: 0, smtpPort });
  if (Date.now() - captured < LEASE_SECONDS * 1000 - 500) {
    expect((await standIn.mail!.drain()).confirmations).toBe(0); // the lease still runs
    expect(catcher.store.list()).toEqual([]);
  }
  let arrived = catcher.store.list();
  for (let waited = 0; !arrived.length && waited < 30_000; waited += 500) {
    await new Promise((r) => setTimeout(r, 500));
    await standIn.mail!.drain();
    arrived = catcher.store.list();
  }
  expect(arrived.map((m) => m.To[0]!.Address)).toEqual(['retry@example.net']);
  expect(await row()).toEqual({ status: 'pending', due: false, sent: true });
  await standIn.mail!.drain();
  expect(catcher.store.list()).toHaveLength(1);

  const text = (await catcher.store.message(arrived[0]!.ID))!.Text;
  const token = new URL(/http:\/\/localhost:4999\/newsletter\/confirm\?t=\S+/.exec(text)![0]).searchParams.get('t');
  expect((await rpc('confirm_subscription', { p_token: token })).status).toBe(200);
  expect((await row())!.status).toBe('confirmed');
});
