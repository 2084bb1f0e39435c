// mail-webhook's verification (supabase/functions/mail-webhook): deliveries signed as Resend signs them
// (Svix / Standard Webhooks, made here by the `standardwebhooks` package's own sign) are recorded; a
// signature made with another secret, a body changed after signing, a timestamp more than five minutes
// old, or no signature at all are refused with 401 and record nothing; without a secret, nothing is
// accepted.
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { mailWebhook, type MailEvent } from '../../supabase/functions/mail-webhook/handler.ts';

const SECRET = `whsec_${Buffer.from('unit-test-mail-webhook-secret').toString('base64')}`;
const OTHER = `whsec_${Buffer.from('someone-elses-secret').toString('base64')}`;

function webhook(secret: string | null = SECRET) {
  const recorded: MailEvent[] = [];
  const handle = mailWebhook({ secret: secret ?? undefined, record: async (e) => void recorded.push(e) });
  const post = (body: string, { id = 'msg_1', at = new Date(), signWith = SECRET, signed = body, prefix = 'svix' } = {}) =>
    handle(new Request('http://127.0.0.1/functions/v1/mail-webhook', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [`${prefix}-id`]: id,
        [`${prefix}-timestamp`]: String(Math.floor(at.getTime() / 1000)),
        [`${prefix}-signature`]: new Webhook(signWith).sign(id, at, signed),
      },
      body,
    }));
  return { recorded, post, handle };
}

const event = (type: string, data: object) => JSON.stringify({ type, created_at: new Date().toISOString(), data: { email_id: 'em_1', to: ['reader@example.net'], ...data } });
const bounce = event('email.bounced', { bounce: { type: 'Permanent', subType: 'General', message: 'mailbox does not exist' } });

describe('mail-webhook', () => {
  it('records a signed hard bounce and a signed complaint, with Resend\'s id for the mail', async () => {
    const { post, recorded } = webhook();
    expect((await post(bounce)).status).toBe(200);
    expect((await post(event('email.complained', {}), { id: 'msg_2', prefix: 'webhook' })).status).toBe(200);
    expect(recorded).toEqual([
      { email: 'reader@example.net', kind: 'bounced', providerId: 'em_1' },
      { email: 'reader@example.net', kind: 'complained', providerId: 'em_1' },
    ]);
  });

  it('refuses another secret\'s signature, a body changed after signing, a signature older than five minutes, and none at all', async () => {
    const { post, handle, recorded } = webhook();
    expect((await post(bounce, { signWith: OTHER })).status).toBe(401);
    expect((await post(bounce, { signed: bounce.replace('reader@', 'someone@') })).status).toBe(401);
    expect((await post(bounce, { at: new Date(Date.now() - 6 * 60_000) })).status).toBe(401);
    expect((await handle(new Request('http://127.0.0.1/', { method: 'POST', body: bounce }))).status).toBe(401);
    expect(recorded).toEqual([]);
  });

  it('acknowledges and ignores a soft bounce and other events; refuses everything without a secret', async () => {
    const { post, recorded } = webhook();
    expect(await (await post(event('email.bounced', { bounce: { type: 'Transient' } }))).json()).toMatchObject({ ignored: 'a Transient bounce' });
    expect(await (await post(event('email.delivered', {}))).json()).toMatchObject({ ignored: 'email.delivered' });
    expect(recorded).toEqual([]);
    expect((await webhook(null).post(bounce)).status).toBe(503);
  });
});
