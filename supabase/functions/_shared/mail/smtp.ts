// SMTP through nodemailer, for a self-hosted backend (SMTP_URL, e.g. smtps://user:pass@mail.example:465)
// and for the local catcher, where every mail goes whatever the provider. Supabase's hosted Edge
// Functions block ports 25 and 587: there, use resend or postmark. SMTP has no idempotency key; the
// Message-ID (the delivery's) is what a receiving server, and the local catcher, recognise a repeat by.
import nodemailer from 'nodemailer';
import type { OutgoingMail, SendResult, Transport } from './message.ts';

export interface SmtpTransport extends Transport {
  close(): void;
}

export function smtpTransport(url: string): SmtpTransport {
  // A pool of a few connections, each carrying every mail it is given (nodemailer's default closes a
  // connection after 100, and reconnecting costs more than the mail): a third of the time per mail.
  const transporter = nodemailer.createTransport({ url, pool: true, maxConnections: 3, maxMessages: Infinity });
  const send = async (mail: OutgoingMail): Promise<SendResult> => {
    try {
      const info = await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: `<${mail.messageId}>`,
        headers: mail.headers,
      });
      return { ok: true, providerId: info.messageId };
    } catch (e) {
      const code = (e as { responseCode?: number }).responseCode;
      // 5xx is the server's refusal of this mail; anything else (4xx, no answer) may pass.
      return { ok: false, retry: !(code && code >= 500), error: `SMTP: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}` };
    }
  };
  return Object.assign(send, { close: () => transporter.close() });
}
