// The owner's admin area (/admin): the reads and the one write it makes, all through supabase-js.
// Only a hint of who may do what lives here; the database's policies decide (admins, signed in
// with their second factor (aal2), read contact_messages, email_captures and rate_limit_windows
// and set contact_messages.handled_at; nobody else).
import type { Subscriber, SubscriberStatus } from '../../model/list/status.ts';
import { getSupabase } from './client.ts';

const PREVIEWS_BUCKET = 'previews';
/** Supabase answers at most this many rows per request (PostgREST's max-rows). */
const MAX_ROWS = 1000;

export interface AdminMessage {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
  handled_at: string | null;
}

/** An address on the owner's list with its status and consent record (model/list/status.ts). */
export type { Subscriber };

export interface Paged<T> {
  rows: T[];
  /** Rows matching the filter, on every page. */
  total: number;
  page: number;
  pageSize: number;
}

export type HandledFilter = 'all' | 'handled' | 'unhandled';

/** A failed call, with the server's own message. */
export class AdminDataError extends Error {
  constructor(message: string, readonly code?: string) {
    super(message);
    this.name = 'AdminDataError';
  }
}

function fail(error: { message?: string; code?: string } | null | undefined, what: string): never {
  throw new AdminDataError(error?.message || `Could not load ${what}.`, error?.code);
}

const pageRange = (page: number, pageSize: number): [number, number] => {
  const from = (Math.max(1, page) - 1) * pageSize;
  return [from, from + pageSize - 1];
};

/** Newest first, ties broken by id, so consecutive pages neither overlap nor skip a row. */
function newestFirst<Q extends { order(column: string, options: { ascending: boolean }): Q }>(query: Q): Q {
  return query.order('created_at', { ascending: false }).order('id', { ascending: false });
}

/** What the inbox shows of a message. */
const MESSAGE_COLUMNS = 'id, first_name, last_name, email, subject, message, created_at, handled_at';

/** Messages newest first, one page of them, with how many match. */
export async function listMessages({ page = 1, pageSize = 20, handled = 'all' as HandledFilter } = {}): Promise<Paged<AdminMessage>> {
  let query = (await getSupabase())
    .from('contact_messages')
    .select(MESSAGE_COLUMNS, { count: 'exact' });
  if (handled === 'handled') query = query.not('handled_at', 'is', null);
  if (handled === 'unhandled') query = query.is('handled_at', null);
  const { data, error, count } = await newestFirst(query).range(...pageRange(page, pageSize));
  // A page past the end (PostgREST's 416) is an empty page, not a failure.
  if (error && error.code !== 'PGRST103') fail(error, 'the messages');
  return { rows: (data ?? []) as AdminMessage[], total: count ?? 0, page, pageSize };
}

export async function getMessage(id: number): Promise<AdminMessage | null> {
  const { data, error } = await (await getSupabase())
    .from('contact_messages')
    .select(MESSAGE_COLUMNS)
    .eq('id', id)
    .limit(1);
  if (error) fail(error, 'the message');
  return ((data ?? [])[0] as AdminMessage | undefined) ?? null;
}

/** Marks a message handled (now) or unhandled; resolves to the row as stored. */
export async function setMessageHandled(id: number, handled: boolean): Promise<AdminMessage> {
  const { data, error } = await (await getSupabase())
    .from('contact_messages')
    .update({ handled_at: handled ? new Date().toISOString() : null })
    .eq('id', id)
    .select(MESSAGE_COLUMNS);
  if (error) fail(error, 'the message');
  const row = (data ?? [])[0] as AdminMessage | undefined;
  // Row-level security hides the row from anyone but an admin: nothing was changed.
  if (!row) throw new AdminDataError('The message was not changed: it does not exist or this account may not change it.');
  return row;
}

/** What the subscriber list and its CSV show of an address: its status and its whole consent record. */
const SUBSCRIBER_COLUMNS =
  'id, email, source, status, created_at, status_changed_at, consented_at, consent_route, consent_form, consent_wording, confirm_due_at, confirm_sent_at, confirmed_at, unsubscribed_at';

/** `%` and `_` typed in the search box are matched as themselves. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Subscribers newest first, one page, optionally those whose address contains `search` and of one status. */
export async function listSubscribers({ page = 1, pageSize = 25, search = '', status = null as SubscriberStatus | null } = {}): Promise<Paged<Subscriber>> {
  let query = (await getSupabase()).from('email_captures').select(SUBSCRIBER_COLUMNS, { count: 'exact' });
  const term = search.trim();
  if (term) query = query.ilike('email', `%${likeLiteral(term)}%`);
  if (status) query = query.eq('status', status);
  const { data, error, count } = await newestFirst(query).range(...pageRange(page, pageSize));
  if (error && error.code !== 'PGRST103') fail(error, 'the subscribers');
  return { rows: (data ?? []) as Subscriber[], total: count ?? 0, page, pageSize };
}

/** Every subscriber, newest first, fetched in pages of the server's row limit. */
export async function allSubscribers(): Promise<Subscriber[]> {
  const supabase = await getSupabase();
  const out: Subscriber[] = [];
  for (let from = 0; ; from += MAX_ROWS) {
    const { data, error } = await newestFirst(supabase.from('email_captures').select(SUBSCRIBER_COLUMNS)).range(from, from + MAX_ROWS - 1);
    if (error) fail(error, 'the subscribers');
    out.push(...((data ?? []) as Subscriber[]));
    if (!data || data.length < MAX_ROWS) return out;
  }
}

export interface PreviewFile {
  name: string;
  size: number | null;
  updatedAt: string | null;
}

/** The files at the top of the previews bucket, as the database lets this user list them (admins: all). */
export async function listPreviewFiles(): Promise<PreviewFile[]> {
  const { data, error } = await (await getSupabase()).storage.from(PREVIEWS_BUCKET).list('', { limit: MAX_ROWS, sortBy: { column: 'name', order: 'asc' } });
  if (error) fail(error, 'the previews');
  return (data ?? [])
    .filter((f) => f.id !== null)
    .map((f) => ({ name: f.name, size: typeof f.metadata?.size === 'number' ? f.metadata.size : null, updatedAt: f.updated_at ?? null }));
}

export async function previewPublicUrl(path: string): Promise<string> {
  return (await getSupabase()).storage.from(PREVIEWS_BUCKET).getPublicUrl(path).data.publicUrl;
}

/** An hour in which one of the hourly limits on visitors' writes was reached (supabase/migrations: private.hourly_limits). */
export interface LimitReached {
  /** A form, or the analytics events (whose site-wide cap, once reached, samples them). */
  action: 'contact_messages' | 'email_captures' | 'events';
  /** The whole site, one client (an IPv4 address or IPv6 /64), or one IPv6 /56 or /48. */
  scope: 'site' | 'client' | 'client56' | 'client48';
  reachedAt: string;
}

/**
 * A site-wide cap that tripped this hour and was not reopened: the circuit breaker. The form asks every
 * visitor for a proof of work until the hour ends or the owner reopens it (public.reopen_site_limit).
 */
export interface SiteLimitClosed {
  action: FormAction;
  closedAt: string;
}

export interface Overview {
  messagesThisWeek: number;
  unhandledMessages: number;
  /** Every address on the list, whatever its status. */
  subscribers: number;
  /** The addresses a newsletter goes to. */
  confirmed: number;
  previews: { path: string; present: boolean }[];
  /** The hours of the last seven days in which a limit was reached, newest first. */
  limitsReached: LimitReached[];
  closedNow: SiteLimitClosed[];
}

/** The forms' limits, which the overview shows and the owner can reopen; the analytics beacon's cap
 * ('events') is a counting guard, not a form a visitor is turned away from. */
type FormAction = Exclude<LimitReached['action'], 'events'>;
const FORM_ACTIONS: FormAction[] = ['contact_messages', 'email_captures'];

/** The site-wide caps closed now. */
export async function closedSiteLimits(now = new Date()): Promise<SiteLimitClosed[]> {
  const { data, error } = await (await getSupabase())
    .from('rate_limit_windows')
    .select('action, window_start, limit_reached_at, lifted_at')
    .eq('scope', 'site')
    .in('action', FORM_ACTIONS)
    .not('limit_reached_at', 'is', null)
    .gte('window_start', new Date(now.getTime() - 60 * 60 * 1000).toISOString());
  if (error) fail(error, 'the limits');
  type Row = { action: FormAction; window_start: string; limit_reached_at: string; lifted_at: string | null };
  const closed = ((data ?? []) as Row[])
    // This hour's window (the database's clock hour), reached after any reopening.
    .filter((r) => Date.parse(r.window_start) + 60 * 60 * 1000 > now.getTime())
    .filter((r) => r.lifted_at === null || Date.parse(r.lifted_at) < Date.parse(r.limit_reached_at))
    .map((r) => ({ action: r.action, closedAt: r.limit_reached_at }));
  // A window's count is kept in slots (20251220000000_sharded_site_count.sql); two slots may note the
  // same trip: one entry per form, the earliest.
  return earliestPer(closed, (c) => c.action, (c) => c.closedAt);
}

/** The earliest item (by the timestamp `at`) of each `key`, in first-seen order of the keys. */
function earliestPer<T>(items: T[], key: (item: T) => string, at: (item: T) => string): T[] {
  const kept = new Map<string, T>();
  for (const item of items) {
    const seen = kept.get(key(item));
    if (!seen || Date.parse(at(item)) < Date.parse(at(seen))) kept.set(key(item), item);
  }
  return [...kept.values()];
}

/** Reopens a tripped site-wide cap for the rest of the hour; the database lets only an admin at aal2 do it. */
export async function reopenSiteLimit(action: FormAction): Promise<void> {
  const { error } = await (await getSupabase()).rpc('reopen_site_limit', { p_action: action });
  if (error) throw new AdminDataError(error.message || 'The form was not reopened.', error.code);
}

/** When the hourly limits were reached since `since`, newest first: every limit of the forms, and the
 * hours in which the analytics events' site-wide cap was reached (a visitor's own events cap is not news). */
export async function limitsReachedSince(since: string): Promise<LimitReached[]> {
  const supabase = await getSupabase();
  const reached = () => supabase.from('rate_limit_windows').select('action, scope, client_hash, window_start, limit_reached_at')
    .not('limit_reached_at', 'is', null).gte('window_start', since).order('limit_reached_at', { ascending: false }).limit(100);
  const [forms, events] = await Promise.all([reached().in('action', FORM_ACTIONS), reached().eq('action', 'events').eq('scope', 'site')]);
  if (forms.error || events.error) fail((forms.error ?? events.error)!, 'the limits');
  type Row = { action: LimitReached['action']; scope: LimitReached['scope']; client_hash: string; window_start: string; limit_reached_at: string };
  // One entry per window: a site-wide window's slots may each note the same trip (see closedSiteLimits).
  return earliestPer([...(forms.data ?? []), ...(events.data ?? [])] as Row[], (r) => `${r.action} ${r.scope} ${r.client_hash} ${r.window_start}`, (r) => r.limit_reached_at)
    .sort((a, b) => Date.parse(b.limit_reached_at) - Date.parse(a.limit_reached_at))
    .map((r) => ({ action: r.action, scope: r.scope, reachedAt: r.limit_reached_at }));
}

async function countRows(table: 'contact_messages' | 'email_captures', where: { since?: string; unhandled?: boolean; status?: SubscriberStatus } = {}): Promise<number> {
  let query = (await getSupabase()).from(table).select('id', { count: 'exact', head: true });
  if (where.since) query = query.gte('created_at', where.since);
  if (where.unhandled) query = query.is('handled_at', null);
  if (where.status) query = query.eq('status', where.status);
  const { count, error } = await query;
  if (error) fail(error, table === 'email_captures' ? 'the subscribers' : 'the messages');
  return count ?? 0;
}

/** The counts /admin shows; `previewPaths` are the catalogue's preview files. A week is the last seven days. */
export async function loadOverview(previewPaths: readonly string[], now = new Date()): Promise<Overview> {
  const weekAgo = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000).toISOString();
  const [messagesThisWeek, unhandledMessages, subscribers, confirmed, files, limitsReached, closedNow] = await Promise.all([
    countRows('contact_messages', { since: weekAgo }),
    countRows('contact_messages', { unhandled: true }),
    countRows('email_captures'),
    countRows('email_captures', { status: 'confirmed' }),
    listPreviewFiles(),
    limitsReachedSince(weekAgo),
    closedSiteLimits(now),
  ]);
  const present = new Set(files.map((f) => f.name));
  return {
    messagesThisWeek,
    unhandledMessages,
    subscribers,
    confirmed,
    previews: previewPaths.map((path) => ({ path, present: present.has(path) })),
    limitsReached,
    closedNow,
  };
}
