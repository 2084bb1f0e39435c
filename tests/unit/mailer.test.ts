// The mailer (supabase/functions/_shared/mail/mailer.ts) over a queue kept in memory and a transport
// that records: at most mail.perSecond mails leave in any second; each claimed delivery is finished
// once, sent with its own unsubscribe token; a passing failure is left for the lease, a refusal
// finished as failed; a confirmation is not claimed while its mail is not built, and that is said.
import { describe, expect, it } from 'vitest';
import { MailContentMissing, type MailContent } from '../../supabase/functions/_shared/mail/content.ts';
import type { ListDb } from '../../supabase/functions/_shared/mail/list-db.ts';
import { mailer } from '../../supabase/functions/_shared/mail/mailer.ts';
import type { OutgoingMail, SendResult } from '../../supabase/functions/_shared/mail/message.ts';

const SETTINGS = { from: 'Site <hello@site.example>', perSecond: 4, origin: 'http://localhost:4173', siteUrl: 'https://site.example', siteName: 'Site', functionsUrl: 'http://127.0.0.1:54321/functions/v1' };
const NEWS: MailContent = { subject: 'News', preheader: '', html: '<a href="{{unsubscribe_url}}">leave</a>', text: 'leave: {{unsubscribe_url}}' };

function queue(deliveries: number, confirmations = 0) {
  const waiting = Array.from({ length: deliveries }, (_, i) => String(i + 1));
  const due = Array.from({ length: confirmations }, (_, i) => `pending${i}@example.net`);
  const finished: { id: string; status: string }[] = [];
  const db: ListDb = {
    claimConfirmations: async (hashes) => due.splice(0, hashes.length).map((email, i) => ({ subscriberId: email, email, hash: hashes[i]! })),
    claimDeliveries: async (hashes) => waiting.splice(0, hashes.length).map((id, i) => ({ deliveryId: id, newsletter: 'news', email: `reader${id}@example.net`, hash: hashes[i]! })),
    finishDeliveries: async (done) => (finished.push(...done.map(({ id, status }) => ({ id, status }))), done.length),
    recordMailEvent: async () => true,
  };
  return { db, finished, waiting, due };
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
