// The owner's list as the admin area reads and changes it: the list functions of the contract
// (model/list/README.md), called by name through supabase-js. The database decides who may: an admin at
// aal2; anyone else gets an error (42501), shown where they look.
import type { ImportResult, ImportRow, ListSummary, NewsletterStats } from '../../model/list/status.ts';
import { SITE_WORDINGS } from '../../model/list/consent.ts';
import { getSupabase } from './client.ts';
import { AdminDataError } from './admin.ts';

async function rpc<T>(fn: string, args: Record<string, unknown>, what: string): Promise<T> {
  const { data, error } = await (await getSupabase()).rpc(fn, args);
  if (error) throw new AdminDataError(error.message || `Could not ${what}.`, error.code);
  return data as T;
}

/** public.admin_list_summary: counts by status, confirmation per source page, and each UTC day of [from, to]. */
export async function loadListSummary(from: string, to: string): Promise<ListSummary> {
  const raw = await rpc<Partial<ListSummary> | null>('admin_list_summary', { p_from: from, p_to: to }, 'load the list');
  return {
    counts: { pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0, complained: 0, ...(raw?.counts ?? {}) },
    sources: raw?.sources ?? [],
    days: raw?.days ?? [],
    wordings: raw?.wordings ?? [],
  };
}

/** public.admin_import_subscribers: rows as an export writes them; a row without a consent date is never confirmed. */
export function importSubscribers(rows: readonly ImportRow[]): Promise<ImportResult> {
  return rpc<ImportResult>('admin_import_subscribers', { p_rows: rows }, 'import the addresses');
}

/** public.admin_erase_subscriber: every trace of one address; false when it was not on the list. */
export function eraseSubscriber(email: string): Promise<boolean> {
  return rpc<boolean>('admin_erase_subscriber', { p_email: email }, 'erase the address');
}

/** public.publish_consent_wordings: the privacy wordings this build's forms show, so each consent record's
 * version has its text in the database (a hosted project learns them at the owner's next visit). */
export function publishConsentWordings(): Promise<string[]> {
  return rpc<string[]>('publish_consent_wordings', { p_wordings: SITE_WORDINGS }, 'publish the privacy wordings');
}

/** public.admin_newsletter_stats: per newsletter sent, its deliveries by status. */
export async function loadNewsletterStats(): Promise<NewsletterStats[]> {
  return (await rpc<NewsletterStats[] | null>('admin_newsletter_stats', {}, 'load the newsletters\u2019 figures')) ?? [];
}

/** How many a send of the newsletter would queue now: confirmed subscribers it has not gone to (a dry run). */
export function recipientsOf(newsletter: string): Promise<number> {
  return rpc<number>('admin_queue_newsletter', { p_newsletter: newsletter, p_dry_run: true }, 'count the recipients');
}

/** What newsletter-send answered. */
export interface SendAnswer {
  /** Deliveries queued by this call (a second send of one newsletter queues none). */
  queued?: number;
  /** A test: the address it went to. */
  to?: string;
  [key: string]: unknown;
}

/**
 * The Edge Function newsletter-send with the session's token: `{newsletter}` queues it for every confirmed
 * subscriber not yet sent it and starts the queue; `test` sends it to the signed-in admin alone.
 */
export async function sendNewsletter(newsletter: string, test = false): Promise<SendAnswer> {
  const { data, error } = await (await getSupabase()).functions.invoke('newsletter-send', { body: test ? { newsletter, test: true } : { newsletter } });
  if (error) throw new AdminDataError(await functionErrorMessage(error), 'newsletter-send');
  return (data ?? {}) as SendAnswer;
}

/** A function's refusal in its own words (its JSON `error` or `message`), else supabase-js's. */
async function functionErrorMessage(error: { message: string; context?: unknown }): Promise<string> {
  const response = error.context instanceof Response ? error.context : undefined;
  if (!response) return error.message;
  try {
    const body = (await response.clone().json()) as { error?: string; message?: string };
    return `${body.error ?? body.message ?? error.message} (${response.status})`;
  } catch {
    return `${error.message} (${response.status})`;
  }
}
