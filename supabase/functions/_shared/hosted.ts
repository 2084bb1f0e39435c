// What the mail functions read on a hosted project (Deno): Supabase sets SUPABASE_URL,
// SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY and SUPABASE_DB_URL in every function; the owner sets
// the rest once with `supabase secrets set` (docs/deploying/mail.md), copying site.config.yaml:
//   SITE_URL, SITE_NAME              site.url and site.name (links, List-Id, the built mails' address)
//   MAIL_PROVIDER, MAIL_FROM          mail.provider and mail.from; MAIL_REPLY_TO, MAIL_PER_SECOND if set
//   RESEND_API_KEY | POSTMARK_SERVER_TOKEN | SMTP_URL, and MAIL_WEBHOOK_SECRET for mail-webhook
// The list.* functions are called over a direct connection (SUPABASE_DB_URL) as service_role: the
// `list` schema is not exposed through the API at all.
import pg from 'pg';
import { siteMailContent } from './mail/content.ts';
import { listDb, type ServiceSql } from './mail/list-db.ts';
import { mailer, type Mailer, type MailerSettings } from './mail/mailer.ts';
import { MailConfigError, transportFor } from './mail/transport.ts';

declare const Deno: { env: { get(name: string): string | undefined } };

export const env = (name: string) => Deno.env.get(name)?.trim() || undefined;

export const supabaseUrl = () => env('SUPABASE_URL') ?? '';
export const anonKey = () => env('SUPABASE_ANON_KEY') ?? '';
export const siteUrl = () => env('SITE_URL') ?? '';

let pool: pg.Pool | undefined;

/** One statement as service_role, in its own transaction, over SUPABASE_DB_URL. */
export const serviceSql: ServiceSql = async <T>(text: string, params: unknown[]) => {
  pool ??= new pg.Pool({ connectionString: env('SUPABASE_DB_URL'), max: 2 });
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('set local role service_role');
    const { rows } = await client.query(text, params);
    await client.query('commit');
    return rows as T[];
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
};

export function hostedSettings(): MailerSettings {
  const site = siteUrl();
  return {
    from: env('MAIL_FROM') ?? '',
    replyTo: env('MAIL_REPLY_TO'),
    perSecond: Number(env('MAIL_PER_SECOND') ?? 2) || 2,
    origin: site,
    siteUrl: site,
    siteName: env('SITE_NAME') ?? new URL(site || 'https://example.invalid').hostname,
    functionsUrl: `${supabaseUrl().replace(/\/+$/, '')}/functions/v1`,
  };
}

/** The hosted mailer; throws MailConfigError when no provider, secret, sender or site address is set. */
export function hostedMailer(): Mailer {
  const transport = transportFor(env('MAIL_PROVIDER'), env);
  const settings = hostedSettings();
  if (!settings.from || !settings.siteUrl) throw new MailConfigError('MAIL_FROM and SITE_URL must be set: `supabase secrets set MAIL_FROM=... SITE_URL=...`');
  return mailer({ db: listDb(serviceSql), transport, content: siteMailContent(settings.siteUrl), settings });
}
