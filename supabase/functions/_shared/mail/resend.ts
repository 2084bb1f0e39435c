// Resend's HTTP API (resend.com/docs/api-reference/emails/send-email): POST /emails with the API key
// as a bearer token. Its Idempotency-Key header (24 hours) is the delivery's name: a delivery claimed
// again after a crash gets the first answer back and no second mail. The same key with another body
// (the mail claimed again carries a new unsubscribe token) is refused with 409
// invalid_idempotent_request: the first mail left, so that is a success. Resend writes the
// Message-ID itself; its id for the mail is what its webhooks name (list.record_mail_event).
import { providerError, retryable, type OutgoingMail, type SendResult, type Transport } from './message.ts';

export const RESEND_API = 'https://api.resend.com';

export function resendTransport(apiKey: string, base = RESEND_API): Transport {
  return async (mail: OutgoingMail): Promise<SendResult> => {
    let response: Response;
    try {
      response = await fetch(`${base}/emails`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'idempotency-key': mail.key },
        body: JSON.stringify({
          from: mail.from,
          to: [mail.to],
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          ...(mail.replyTo ? { reply_to: mail.replyTo } : {}),
          headers: mail.headers,
        }),
      });
    } catch (e) {
      return { ok: false, retry: true, error: `Resend could not be reached: ${e instanceof Error ? e.message : String(e)}` };
    }
    const body = await response.text();
    if (response.ok) return { ok: true, providerId: (JSON.parse(body) as { id?: string }).id };
    if (response.status === 409 && body.includes('invalid_idempotent_request')) return { ok: true };
    return { ok: false, retry: retryable(response.status) || response.status === 409, error: providerError(response.status, body) };
  };
}
