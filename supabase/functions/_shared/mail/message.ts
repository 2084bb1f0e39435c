// One mail as the mailer hands it to a transport (Resend, Postmark, SMTP; transport.ts), and what the
// transport answers. Web APIs only: the same modules run in Supabase's Edge Functions (Deno) and in the
// local stand-in (Node).

export interface OutgoingMail {
  to: string;
  /** 'Name <address>' or an address (site.config.yaml mail.from). */
  from: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  /** Message-ID without its angle brackets (headers.ts): written as is over SMTP (the catcher keeps one mail per Message-ID); Resend and Postmark write their own. */
  messageId: string;
  /** The provider's idempotency key: the delivery's own name (delivery-<id>), so a mail claimed again after a crash is not sent twice. */
  key: string;
  /** Extra headers: List-Unsubscribe, List-Unsubscribe-Post, List-Id. */
  headers: Record<string, string>;
  /** A newsletter goes out as bulk mail (Postmark's broadcast stream); a confirmation or a welcome as a transactional mail. */
  kind: 'broadcast' | 'transactional';
}

export type SendResult =
  | { ok: true; providerId?: string }
  /** `retry`: a passing failure (rate limit, the provider's or the network's trouble): the delivery is left to be claimed again. */
  | { ok: false; retry: boolean; error: string };

export type Transport = (mail: OutgoingMail) => Promise<SendResult>;

/** An HTTP status as a transport reads it: 429 and 5xx pass, other 4xx are the mail's own fault. */
export const retryable = (status: number) => status === 429 || status >= 500;

/** A short, one-line description of what the provider said, never the mail's content. */
export function providerError(status: number, body: string): string {
  let said = body;
  try {
    const parsed = JSON.parse(body) as { message?: unknown; Message?: unknown; name?: unknown; ErrorCode?: unknown };
    said = [parsed.name, parsed.ErrorCode, parsed.message ?? parsed.Message].filter((x) => x !== undefined && x !== '').join(': ') || body;
  } catch {
    // not JSON: the text as it came
  }
  return `HTTP ${status}: ${said.replace(/\s+/g, ' ').slice(0, 300)}`;
}
