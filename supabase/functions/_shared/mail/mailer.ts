// The mailer: drains the confirmations due and the queued deliveries (list.claim_confirmations,
// list.claim_deliveries), each mail filled from its built content (content.ts) and sent through the
// configured transport, at most `perSecond` mails in each second when a provider's limit applies. One
// module for both runtimes: the stand-in's in-process loop (supabase/local/mail-loop.ts), which sends
// to the local catcher unpaced, and the Edge Function newsletter-send.
//
// Exactly once: a mail is claimed under a lease, a batch at a time (one statement), and finished (sent
// or failed, one statement for the batch) after the provider answered. A sender killed in between
// leaves it claimed; once the lease runs out the next sender claims it again and sends it under the
// same idempotency key and Message-ID (delivery-<id>; confirm-<subscriber>-<when asked>), which the
// provider (and the local catcher) answers without a second mail. A passing failure (429, 5xx, no
// network) is not finished either, and is tried again the same way: a confirmation too, so one whose
// send failed is not lost.
import { fillMail, MailContentMissing, type MailContent, type MailContentSource } from './content.ts';
import { bareAddress, confirmationKey, deliveryMessageId, listDomain, listHeaders, listId, oneClickUrl } from './headers.ts';
import type { ClaimedConfirmation, ClaimedDelivery, FinishedConfirmation, FinishedDelivery, ListDb } from './list-db.ts';
import type { SendResult, Transport } from './message.ts';
import { newToken, newTokens, type Token } from './tokens.ts';

export interface MailerSettings {
  /** site.config.yaml mail.from. */
  from: string;
  replyTo?: string;
  /**
   * site.config.yaml mail.perSecond: at most this many mails in any second, within the provider's
   * limit. Without it, mails leave as fast as the transport takes them, BATCH at a time: the local
   * catcher, which no provider's limit applies to.
   */
  perSecond?: number;
  /** Where a mail's links point: site.url hosted, http://localhost:<PORT> locally. */
  origin: string;
  /** site.config.yaml site.url and site.name: the List-Id and the Message-IDs' domain. */
  siteUrl: string;
  siteName: string;
  /** <Supabase URL>/functions/v1: where newsletter-unsubscribe answers one-click POSTs. */
  functionsUrl: string;
}

export interface MailerParts {
  db: ListDb;
  transport: Transport;
  content: MailContentSource;
  settings: MailerSettings;
  /** How long a claimed mail is this sender's (default LEASE_SECONDS); a crash test shortens it. */
  leaseSeconds?: number;
}

export interface DrainReport {
  confirmations: number;
  sent: number;
  failed: number;
  /** Claimed but not finished: a passing failure, tried again once the lease runs out. */
  retrying: number;
  /** True when the time given ran out with mail still queued. */
  more: boolean;
  /** What kept mail from leaving (a missing mail.json, a provider's refusal), once each. */
  problems: string[];
}

/** How long a claimed mail is this sender's: past it, another sender may claim it again. */
export const LEASE_SECONDS = 120;

/**
 * How many mails are claimed at a time when no rate paces them: one claim and one finish statement for
 * a few hundred mails, all handed to the transport at once (its pool sends several at a time).
 */
export const BATCH = 500;

/** The confirmation and the welcome mails' slugs: content/mail/confirmation.yaml, content/mail/welcome.yaml. */
export const CONFIRMATION = 'confirmation';
export const WELCOME = 'welcome';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, Math.max(0, ms)));

export interface Mailer {
  /** Sends what is due until nothing is, or until `until` (ms since the epoch) has passed. */
  drain(opts?: { until?: number }): Promise<DrainReport>;
  /** One copy of a newsletter to `to`, outside the queue: the admin's test send. Its unsubscribe addresses carry no token. */
  sendTest(to: string, slug: string): Promise<SendResult>;
}

/** What every send of one mailer shares: its settings, the List-Id, the reply address and the paced transport. */
interface Sending {
  settings: MailerSettings;
  /** settings.origin without a trailing slash. */
  origin: string;
  listId: string;
  replyAddress: string;
  leaseSeconds: number;
  base: { from: string; replyTo?: string };
  send: Transport;
}

/** A newsletter's content by slug, once per drain; a missing one is said once in the report and its mails wait. */
type ContentOf = (slug: string) => Promise<MailContent | undefined>;

const unsubscribePage = (origin: string, token?: string) => `${origin}/newsletter/unsubscribe${token ? `?t=${encodeURIComponent(token)}` : ''}`;

export function mailer({ db, transport, content, settings, leaseSeconds = LEASE_SECONDS }: MailerParts): Mailer {
  const paced = settings.perSecond !== undefined;
  // A round's mails: a second's worth when paced, else a batch.
  const perRound = paced ? Math.max(1, Math.floor(settings.perSecond!)) : BATCH;
  // When this window's last mail was handed to the transport: the next window's first waits a second
  // after it, so no second of the clock, wherever it starts, sees more than perSecond mails.
  let lastStart = 0;
  const sending: Sending = {
    settings,
    origin: settings.origin.replace(/\/+$/, ''),
    listId: listId(settings.siteName, settings.siteUrl),
    replyAddress: bareAddress(settings.replyTo ?? settings.from),
    leaseSeconds,
    base: { from: settings.from, ...(settings.replyTo ? { replyTo: settings.replyTo } : {}) },
    send: (mail) => ((lastStart = Date.now()), transport(mail)),
  };

  return {
    async drain({ until = Infinity } = {}) {
      const report: DrainReport = { confirmations: 0, sent: 0, failed: 0, retrying: 0, more: false, problems: [] };
      const contentOf = contentsOnce(content, report);
      for (;;) {
        if (paced) await sleep(lastStart + 1000 - Date.now());
        // Confirmations first: someone is waiting for theirs.
        const confirmations = await confirmationRound(db, sending, contentOf, perRound, report);
        const deliveries = confirmations < perRound ? await deliveryRound(db, sending, contentOf, perRound - confirmations, report) : 0;
        // Fewer than a round's worth were due: nothing more is, for now.
        if (confirmations + deliveries < perRound) return report;
        if (Date.now() + 1000 > until) return { ...report, more: true };
      }
    },

    async sendTest(to, slug) {
      const mail = fillMail(await content(slug), { origin: sending.origin, unsubscribe_url: unsubscribePage(sending.origin) });
      const test = (await newToken()).hash.slice(0, 32);
      return sending.send({
        ...sending.base, to, subject: mail.subject, html: mail.html, text: mail.text,
        messageId: `test-${test}@${listDomain(settings.siteUrl)}`, key: `test-${test}`,
        headers: listHeaders({ oneClick: `${settings.functionsUrl.replace(/\/+$/, '')}/newsletter-unsubscribe`, mailto: sending.replyAddress, listId: sending.listId }),
        kind: 'transactional',
      });
    },
  };
}

/** Each newsletter's content once per drain; a missing one is said once and its mails wait. */
function contentsOnce(content: MailContentSource, report: DrainReport): ContentOf {
  const contents = new Map<string, Promise<MailContent | undefined>>();
  return (slug) => {
    let found = contents.get(slug);
    if (!found) {
      found = content(slug).catch((e: unknown) => {
        if (!(e instanceof MailContentMissing)) throw e;
        note(report, e.message);
        return undefined;
      });
      contents.set(slug, found);
    }
    return found;
  };
}

/**
 * Claims up to `budget` confirmations due, sends them and finishes them in one statement; returns how
 * many were claimed. None is claimed while the confirmation mail is not built: there is nothing to send.
 */
async function confirmationRound(db: ListDb, sending: Sending, contentOf: ContentOf, budget: number, report: DrainReport): Promise<number> {
  const confirmation = await contentOf(CONFIRMATION);
  if (!confirmation) return 0;
  const tokens = await newTokens(budget);
  const byHash = new Map(tokens.map((t) => [t.hash, t]));
  const rows = await db.claimConfirmations(tokens.map((t) => t.hash), sending.leaseSeconds);
  const finished: FinishedConfirmation[] = [];
  await Promise.all(rows.map((r) => sendConfirmation(sending, r, byHash.get(r.hash)!, confirmation, report, finished)));
  await db.finishConfirmations(finished);
  return rows.length;
}

/** Claims up to `budget` deliveries due, sends them and finishes them in one statement; returns how many were claimed. */
async function deliveryRound(db: ListDb, sending: Sending, contentOf: ContentOf, budget: number, report: DrainReport): Promise<number> {
  const tokens = await newTokens(budget);
  const byHash = new Map(tokens.map((t) => [t.hash, t]));
  const rows = await db.claimDeliveries(tokens.map((t) => t.hash), sending.leaseSeconds);
  const finished: FinishedDelivery[] = [];
  await Promise.all(
    rows.map(async (r) => {
      const mail = await contentOf(r.newsletter);
      // Left claimed: once the mail is built, the delivery is claimed again when its lease runs out.
      if (!mail) return void report.retrying++;
      await sendDelivery(sending, r, byHash.get(r.hash)!, mail, report, finished);
    }),
  );
  // The round's mails finished together, in one statement. A sender killed before it leaves
  // them `sending`: claimed again after the lease, under the same key and Message-ID.
  await db.finishDeliveries(finished);
  return rows.length;
}

async function sendConfirmation(sending: Sending, row: ClaimedConfirmation, token: Token, mail: MailContent, report: DrainReport, finished: FinishedConfirmation[]): Promise<void> {
  const { origin, settings, leaseSeconds } = sending;
  const filled = fillMail(mail, { origin, confirm_url: `${origin}/newsletter/confirm?t=${encodeURIComponent(token.token)}` });
  // One request's every send under one name: a repeat after a crash is answered without a second
  // mail, and the first mail's link still works (its token was kept at its claim).
  const key = confirmationKey(row.subscriberId, row.dueAt);
  const result = await sending.send({
    ...sending.base, to: row.email, subject: filled.subject, html: filled.html, text: filled.text,
    messageId: `${key}@${listDomain(settings.siteUrl)}`, key, headers: {}, kind: 'transactional',
  });
  if (result.ok) {
    finished.push({ subscriberId: row.subscriberId, sent: true });
    report.confirmations++;
  } else if (result.retry) {
    report.retrying++;
    note(report, `a confirmation mail was not sent: ${result.error} (tried again in ${leaseSeconds} s)`);
  } else {
    // Refused for good (an address the provider will never take): asked again only when typed again.
    finished.push({ subscriberId: row.subscriberId, sent: false });
    report.failed++;
    note(report, `a confirmation mail was refused: ${result.error}`);
  }
}

async function sendDelivery(sending: Sending, row: ClaimedDelivery, token: Token, mail: MailContent, report: DrainReport, finished: FinishedDelivery[]): Promise<void> {
  const { origin, settings, leaseSeconds } = sending;
  const filled = fillMail(mail, { origin, unsubscribe_url: unsubscribePage(origin, token.token) });
  const result = await sending.send({
    ...sending.base, to: row.email, subject: filled.subject, html: filled.html, text: filled.text,
    messageId: deliveryMessageId(row.deliveryId, settings.siteUrl), key: `delivery-${row.deliveryId}`,
    headers: listHeaders({ oneClick: oneClickUrl(settings.functionsUrl, token.token), mailto: sending.replyAddress, listId: sending.listId }),
    kind: row.newsletter === WELCOME ? 'transactional' : 'broadcast',
  });
  if (result.ok) {
    finished.push({ id: row.deliveryId, status: 'sent', providerId: result.providerId });
    report.sent++;
  } else if (result.retry) {
    report.retrying++;
    note(report, `${row.newsletter}: ${result.error} (tried again in ${leaseSeconds} s)`);
  } else {
    finished.push({ id: row.deliveryId, status: 'failed', error: result.error });
    report.failed++;
    note(report, `${row.newsletter}: ${result.error}`);
  }
}

function note(report: DrainReport, problem: string): void {
  if (!report.problems.includes(problem)) report.problems.push(problem);
}
