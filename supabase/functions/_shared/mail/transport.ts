// The transport site.config.yaml's mail.provider names, with its secret from the environment. Locally
// (the stand-in) the mailer is given the catcher's SMTP transport instead, whatever the provider.
import type { Transport } from './message.ts';
import { postmarkTransport } from './postmark.ts';
import { resendTransport } from './resend.ts';
import { smtpTransport } from './smtp.ts';

export type MailProvider = 'resend' | 'postmark' | 'smtp';

/** The environment variable each provider's secret is read from. */
export const PROVIDER_SECRET: Record<MailProvider, string> = { resend: 'RESEND_API_KEY', postmark: 'POSTMARK_SERVER_TOKEN', smtp: 'SMTP_URL' };

export class MailConfigError extends Error {
  override name = 'MailConfigError';
}

/** `env`: reads a variable (Deno.env.get, process.env). */
export function transportFor(provider: string | undefined, env: (name: string) => string | undefined): Transport {
  if (provider !== 'resend' && provider !== 'postmark' && provider !== 'smtp') {
    throw new MailConfigError(`no mail provider: set MAIL_PROVIDER (site.config.yaml mail.provider) to resend, postmark or smtp; got ${JSON.stringify(provider ?? '')}`);
  }
  const secret = env(PROVIDER_SECRET[provider])?.trim();
  if (!secret) throw new MailConfigError(`mail.provider is ${provider} but ${PROVIDER_SECRET[provider]} is not set: \`supabase secrets set ${PROVIDER_SECRET[provider]}=...\``);
  if (provider === 'resend') return resendTransport(secret);
  if (provider === 'postmark') return postmarkTransport(secret);
  return smtpTransport(secret);
}
