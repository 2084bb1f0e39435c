// mail-webhook (issue 51): Resend's webhooks, signed the Svix way (Standard Webhooks: svix-id,
// svix-timestamp, svix-signature; an HMAC-SHA256 of id.timestamp.body with the endpoint's secret
// whsec_…), verified by the `standardwebhooks` package, which also refuses a timestamp more than five
// minutes off (a replayed old delivery). Then:
// - email.bounced (Resend sends it for a permanent rejection; a bounce.type other than Permanent is
//   ignored) and email.complained suppress the address through list.record_mail_event, which also
//   marks the delivery by Resend's id for the mail;
// - any other event is acknowledged and ignored.
// Answers: 200 once recorded (or ignored); 401 for a signature that does not verify, is too old or is
// missing; 400 a verified body that is not an event; 405 not POST; 413 past 256 KB; 503 no
// MAIL_WEBHOOK_SECRET (every delivery refused); 500 when the database failed, so Resend delivers again.
import { Webhook } from 'standardwebhooks';
import { json } from '../_shared/cors.ts';

export interface MailEvent {
  email: string;
  kind: 'bounced' | 'complained';
  /** Resend's id for the mail (data.email_id). */
  providerId?: string;
}

export interface MailWebhookOptions {
  /** MAIL_WEBHOOK_SECRET: the endpoint's signing secret Resend shows (whsec_…). */
  secret: string | undefined;
  /** list.record_mail_event as the service role. */
  record(event: MailEvent): Promise<void>;
}

const MAX_BODY_BYTES = 256 * 1024;

interface ResendEvent {
  type?: unknown;
  data?: { email_id?: unknown; to?: unknown; bounce?: { type?: unknown } | null } | null;
}

export function mailWebhook(options: MailWebhookOptions): (request: Request) => Promise<Response> {
  let verifier: Webhook | undefined;
  try {
    verifier = options.secret ? new Webhook(options.secret) : undefined;
  } catch {
    verifier = undefined; // a secret that is not base64 after whsec_: refused below, as no secret
  }
  return async (request) => {
    if (request.method !== 'POST') return json(405, { error: 'only POST: this address takes Resend\'s webhooks' });
    if (!verifier) return json(503, { error: 'MAIL_WEBHOOK_SECRET is not set (or not a whsec_ secret): every webhook is refused' });
    if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) return json(413, { error: 'the body is larger than 256 KB' });
    const body = await request.text();
    if (body.length > MAX_BODY_BYTES) return json(413, { error: 'the body is larger than 256 KB' });
    // Resend names the headers svix-*; Standard Webhooks webhook-*: either is read.
    const header = (name: string) => request.headers.get(`svix-${name}`) ?? request.headers.get(`webhook-${name}`) ?? '';
    let event: ResendEvent;
    try {
      event = verifier.verify(body, { 'webhook-id': header('id'), 'webhook-timestamp': header('timestamp'), 'webhook-signature': header('signature') }) as ResendEvent;
    } catch (e) {
      return json(401, { error: `the signature does not verify: ${e instanceof Error ? e.message : 'invalid'}` });
    }
    if (!event || typeof event !== 'object') return json(400, { error: 'the body is not an event' });
    const kind = event.type === 'email.complained' ? 'complained' : event.type === 'email.bounced' ? 'bounced' : undefined;
    if (!kind) return json(200, { received: true, ignored: typeof event.type === 'string' ? event.type : 'unknown' });
    const bounceType = event.data?.bounce?.type;
    if (kind === 'bounced' && typeof bounceType === 'string' && bounceType !== 'Permanent') return json(200, { received: true, ignored: `a ${bounceType} bounce` });
    const to = event.data?.to;
    const emails = (Array.isArray(to) ? to : [to]).filter((x): x is string => typeof x === 'string' && x.includes('@'));
    if (!emails.length) return json(400, { error: 'the event names no recipient' });
    const providerId = typeof event.data?.email_id === 'string' ? event.data.email_id : undefined;
    try {
      for (const email of emails) await options.record({ email, kind, providerId });
    } catch (e) {
      // Resend delivers again; the message names the failure, never the address.
      console.error('mail-webhook: could not record', kind, e instanceof Error ? e.message : e);
      return json(500, { error: 'the event could not be stored; deliver it again' });
    }
    return json(200, { received: true, [kind]: emails.length });
  };
}
