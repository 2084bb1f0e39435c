// Postmark's HTTP API (postmarkapp.com/developer/api/email-api): POST /email with the server token in
// X-Postmark-Server-Token. Newsletters go through the broadcast message stream, as Postmark requires
// of bulk mail; confirmations and welcomes through the transactional one (outbound). Postmark takes no
// idempotency key: the delivery's lease in the database is what keeps a mail from leaving twice, and
// a sender killed between the provider's answers and the database's record of them (at most one
// second's mails, mail.perSecond) sends those again. Resend, with its key, sends none twice.
import { providerError, retryable, type OutgoingMail, type SendResult, type Transport } from './message.ts';

export const POSTMARK_API = 'https://api.postmarkapp.com';

export function postmarkTransport(serverToken: string, base = POSTMARK_API): Transport {
  return async (mail: OutgoingMail): Promise<SendResult> => {
    let response: Response;
    try {
      response = await fetch(`${base}/email`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', 'x-postmark-server-token': serverToken },
        body: JSON.stringify({
          From: mail.from,
          To: mail.to,
          Subject: mail.subject,
          HtmlBody: mail.html,
          TextBody: mail.text,
          ...(mail.replyTo ? { ReplyTo: mail.replyTo } : {}),
          Headers: Object.entries(mail.headers).map(([Name, Value]) => ({ Name, Value })),
          MessageStream: mail.kind === 'broadcast' ? 'broadcast' : 'outbound',
          TrackOpens: false,
          TrackLinks: 'None',
        }),
      });
    } catch (e) {
      return { ok: false, retry: true, error: `Postmark could not be reached: ${e instanceof Error ? e.message : String(e)}` };
    }
    const body = await response.text();
    if (response.ok) {
      const answer = JSON.parse(body) as { ErrorCode?: number; MessageID?: string };
      if (!answer.ErrorCode) return { ok: true, providerId: answer.MessageID };
    }
    return { ok: false, retry: retryable(response.status), error: providerError(response.status, body) };
  };
}
