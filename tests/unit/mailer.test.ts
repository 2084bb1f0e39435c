// The mailer (supabase/functions/_shared/mail/mailer.ts) over a queue kept in memory and a transport
// that records: at most mail.perSecond mails leave in any second; without a rate, batches of BATCH
// claimed and finished one statement each; each claimed delivery is finished once, sent with its own
// unsubscribe token; a passing failure is left for the lease, a refusal finished as failed, and so is
// a confirmation's; a confirmation is not claimed while its mail is not built, and that is said.
import { describe, expect, it } from 'vitest';
import { MailContentMissing, type MailContent } from '../../supabase/functions/_shared/mail/content.ts';
import type { ListDb } from '../../supabase/functions/_shared/mail/list-db.ts';
import { BATCH, mailer } from '../../supabase/functions/_shared/mail/mailer.ts';
import type { OutgoingMail, SendResult } from '../../supabase/functions/_shared/mail/message.ts';

const SETTINGS = { from: 'Site <hello@site.example>', perSecond: 4, origin: 'http://localhost:4173', siteUrl: 'https://site.example', siteName: 'Site', functionsUrl: 'http://127.0.0.1:54321/functions/v1' };
const NEWS: MailContent = { subject: 'News', preheader: '', html: '<a href="{{unsubscribe_url}}">leave</a>', text: 'leave: {{unsubscribe_url}}' };

function queue(deliveries: number, confirmations = 0) {
  const waiting = Array.from({ length: deliveries }, (_, i) => String(i + 1));
  const due = Array.from({ length: confirmations }, (_, i) => `pending${i}@example.net`);
  const finished: { id: string; status: string }[] = [];
  const confirmed: { email: string; sent: boolean }[] = [];
  const calls = { claims: [] as number[], finishes: [] as number[] };
  const db: ListDb = {
    claimConfirmations: async (hashes) => due.splice(0, hashes.length).map((email, i) => ({ subscriberId: email, email, hash: hashes[i]!, dueAt: '1767225600000' })),
    finishConfirmations: async (done) => (confirmed.push(...done.map((f) => ({ email: f.subscriberId, sent: f.sent }))), done.length),
    claimDeliveries: async (hashes) => {
      const rows = waiting.splice(0, hashes.length).map((id, i) => ({ deliveryId: id, newsletter: 'news', email: `reader${id}@example.net`, hash: hashes[i]! }));
      calls.claims.push(rows.length);
      return rows;
    },
    finishDeliveries: async (done) => (calls.finishes.push(done.length), finished.push(...done.map(({ id, status }) => ({ id, status }))), done.length),
    recordMailEvent: async () => true,
  };
  return { db, finished, waiting, due, confirmed, calls };
}

function recorder(answer: (m: OutgoingMail) => SendResult = () => ({ ok: true })) {
  const sent: { at: number; mail: OutgoingMail }[] = [];
  return { sent, transport: async (m: OutgoingMail) => (sent.push({ at: Date.now(), mail: m }), answer(m)) };
}

const content = (missing: string[] = []) => async (slug: string) => {
  if (missing.includes(slug)) throw new MailContentMissing(`dist/newsletters/${slug}/mail.json is missing`);
  return slug === 'confirmation' ? { subject: 'Confirm', preheader: '', html: '<a href="{{confirm_url}}">c</a>', text: '{{confirm_url}}' } : NEWS;
};

describe('the mailer', () => {
  it('sends at most perSecond mails in any second, and finishes each delivery once, each with its own token', { timeout: 20_000 }, async () => {
    const { db, finished } = queue(10);
    const { sent, transport } = recorder();
    const report = await mailer({ db, transport, content: content(), settings: SETTINGS }).drain();
    expect(report).toMatchObject({ sent: 10, failed: 0, retrying: 0 });
    expect(finished.map((f) => f.id).sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: 10 }, (_, i) => String(i + 1)));
    for (const { at } of sent) expect(sent.filter((s) => s.at >= at && s.at < at + 1000).length).toBeLessThanOrEqual(SETTINGS.perSecond);
    expect(sent.at(-1)!.at - sent[0]!.at).toBeGreaterThanOrEqual(2000);
    const tokens = sent.map((s) => /t=([A-Za-z0-9_-]{43})/.exec(s.mail.text)![1]);
    expect(new Set(tokens).size).toBe(10);
    expect(sent[0]!.mail.headers['List-Unsubscribe']).toContain(`newsletter-unsubscribe?t=${tokens[0]}`);
    expect(sent.map((s) => s.mail.key)).toEqual(sent.map((s) => `delivery-${/delivery-(\d+)@/.exec(s.mail.messageId)![1]}`));
  });

  it('leaves a passing failure to its lease and finishes a refusal as failed', async () => {
    const { db, finished } = queue(2);
    const { transport } = recorder((m) => (m.to === 'reader1@example.net' ? { ok: false, retry: true, error: 'HTTP 429' } : { ok: false, retry: false, error: 'HTTP 422' }));
    const report = await mailer({ db, transport, content: content(), settings: SETTINGS }).drain();
    expect(report).toMatchObject({ sent: 0, retrying: 1, failed: 1 });
    expect(finished).toEqual([{ id: '2', status: 'failed' }]);
  });

  it('without a rate (the local catcher), claims and finishes a batch at a time and does not wait a second between them', async () => {
    const n = BATCH * 2 + 37;
    const { db, finished, calls } = queue(n);
    const { sent, transport } = recorder();
    const report = await mailer({ db, transport, content: content(), settings: { ...SETTINGS, perSecond: undefined } }).drain();
    expect(report).toMatchObject({ sent: n, failed: 0, retrying: 0 });
    expect(new Set(finished.map((f) => f.id)).size).toBe(n);
    expect(calls.claims).toEqual([BATCH, BATCH, 37]);
    expect(calls.finishes).toEqual([BATCH, BATCH, 37]);
    expect(sent).toHaveLength(n);
    // Paced, each batch would wait a second after the last: here no mail waits for the one before.
    const gaps = sent.slice(1).map((s, i) => s.at - sent[i]!.at);
    expect(Math.max(...gaps)).toBeLessThan(900);
  });

  it('finishes a confirmation the provider took or refused for good, leaves a passing failure to its lease, and names one request alike on each send', async () => {
    const { db, confirmed } = queue(0, 3);
    const { sent, transport } = recorder((m) =>
      m.to === 'pending0@example.net' ? { ok: true } : m.to === 'pending1@example.net' ? { ok: false, retry: true, error: 'HTTP 503' } : { ok: false, retry: false, error: 'HTTP 422' },
    );
    const report = await mailer({ db, transport, content: content(), settings: SETTINGS }).drain();
    expect(report).toMatchObject({ confirmations: 1, retrying: 1, failed: 1 });
    expect(confirmed.sort((a, b) => a.email.localeCompare(b.email))).toEqual([{ email: 'pending0@example.net', sent: true }, { email: 'pending2@example.net', sent: false }]);
    expect(report.problems).toEqual(expect.arrayContaining([expect.stringContaining('HTTP 503'), expect.stringContaining('HTTP 422')]));
    // The key and Message-ID name the subscriber and the request, not the token: a send tried again is recognised.
    const first = sent.find((s) => s.mail.to === 'pending1@example.net')!.mail;
    expect(first.key).toBe('confirm-pending1@example.net-1767225600000');
    expect(first.messageId).toBe('confirm-pending1@example.net-1767225600000@list.site.example');
  });

  it('claims no confirmation while its mail is not built, and says which file is missing', async () => {
    const { db, due } = queue(0, 3);
    const { sent, transport } = recorder();
    const report = await mailer({ db, transport, content: content(['confirmation']), settings: SETTINGS }).drain();
    expect(report.problems).toEqual(['dist/newsletters/confirmation/mail.json is missing']);
    expect(due).toHaveLength(3);
    expect(sent).toEqual([]);
    const built = await mailer({ db, transport, content: content(), settings: SETTINGS }).drain();
    expect(built.confirmations).toBe(3);
    expect(sent.map((s) => s.mail.text)).toEqual(sent.map(() => expect.stringMatching(/^http:\/\/localhost:4173\/newsletter\/confirm\?t=[A-Za-z0-9_-]{43}$/)));
  });
});
