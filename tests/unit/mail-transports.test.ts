// The mail transports (supabase/functions/_shared/mail) against a fake provider on 127.0.0.1: each
// request as the provider's API documents it (Resend: bearer key, Idempotency-Key = the delivery's
// name; Postmark: X-Postmark-Server-Token, the broadcast stream for newsletters), and each answer read
// right: taken, a repeat of a taken key, a passing failure (tried again), a refusal (failed for good).
// The headers of a list's mail are RFC 8058's and RFC 2919's, exactly.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillMail } from '../../supabase/functions/_shared/mail/content.ts';
import { deliveryMessageId, listHeaders, listId, oneClickUrl } from '../../supabase/functions/_shared/mail/headers.ts';
import type { OutgoingMail } from '../../supabase/functions/_shared/mail/message.ts';
import { postmarkTransport } from '../../supabase/functions/_shared/mail/postmark.ts';
import { resendTransport } from '../../supabase/functions/_shared/mail/resend.ts';
import { MailConfigError, transportFor } from '../../supabase/functions/_shared/mail/transport.ts';

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

let server: Server;
let base: string;
const seen: Seen[] = [];
/** The next answers the fake provider gives, in order; then 200 with an id. */
const answers: { status: number; body: unknown }[] = [];

beforeAll(async () => {
  server = createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    seen.push({ method: req.method!, path: req.url!, headers: req.headers, body: JSON.parse(text) as Record<string, unknown> });
    const answer = answers.shift() ?? { status: 200, body: { id: 'provider-id-1', MessageID: 'pm-id-1', ErrorCode: 0 } };
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const headers = listHeaders({ oneClick: oneClickUrl('https://abc.supabase.co/functions/v1', 'T'.repeat(43)), mailto: 'hello@site.example', listId: listId('Site', 'https://site.example') });
const mail = (over: Partial<OutgoingMail> = {}): OutgoingMail => ({
  to: 'reader@example.net', from: 'Site <hello@site.example>', replyTo: 'reply@site.example', subject: 'Spring notes', html: '<p>Hi</p>', text: 'Hi',
  messageId: deliveryMessageId(42, 'https://site.example'), key: 'delivery-42', headers, kind: 'broadcast', ...over,
});
const last = () => seen.at(-1)!;

describe('the headers of a list\'s mail', () => {
  it('are RFC 8058\'s one-click pair, the https address first, and RFC 2919\'s List-Id', () => {
    expect(headers).toEqual({
      'List-Unsubscribe': `<https://abc.supabase.co/functions/v1/newsletter-unsubscribe?t=${'T'.repeat(43)}>, <mailto:hello@site.example?subject=unsubscribe>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': 'Site <list.site.example>',
    });
    expect(listId('Detox "Guides" & Co, Ltd', 'https://x.example')).toBe('"Detox \\"Guides\\" & Co, Ltd" <list.x.example>');
    expect(deliveryMessageId(42, 'https://site.example')).toBe('delivery-42@list.site.example');
  });

  it('fill the build\'s placeholders, escaped in the HTML and as they are in the text', () => {
    const filled = fillMail({ subject: 'Hi', preheader: '', html: '<a href="{{unsubscribe_url}}">x</a>', text: '{{unsubscribe_url}}' }, { origin: 'http://localhost:4173', unsubscribe_url: 'https://s.example/u?t=a&b' });
    expect(filled.html).toBe('<a href="https://s.example/u?t=a&#38;b">x</a>');
    expect(filled.text).toBe('https://s.example/u?t=a&b');
  });
});

describe('Resend', () => {
  it('POSTs /emails with the key as a bearer token, the delivery\'s name as Idempotency-Key, and the list\'s headers', async () => {
    const result = await resendTransport('re_test_key', base)(mail());
    expect(result).toEqual({ ok: true, providerId: 'provider-id-1' });
    expect(last()).toMatchObject({ method: 'POST', path: '/emails' });
    expect(last().headers.authorization).toBe('Bearer re_test_key');
    expect(last().headers['idempotency-key']).toBe('delivery-42');
    expect(last().body).toEqual({ from: 'Site <hello@site.example>', to: ['reader@example.net'], subject: 'Spring notes', html: '<p>Hi</p>', text: 'Hi', reply_to: 'reply@site.example', headers });
  });

  it('takes a 409 for the same key with another body as sent (the first mail left); a 429 or 5xx is tried again; a 422 fails', async () => {
    answers.push({ status: 409, body: { name: 'invalid_idempotent_request', message: 'Same idempotency key used with a different request payload.' } });
    expect(await resendTransport('k', base)(mail())).toEqual({ ok: true });
    answers.push({ status: 429, body: { name: 'rate_limit_exceeded', message: 'Too many requests' } });
    expect(await resendTransport('k', base)(mail())).toMatchObject({ ok: false, retry: true, error: expect.stringContaining('429') });
    answers.push({ status: 503, body: {} });
    expect(await resendTransport('k', base)(mail())).toMatchObject({ ok: false, retry: true });
    answers.push({ status: 422, body: { name: 'validation_error', message: 'Invalid `to` field.' } });
    expect(await resendTransport('k', base)(mail())).toEqual({ ok: false, retry: false, error: 'HTTP 422: validation_error: Invalid `to` field.' });
  });

  it('an unreachable API is a passing failure', async () => {
    expect(await resendTransport('k', 'http://127.0.0.1:1')(mail())).toMatchObject({ ok: false, retry: true });
  });
});

describe('Postmark', () => {
  it('POSTs /email with the server token, newsletters on the broadcast stream, confirmations on outbound, no tracking', async () => {
    expect(await postmarkTransport('pm-token', base)(mail())).toEqual({ ok: true, providerId: 'pm-id-1' });
    expect(last()).toMatchObject({ method: 'POST', path: '/email' });
    expect(last().headers['x-postmark-server-token']).toBe('pm-token');
    expect(last().body).toMatchObject({
      From: 'Site <hello@site.example>', To: 'reader@example.net', Subject: 'Spring notes', HtmlBody: '<p>Hi</p>', TextBody: 'Hi', ReplyTo: 'reply@site.example',
      MessageStream: 'broadcast', TrackOpens: false, TrackLinks: 'None',
      Headers: [{ Name: 'List-Unsubscribe', Value: headers['List-Unsubscribe'] }, { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' }, { Name: 'List-Id', Value: headers['List-Id'] }],
    });
    await postmarkTransport('pm-token', base)(mail({ kind: 'transactional', headers: {} }));
    expect(last().body).toMatchObject({ MessageStream: 'outbound', Headers: [] });
  });

  it('reads a refusal in its ErrorCode: an inactive recipient fails for good', async () => {
    answers.push({ status: 422, body: { ErrorCode: 406, Message: 'You tried to send to recipient(s) that have been marked as inactive.' } });
    expect(await postmarkTransport('t', base)(mail())).toMatchObject({ ok: false, retry: false, error: expect.stringContaining('406') });
  });
});

describe('choosing a transport', () => {
  it('names the missing secret, or the missing provider', () => {
    expect(() => transportFor('resend', () => undefined)).toThrow(new MailConfigError('mail.provider is resend but RESEND_API_KEY is not set: `supabase secrets set RESEND_API_KEY=...`'));
    expect(() => transportFor(undefined, () => 'x')).toThrow(MailConfigError);
    expect(typeof transportFor('postmark', (n) => (n === 'POSTMARK_SERVER_TOKEN' ? 'pm' : undefined))).toBe('function');
  });
});
