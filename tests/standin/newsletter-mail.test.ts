// The list's mail on the stand-in, end to end on a real database and through the local catcher: a
// capture brings a confirmation whose link confirms; the welcome and a newsletter carry RFC 8058's
// headers; newsletter-send queues only for an admin at aal2 (anon 401, a member or an admin at aal1
// 403, nothing queued), a test send goes to the admin alone; a one-click POST to the List-Unsubscribe
// address unsubscribes with an empty 200, a forged token unsubscribes nobody; a signed bounce
// suppresses, a forged or old signature is refused. The mails' content is this test's own
// dist/newsletters/<slug>/mail.json, written as the build writes them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../../supabase/local/mail-catcher.ts';
import { LOCAL_MAIL_WEBHOOK_SECRET } from '../../supabase/local/keys.ts';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { adminAtAal2, signedIn, type TestStandIn } from './stand-in.ts';

const ADMIN = { email: 'list-owner@example.com', password: 'sends-the-newsletter' };
const MEMBER = { email: 'list-member@example.com', password: 'not-an-admin-at-all' };
const SITE = 'http://localhost:4999';
const NEWSLETTER = 'spring-notes';

let catcher: MailCatcher;
let standIn: StandIn;
let api: TestStandIn;
let dist: string;

function writeMail(slug: string, mail: { subject: string; html: string; text: string }) {
  mkdirSync(join(dist, 'newsletters', slug), { recursive: true });
  writeFileSync(join(dist, 'newsletters', slug, 'mail.json'), JSON.stringify({ preheader: '', ...mail }));
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'newsletter-mail-'));
  writeMail('confirmation', { subject: 'Confirm your address', html: '<p><a href="{{confirm_url}}">Confirm</a> · <a href="{{origin}}/">the site</a></p>', text: 'Confirm: {{confirm_url}}' });
  writeMail('welcome', { subject: 'Welcome', html: '<p>Hello. <a href="{{unsubscribe_url}}">Leave</a></p>', text: 'Hello. Leave: {{unsubscribe_url}}' });
  writeMail(NEWSLETTER, { subject: 'Spring notes', html: '<p>Notes. <a href="{{origin}}/blog?utm_source=newsletter">Read</a> <a href="{{unsubscribe_url}}">Leave</a></p>', text: 'Notes. Leave: {{unsubscribe_url}}' });
  catcher = await startMailCatcher({ httpPort: 0, smtpPort: 0 });
  standIn = await startStandIn({
    port: 0, memory: true, quiet: true, adminEmail: ADMIN.email, adminPassword: ADMIN.password,
    mail: { smtpUrl: catcher.smtpUrl, distDir: dist, settings: { from: 'Site <hello@site.example>', siteUrl: 'https://site.example', siteName: 'Site', origin: SITE }, pollMs: 60_000 },
  });
  await standIn.createUser(MEMBER.email, MEMBER.password);
  await standIn.query(`update private.hourly_limits set per_hour = 1000000 where scope <> 'site'`);
  api = { url: standIn.url, anonKey: standIn.anonKey };
});
afterAll(async () => {
  await standIn?.close();
  await catcher?.close();
  rmSync(dist, { recursive: true, force: true });
});

const mailsTo = (address: string) => catcher.store.list().filter((m) => m.To.some((t) => t.Address === address));
const rpc = (name: string, body: object) =>
  fetch(`${standIn.url}/rest/v1/rpc/${name}`, { method: 'POST', headers: { apikey: standIn.anonKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
const statusOf = async (email: string) => (await standIn.query<{ status: string }>('select status from public.email_captures where email = $1', [email])).rows[0]?.status;
const queuedFor = async (newsletter: string) => Number((await standIn.query<{ n: string }>('select count(*) as n from list.deliveries where newsletter = $1', [newsletter])).rows[0]!.n);
const tokenOf = async (who: { email: string; password: string }, aal2 = false) => {
  const c = aal2 ? await adminAtAal2(api, who) : await signedIn(api, who);
  return (await c.auth.getSession()).data.session!.access_token;
};
const send = (body: object, token?: string) =>
  fetch(`${standIn.url}/functions/v1/newsletter-send`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });

/** Signs up, confirms through the mailed link, and returns the welcome mail's id in the catcher. */
async function subscribe(email: string): Promise<string> {
  expect((await rpc('capture_starter_kit_email', { p_email: email, p_altcha: null, p_route: '/', p_form: 'email-capture', p_wording: null })).status).toBe(200);
  await standIn.mail!.drain();
  const [confirmation] = mailsTo(email);
  const text = (await catcher.store.message(confirmation!.ID))!.Text;
  const link = new URL(/http:\/\/localhost:4999\/newsletter\/confirm\?t=\S+/.exec(text)![0]);
  expect((await rpc('confirm_subscription', { p_token: link.searchParams.get('t') })).status).toBe(200);
  await standIn.mail!.drain();
  const welcome = mailsTo(email).find((m) => m.Subject === 'Welcome');
  expect(welcome).toBeDefined();
  return welcome!.ID;
}

describe('the list\'s mail through the stand-in and the catcher', () => {
  it('a capture brings one confirmation whose link confirms; the welcome carries the one-click headers', async () => {
    const email = 'reader.one@example.net';
    const welcome = await subscribe(email);
    expect(await statusOf(email)).toBe('confirmed');
    const confirmation = mailsTo(email).find((m) => m.Subject === 'Confirm your address')!;
    expect((await catcher.store.message(confirmation.ID))!.HTML).toContain(`href="${SITE}/"`);
    const headers = catcher.store.headers(welcome)!;
    expect(headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
    expect(headers['List-Unsubscribe']![0]).toMatch(new RegExp(`^<${standIn.url}/functions/v1/newsletter-unsubscribe\\?t=[A-Za-z0-9_-]{43}>, <mailto:hello@site\\.example\\?subject=unsubscribe>$`));
    expect(headers['List-Id']).toEqual(['Site <list.site.example>']);
    expect(headers['Message-Id']![0]).toMatch(/^<delivery-\d+@list\.site\.example>$/);
    expect((await catcher.store.message(welcome))!.Text).toMatch(new RegExp(`Leave: ${SITE}/newsletter/unsubscribe\\?t=[A-Za-z0-9_-]{43}`));
  });

  it('newsletter-send queues nothing for anyone but an admin at aal2: no token 401, anon 401, a member 403, the admin at aal1 403', async () => {
    expect((await send({ newsletter: NEWSLETTER })).status).toBe(401);
    expect((await send({ newsletter: NEWSLETTER }, standIn.anonKey)).status).toBe(401);
    expect((await send({ newsletter: NEWSLETTER }, await tokenOf(MEMBER))).status).toBe(403);
    expect((await send({ newsletter: NEWSLETTER }, await tokenOf(ADMIN))).status).toBe(403);
    expect((await send({ newsletter: NEWSLETTER, test: true }, await tokenOf(ADMIN))).status).toBe(403);
    expect(await queuedFor(NEWSLETTER)).toBe(0);
    expect(catcher.store.list().filter((m) => m.Subject === 'Spring notes')).toEqual([]);
  });

  it('a test send goes to the admin\'s own address only and queues nothing', async () => {
    const answer = await send({ newsletter: NEWSLETTER, test: true }, await tokenOf(ADMIN, true));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ test: true, to: ADMIN.email });
    expect(catcher.store.list().filter((m) => m.Subject === 'Spring notes').map((m) => m.To[0]!.Address)).toEqual([ADMIN.email]);
    expect(await queuedFor(NEWSLETTER)).toBe(0);
  });

  it('an admin at aal2 queues one delivery per confirmed subscriber, once; each arrives; a second send queues nothing', async () => {
    await subscribe('reader.two@example.net');
    const confirmed = Number((await standIn.query<{ n: string }>(`select count(*) as n from public.email_captures where status = 'confirmed'`)).rows[0]!.n);
    const token = await tokenOf(ADMIN, true);
    const first = await send({ newsletter: NEWSLETTER }, token);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ newsletter: NEWSLETTER, queued: confirmed });
    await standIn.mail!.drain();
    const arrived = catcher.store.list().filter((m) => m.Subject === 'Spring notes' && m.To[0]!.Address !== ADMIN.email);
    expect(arrived).toHaveLength(confirmed);
    expect(await (await send({ newsletter: NEWSLETTER }, token)).json()).toMatchObject({ queued: 0 });
    expect(await queuedFor(NEWSLETTER)).toBe(confirmed);
  });

  it('one click: a POST to the List-Unsubscribe address answers an empty 200 and unsubscribes; a forged token 404 and nobody; a GET goes to the page', async () => {
    const email = 'reader.two@example.net';
    const mail = mailsTo(email).find((m) => m.Subject === 'Spring notes')!;
    const oneClick = /<(http[^>]+)>/.exec(catcher.store.headers(mail.ID)!['List-Unsubscribe']![0]!)![1]!;
    const token = new URL(oneClick).searchParams.get('t')!;
    const forged = oneClick.replace(token, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);
    const post = (url: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });

    const refused = await post(forged);
    expect(refused.status).toBe(404);
    expect(await statusOf(email)).toBe('confirmed');

    const left = await post(oneClick);
    expect(left.status).toBe(200);
    expect(await left.text()).toBe('');
    expect(await statusOf(email)).toBe('unsubscribed');

    const opened = await fetch(oneClick, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`${SITE}/newsletter/unsubscribe?t=${token}`);
  });

  it('mail-webhook: a signed hard bounce suppresses the address; a forged or five-minutes-old signature 401 and nothing', async () => {
    const email = 'reader.one@example.net';
    const webhook = new Webhook(LOCAL_MAIL_WEBHOOK_SECRET);
    const deliver = (payload: string, id: string, at: Date, signature = webhook.sign(id, at, payload)) =>
      fetch(`${standIn.url}/functions/v1/mail-webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'svix-id': id, 'svix-timestamp': String(Math.floor(at.getTime() / 1000)), 'svix-signature': signature },
        body: payload,
      });
    const bounce = JSON.stringify({ type: 'email.bounced', created_at: new Date().toISOString(), data: { email_id: 'e-1', to: [email], bounce: { type: 'Permanent' } } });
    expect((await deliver(bounce, 'msg_1', new Date(), 'v1,' + Buffer.from('not the signature').toString('base64'))).status).toBe(401);
    expect((await deliver(bounce, 'msg_2', new Date(Date.now() - 10 * 60_000))).status).toBe(401);
    expect(await statusOf(email)).toBe('confirmed');
    expect((await deliver(bounce, 'msg_3', new Date())).status).toBe(200);
    expect(await statusOf(email)).toBe('bounced');
  });
});
