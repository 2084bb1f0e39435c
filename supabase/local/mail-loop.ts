// The stand-in's sender: the same mailer the Edge Functions use (supabase/functions/_shared/mail),
// in-process, sending every mail by SMTP to the local catcher whatever mail.provider says, and reading
// each mail from the build (dist/newsletters/<slug>/mail.json). mail.perSecond is a provider's limit,
// which the catcher does not have: locally mails leave unpaced, a batch of a few hundred at a time
// (BATCH), over a pool of SMTP connections on a thread of its own (smtp-thread.ts). It drains when
// the site did something that may queue mail (a call to a database function through the stand-in)
// and every few seconds (a killed sender's leases running out), one drain at a time. What keeps mail
// from leaving is printed once per distinct reason, where the developer looks: the terminal of npm
// start or npm run dev.
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { MailContentMissing, readMailContent, type MailContentSource } from '../functions/_shared/mail/content.ts';
import { listDb, type ServiceSql } from '../functions/_shared/mail/list-db.ts';
import { mailer, type DrainReport, type Mailer, type MailerSettings } from '../functions/_shared/mail/mailer.ts';
import type { Database } from './db.ts';
import { threadedSmtpTransport } from './smtp-thread.ts';

/**
 * The database functions after which mail may be due: those that call pg_notify('list_mail'), each in
 * supabase/schemas/public/functions/<name>.sql (a capture, a confirmation, a newsletter queued, an
 * import). The stand-in looks at the queue after a call to one of them, and not after every call
 * (track() is called for every page view).
 */
export const QUEUEING_FUNCTIONS = new Set(['capture_starter_kit_email', 'confirm_subscription', 'admin_queue_newsletter', 'admin_import_subscribers']);

export interface LocalMailOptions {
  /** The catcher's SMTP address (mail-catcher.ts). */
  smtpUrl: string;
  /** The built site whose newsletters/<slug>/mail.json are sent. */
  distDir: string;
  /** The mailer's settings, but the rate; functionsUrl and origin as the stand-in serves them. */
  settings: Omit<MailerSettings, 'functionsUrl' | 'perSecond'>;
  /** MAIL_WEBHOOK_SECRET for /functions/v1/mail-webhook; default the local one (keys.ts). */
  webhookSecret?: string;
  /** How often the queue is looked at without a cause (ms); default 5000. */
  pollMs?: number;
  /** How long a claimed mail is this sender's (default the mailer's, 120 s). */
  leaseSeconds?: number;
}

export interface MailLoop {
  mailer: Mailer;
  /** Each mail as the build wrote it. */
  content: MailContentSource;
  /** Drains soon (now, or right after the drain under way). */
  kick(): void;
  /** Drains now and resolves when nothing more is due. */
  drain(): Promise<DrainReport>;
  close(): Promise<void>;
}

/** One statement as service_role, as the hosted functions run the list.* functions. */
export function standInServiceSql(db: Database): ServiceSql {
  return <T>(text: string, params: unknown[]) =>
    db.transaction(async (tx) => {
      await tx.exec('set local role service_role');
      return (await tx.query<T>(text, params)).rows;
    });
}

/** Each mail from the build's dist/newsletters/<slug>/mail.json. */
export function builtMailContent(distDir: string): MailContentSource {
  return async (slug) => {
    const file = join(distDir, 'newsletters', slug, 'mail.json');
    const shown = relative(process.cwd(), file) || file;
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      throw new MailContentMissing(`${shown} is missing: the build writes it from ${slug === 'confirmation' || slug === 'welcome' ? `content/mail/${slug}.yaml` : `newsletters/${slug}.yaml`} (npm run build; npm start builds when the sources changed)`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new MailContentMissing(`${shown} is not JSON: rebuild the site (npm run build)`);
    }
    return readMailContent(parsed, shown);
  };
}

export function startMailLoop(db: Database, functionsUrl: string, opts: LocalMailOptions): MailLoop {
  const transport = threadedSmtpTransport(opts.smtpUrl);
  const content = builtMailContent(opts.distDir);
  const sender = mailer({ db: listDb(standInServiceSql(db)), transport, content, settings: { ...opts.settings, functionsUrl, perSecond: undefined }, leaseSeconds: opts.leaseSeconds });
  const said = new Set<string>();
  let running: Promise<DrainReport> | undefined;
  let again = false;
  let closed = false;

  const run = (): Promise<DrainReport> => {
    const current = sender.drain().then(
      (report) => {
        for (const problem of report.problems) {
          if (said.has(problem)) continue;
          said.add(problem);
          console.error(`mail: ${problem}`);
        }
        return report;
      },
      (e: unknown) => {
        const message = `mail: the local sender failed: ${e instanceof Error ? e.message : String(e)}`;
        if (!said.has(message)) console.error((said.add(message), message));
        return { confirmations: 0, sent: 0, failed: 0, retrying: 0, more: false, problems: [message] };
      },
    );
    running = current.finally(() => {
      running = undefined;
      if (again && !closed) {
        again = false;
        void run();
      }
    });
    return current;
  };

  const timer = setInterval(() => loop.kick(), opts.pollMs ?? 5000);
  timer.unref();

  const loop: MailLoop = {
    mailer: sender,
    content,
    kick() {
      if (closed) return;
      if (running) again = true;
      else void run();
    },
    async drain() {
      while (running) await running;
      return run();
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
  return loop;
}
