// The owner's list in `npm run bench` (issue 51's goals): the stand-in and the mail catcher as npm start
// runs them (PGlite on a data folder, the catcher keeping mail in it, the built site's mails), measured
// the way a person would see them.
//  - Capture to confirmation: an address given through the anon RPC the page's form calls, until the
//    confirmation mail is readable through Mailpit's API (listed by GET /api/v1/messages, then read
//    whole by GET /api/v1/message/{ID}); CAPTURE_RUNS runs, the median against 2 s.
//  - Queue drain: DRAIN_SUBSCRIBERS confirmed subscribers and one newsletter queued (the two inserts
//    admin_queue_newsletter makes, without an admin's session), timed from the sender's start until the
//    catcher's API lists every mail; each delivery sent, each mail caught once. Against 200 mails/s.
//    The local sender is not paced by mail.perSecond (a provider's limit; the catcher has none).
// Timings on a shared machine: the 1-minute load average is printed beside them, and the process's CPU
// time per mail (sender, database and catcher all run in it), which the load does not inflate much.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAIL_HTML_LIMIT } from '../../model/newsletter.ts';
import { startMailCatcher, type MailCatcher } from '../../supabase/local/mail-catcher.ts';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { localMailSettings } from '../host/mail-config.ts';
import type { RoundTrip } from './round-trip.ts';
import { ROUND_TRIP_BUDGET } from './round-trip.ts';

export const LIST_BUDGETS = { captureMs: 2000, drainPerSecond: 200 } as const;
export const CAPTURE_RUNS = 7;
export const DRAIN_SUBSCRIBERS = 10_000;
/** The list's own mails, sent one subscriber at a time: not a newsletter for the drain. */
const LIST_MAILS = new Set(['confirmation', 'welcome']);

export interface ListFigures {
  /** Each run's milliseconds from the capture's request to the confirmation read through the API. */
  captureMs: number[];
  drain: {
    newsletter: string;
    mails: number;
    seconds: number;
    perSecond: number;
    /** CPU time of this process (the sender, PGlite, the catcher and its parser thread) per mail. */
    cpuMsPerMail: number;
    /** Deliveries the database holds as sent, messages the catcher keeps, repeats it refused. */
    sent: number;
    caught: number;
    duplicates: number;
  };
  /** The 1-minute load average when the capture runs started, when the drain started and when it ended. */
  load: [number, number, number];
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** The newsletter the drain sends: the largest published one (its HTML as sent), else the welcome mail. */
export function drainNewsletter(mailBytes: Record<string, number>): string {
  const letters = Object.entries(mailBytes).filter(([slug]) => !LIST_MAILS.has(slug)).sort(([, a], [, b]) => b - a);
  return letters[0]?.[0] ?? 'welcome';
}

interface Summaries {
  total: number;
  messages: { ID: string; To: { Address: string }[] }[];
}

async function api<T>(catcher: MailCatcher, path: string): Promise<T> {
  const r = await fetch(`${catcher.url}${path}`);
  if (!r.ok) throw new Error(`the catcher answered ${r.status} to GET ${path}`);
  return (await r.json()) as T;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One capture through the anon RPC, until its confirmation is read whole through the catcher's API. */
async function captureToConfirmation(standIn: StandIn, catcher: MailCatcher, email: string): Promise<number> {
  const started = performance.now();
  const r = await fetch(`${standIn.url}/rest/v1/rpc/capture_starter_kit_email`, {
    method: 'POST',
    headers: { apikey: standIn.anonKey, authorization: `Bearer ${standIn.anonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ p_email: email, p_altcha: null, p_route: '/', p_form: 'email-capture', p_wording: null }),
  });
  if (r.status !== 200) throw new Error(`the capture of ${email} answered ${r.status}: ${await r.text()}`);
  for (;;) {
    const found = (await api<Summaries>(catcher, '/api/v1/messages?limit=20')).messages.find((m) => m.To.some((t) => t.Address === email));
    if (found) {
      const message = await api<{ Text: string }>(catcher, `/api/v1/message/${found.ID}`);
      if (!message.Text.includes('/newsletter/confirm?t=')) throw new Error(`the mail to ${email} holds no confirm link`);
      return performance.now() - started;
    }
    if (performance.now() - started > 60_000) throw new Error(`no confirmation for ${email} in the catcher after 60 s`);
    await sleep(10);
  }
}

/** `distDir`: a built site (its newsletters/<slug>/mail.json); `newsletter`: the slug the drain sends. */
export async function listFigures(root: string, distDir: string, newsletter: string, opts: { runs?: number; subscribers?: number } = {}): Promise<ListFigures> {
  const runs = opts.runs ?? CAPTURE_RUNS;
  const subscribers = opts.subscribers ?? DRAIN_SUBSCRIBERS;
  const data = mkdtempSync(join(tmpdir(), 'bench-list-'));
  const catcher = await startMailCatcher({ httpPort: 0, smtpPort: 0, dir: join(data, 'mail') });
  let standIn: StandIn | undefined;
  try {
    const { siteUrl, siteName, from, replyTo } = localMailSettings(root);
    standIn = await startStandIn({
      port: 0, host: '127.0.0.1', dataDir: data, quiet: true,
      mail: { smtpUrl: catcher.smtpUrl, distDir, settings: { from, replyTo, siteUrl, siteName, origin: 'http://localhost:4173' } },
    });
    const loadAtCapture = loadavg()[0]!;
    // One untimed capture first: the first request of each kind compiles its code paths.
    await captureToConfirmation(standIn, catcher, 'bench-warm@example.net');
    const captureMs: number[] = [];
    for (let i = 0; i < runs; i++) captureMs.push(await captureToConfirmation(standIn, catcher, `bench-capture-${i}@example.net`));

    await standIn.query(
      `insert into public.email_captures (email, source, status, consented_at, confirmed_at) select 'bench-reader-' || g || '@example.net', 'import', 'confirmed', now(), now() from generate_series(1, $1::int) g`,
      [subscribers],
    );
    const before = (await api<Summaries>(catcher, '/api/v1/messages?limit=1')).total;
    await standIn.query(`insert into list.sends (newsletter) values ($1)`, [newsletter]);
    const queued = await standIn.query(`insert into list.deliveries (newsletter, subscriber_id) select $1, id from public.email_captures where status = 'confirmed' order by id returning 1`, [newsletter]);
    if (queued.rows.length !== subscribers) throw new Error(`${queued.rows.length} deliveries queued for ${subscribers} subscribers`);
    // Queued: from here, what newsletter-send does after queueing, the stand-in's sender draining.
    const loadAtDrain = loadavg()[0]!;
    const cpu = process.cpuUsage();
    const started = performance.now();
    standIn.mail!.kick();
    let caught = before;
    while (caught - before < subscribers) {
      if (performance.now() - started > 900_000) throw new Error(`the drain had ${caught - before} of ${subscribers} mails in the catcher after 15 minutes`);
      await sleep(100);
      caught = (await api<Summaries>(catcher, '/api/v1/messages?limit=1')).total;
    }
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const loadAfter = loadavg()[0]!;
    await standIn.mail!.drain();
    const sent = Number((await standIn.query<{ n: string }>(`select count(*) as n from list.deliveries where newsletter = $1 and status = 'sent'`, [newsletter])).rows[0]!.n);
    return {
      captureMs,
      drain: {
        newsletter, mails: subscribers, seconds, perSecond: subscribers / seconds, cpuMsPerMail: (used.user + used.system) / 1000 / subscribers,
        sent, caught: catcher.store.list().length - before, duplicates: catcher.store.duplicates,
      },
      load: [loadAtCapture, loadAtDrain, loadAfter],
    };
  } finally {
    await standIn?.close();
    await catcher.close();
    rmSync(data, { recursive: true, force: true });
  }
}

export interface ListGoals {
  figures: ListFigures;
  /** Each mail's HTML as sent (the build's mailBytes). */
  mailBytes: Record<string, number>;
  /** The landing page's round trip (route /). */
  landing?: RoundTrip;
}

/** The four goals in one table: each figure beside its budget, and what was measured. */
export function describeListGoals({ figures: f, mailBytes, landing }: ListGoals): string {
  const largest = Object.entries(mailBytes).sort(([, a], [, b]) => b - a)[0];
  const mark = (ok: boolean) => (ok ? 'ok' : 'OVER');
  const rows: [string, string, string, boolean][] = [
    ['capture to confirmation in the catcher', `${Math.round(median(f.captureMs))} ms median of ${f.captureMs.length}`, `≤ ${LIST_BUDGETS.captureMs} ms`, median(f.captureMs) <= LIST_BUDGETS.captureMs],
    ['queue drain to the local catcher', `${Math.round(f.drain.perSecond)} mails/s over ${f.drain.mails.toLocaleString('en')}`, `≥ ${LIST_BUDGETS.drainPerSecond} mails/s`, f.drain.perSecond >= LIST_BUDGETS.drainPerSecond],
    ['largest mail HTML as sent', largest ? `${(largest[1] / 1000).toFixed(1)} KB (${largest[0]})` : 'no mail', `≤ ${MAIL_HTML_LIMIT / 1000} KB`, !largest || largest[1] <= MAIL_HTML_LIMIT],
    ['landing page (/) whole HTML as sent', landing ? `${landing.whole} B` : 'not built', `≤ ${ROUND_TRIP_BUDGET} B (1st round trip)`, !!landing && landing.whole <= ROUND_TRIP_BUDGET],
  ];
  const lines = [
    `the owner's list (issue 51), on ${cpus().length} shared cores, 1-minute load ${f.load[0].toFixed(1)} at the captures, ${f.load[1].toFixed(1)} at the drain's start, ${f.load[2].toFixed(1)} at its end:`,
    `  ${'goal'.padEnd(40)} ${'figure'.padEnd(46)} ${'budget'.padEnd(28)}`,
    ...rows.map(([goal, figure, budget, ok]) => `  ${goal.padEnd(40)} ${figure.padEnd(46)} ${budget.padEnd(28)} ${mark(ok)}`),
    `  captures: ${f.captureMs.map((ms) => Math.round(ms)).join(', ')} ms (the anon RPC, the sender, SMTP, the catcher's API)`,
    `  drain: ${f.drain.mails.toLocaleString('en')} mails of ${f.drain.newsletter} in ${f.drain.seconds.toFixed(1)} s, ${f.drain.cpuMsPerMail.toFixed(2)} ms of CPU a mail (sender, PGlite, catcher in one process); ${f.drain.sent} deliveries sent, ${f.drain.caught} caught, ${f.drain.duplicates} repeats refused`,
  ];
  return lines.join('\n');
}

/** Each goal missed, named with its figure; empty when all hold. */
export function listOverBudget({ figures: f, landing }: Omit<ListGoals, 'mailBytes'>): string[] {
  const over: string[] = [];
  const m = median(f.captureMs);
  if (m > LIST_BUDGETS.captureMs) over.push(`capture to confirmation ${Math.round(m)} ms (median of ${f.captureMs.length}), budget ${LIST_BUDGETS.captureMs} ms`);
  if (f.drain.perSecond < LIST_BUDGETS.drainPerSecond) over.push(`queue drain ${Math.round(f.drain.perSecond)} mails/s over ${f.drain.mails}, budget ${LIST_BUDGETS.drainPerSecond} (load ${f.load[1].toFixed(1)} to ${f.load[2].toFixed(1)})`);
  if (f.drain.sent !== f.drain.mails || f.drain.caught !== f.drain.mails) over.push(`queue drain: ${f.drain.sent} sent and ${f.drain.caught} caught of ${f.drain.mails}`);
  if (!landing) over.push('the landing page (/) was not among the built routes');
  // Mail sizes over Gmail's limit stop the build itself; the round trip's own check names the landing page.
  return over;
}
