// The mailer's calls into the database: the list.* functions
// (supabase/schemas/list/functions/), which only the service role may execute. Each
// runtime brings its own `ServiceSql` (the stand-in's database; a hosted function's connection from
// SUPABASE_DB_URL), running one statement as service_role; the SQL is written once, here. Hashes
// travel as hex and bigints as text, which every PostgreSQL driver reads alike.

/** Runs one statement as the service role and resolves to its rows. */
export type ServiceSql = <T>(text: string, params: unknown[]) => Promise<T[]>;

export interface ClaimedConfirmation {
  subscriberId: string;
  email: string;
  /** The hash (hex) the database gave this subscriber's confirm token. */
  hash: string;
  /** When the confirmation was asked for, in milliseconds since the epoch: the same on each claim of one request. */
  dueAt: string;
}

export interface FinishedConfirmation {
  subscriberId: string;
  /** True: the provider took it. False: refused for good; nothing more is sent until the address is typed again. */
  sent: boolean;
}

export interface ClaimedDelivery {
  deliveryId: string;
  newsletter: string;
  email: string;
  /** The hash (hex) the database gave this mail's unsubscribe token. */
  hash: string;
}

export interface FinishedDelivery {
  id: string;
  status: 'sent' | 'failed';
  error?: string;
  providerId?: string;
}

export interface ListDb {
  claimConfirmations(hashes: string[], leaseSeconds: number): Promise<ClaimedConfirmation[]>;
  /** Each claimed confirmation sent or refused for good, in one statement; resolves to how many were claimed. */
  finishConfirmations(finished: FinishedConfirmation[]): Promise<number>;
  claimDeliveries(hashes: string[], leaseSeconds: number): Promise<ClaimedDelivery[]>;
  /** Each claimed delivery sent or failed for good, in one statement; resolves to how many were being sent. */
  finishDeliveries(finished: FinishedDelivery[]): Promise<number>;
  /** A hard bounce or a complaint: the address is suppressed. True when it is on the list. */
  recordMailEvent(email: string, kind: 'bounced' | 'complained', providerId?: string): Promise<boolean>;
}

const HASHES = `array(select decode(h, 'hex') from unnest($1::text[]) as h)`;

export function listDb(sql: ServiceSql): ListDb {
  return {
    async claimConfirmations(hashes, leaseSeconds) {
      if (!hashes.length) return [];
      const rows = await sql<{ subscriber_id: string; email: string; hash: string; due_at: string }>(
        `select subscriber_id::text, email, encode(token_hash, 'hex') as hash, floor(extract(epoch from due_at) * 1000)::bigint::text as due_at
         from list.claim_confirmations(${HASHES}, $2::integer)`,
        [hashes, leaseSeconds],
      );
      return rows.map((r) => ({ subscriberId: r.subscriber_id, email: r.email, hash: r.hash, dueAt: r.due_at }));
    },
    async finishConfirmations(finished) {
      if (!finished.length) return 0;
      const [row] = await sql<{ done: number }>(`select list.finish_confirmations($1::bigint[], $2::boolean[]) as done`, [finished.map((f) => f.subscriberId), finished.map((f) => f.sent)]);
      return Number(row?.done ?? 0);
    },
    async claimDeliveries(hashes, leaseSeconds) {
      if (!hashes.length) return [];
      const rows = await sql<{ delivery_id: string; newsletter: string; email: string; hash: string }>(
        `select delivery_id::text, newsletter, email, encode(token_hash, 'hex') as hash from list.claim_deliveries(${HASHES}, $2::integer)`,
        [hashes, leaseSeconds],
      );
      return rows.map((r) => ({ deliveryId: r.delivery_id, newsletter: r.newsletter, email: r.email, hash: r.hash }));
    },
    async finishDeliveries(finished) {
      if (!finished.length) return 0;
      // One round trip for a second's mails: list.finish_delivery for each, in one transaction.
      const [row] = await sql<{ done: string }>(
        `select count(*) filter (where list.finish_delivery(f.id, f.status, f.error, f.provider_id)) as done
         from unnest($1::bigint[], $2::text[], $3::text[], $4::text[]) as f(id, status, error, provider_id)`,
        [finished.map((f) => f.id), finished.map((f) => f.status), finished.map((f) => f.error ?? null), finished.map((f) => f.providerId ?? null)],
      );
      return Number(row?.done ?? 0);
    },
    async recordMailEvent(email, kind, providerId) {
      const [row] = await sql<{ known: boolean }>(`select list.record_mail_event($1, $2, $3) as known`, [email, kind, providerId ?? null]);
      return row?.known === true;
    },
  };
}
