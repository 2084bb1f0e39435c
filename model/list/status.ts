// The owner's list as the database keeps it (supabase/migrations/20260201000000_owners_list.sql): the
// words the site, the mailer and the admin share, and the shapes of what the database's functions
// answer. The contract in words is ./README.md; a wording's version is computed in ./consent.ts.

/** A subscriber's status: pending until its owner confirms; bounced and complained are suppressed. */
export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed', 'bounced', 'complained'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** Where an address came from: a form of the site, or the admin's import. */
export type SubscriberSource = 'starter_kit' | 'import';

/** A delivery's status: queued, sending (claimed, under a lease), then one of the others. */
export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'failed', 'skipped', 'bounced', 'complained'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const TOKEN_PURPOSES = ['confirm', 'unsubscribe'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/** A token as mails carry it: 32 random bytes, base64url without padding. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A privacy wording's version: the first 16 hex digits of the sha256 of its text. */
export const WORDING_VERSION_PATTERN = /^[0-9a-f]{16}$/;

/** How long things live, as the database applies them. */
export const CONFIRM_TOKEN_DAYS = 7;
export const CONFIRMATION_INTERVAL_HOURS = 24;
export const PENDING_DAYS = 30;

/** The newsletter slug of the mail a confirmation queues; `confirmation` is never a delivery. */
export const WELCOME_NEWSLETTER = 'welcome';
/** Slugs the admin may not send: the list sends these itself, one subscriber at a time. */
export const RESERVED_NEWSLETTERS = ['welcome', 'confirmation'] as const;

/** A row of public.email_captures as an admin at aal2 reads it. */
export interface Subscriber {
  id: number;
  email: string;
  source: SubscriberSource;
  status: SubscriberStatus;
  created_at: string;
  status_changed_at: string;
  consented_at: string | null;
  consent_route: string | null;
  consent_form: string | null;
  consent_wording: string | null;
  confirm_due_at: string | null;
  confirm_sent_at: string | null;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
}

/** The `code` of the visitor functions' refusals (404 token_unknown, 410 the others). */
export type TokenRefusal = 'token_unknown' | 'token_used' | 'token_expired' | 'address_suppressed';

/** An element of public.admin_newsletter_stats(). */
export interface NewsletterStats {
  newsletter: string;
  subject: string | null;
  first_queued_at: string;
  last_queued_at: string;
  /** Every delivery of it: the progress bar's whole. */
  total: number;
  /** Waiting or being sent. */
  queued: number;
  /** Taken by the provider, those that bounced or drew a complaint since included. */
  sent: number;
  failed: number;
  bounced: number;
  complained: number;
  /** No longer confirmed when its turn came. */
  skipped: number;
  /** Left through this newsletter's link. */
  unsubscribed_after: number;
}

/** public.admin_list_summary(p_from, p_to). */
export interface ListSummary {
  counts: Record<SubscriberStatus, number>;
  /** Per page a form took addresses on, in the range: how many, and how many were confirmed. */
  sources: { route: string | null; captured: number; confirmed: number; rate: number }[];
  /** Every UTC day of the range. */
  days: { day: string; captured: number; confirmed: number; unsubscribed: number }[];
  wordings: { version: string; wording: string; first_published_at: string }[];
}

/** A row public.admin_import_subscribers(p_rows) takes: the columns of an export. Only email is required. */
export interface ImportRow {
  email: string;
  /** One of SUBSCRIBER_STATUSES (pending when absent); any other word refuses the row. */
  status?: string;
  consented_at?: string | null;
  consent_route?: string | null;
  consent_form?: string | null;
  consent_wording?: string | null;
}

/** public.admin_import_subscribers' answer. */
export interface ImportResult {
  rows: number;
  inserted: number;
  /** New addresses left pending, each with a confirmation due. */
  pending: number;
  /** Already on the list: left as they were. */
  existing: number;
  /** Already on the list and suppressed by the import's row. */
  suppressed: number;
  refused: number;
  /** The first 100 refused rows, by their 1-based position. */
  refusals: { row: number; email: string | null; reason: string }[];
}
