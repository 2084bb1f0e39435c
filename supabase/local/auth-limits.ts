// Wrong passwords and wrong second-factor codes, limited in the database (private.auth_limits and
// private.auth_failures, from the migrations) rather than in the browser: checked before an
// attempt, and a failure recorded in a statement of its own after the attempt's transaction rolled
// back, so the refusal never takes its own count with it. Hosted Supabase Auth limits these itself
// (supabase/README.md says which settings).
import type { Sql } from './db.ts';

export type AuthLimitKind = 'password' | 'totp';

// A password's key is the client as every other limit keys it, private.client_of (an IPv6 address as
// its /64, which one host holds whole): keyed by the full address, one host had 10 guesses per address.
const KEY = `case when $1 = 'password' then private.client_of($2) else $2 end`;

/** Seconds until `key` (a client address, a factor id) may try again; 0 when it may now. */
export async function authRetryAfter(sql: Sql, kind: AuthLimitKind, key: string): Promise<number> {
  const { rows } = await sql.query<{ wait: number }>(`select private.auth_retry_after($1, ${KEY}) as wait`, [kind, key]);
  return Number(rows[0]?.wait ?? 0);
}

export async function noteAuthFailure(sql: Sql, kind: AuthLimitKind, key: string): Promise<void> {
  await sql.query(`select private.note_auth_failure($1, ${KEY})`, [kind, key]);
}
