// Wrong passwords and wrong second-factor codes, limited in the database (private.auth_limits and
// private.auth_failures, from the migrations) rather than in the browser: checked before an
// attempt, and a failure recorded in a statement of its own after the attempt's transaction rolled
// back, so the refusal never takes its own count with it. Hosted Supabase Auth limits these itself
// (supabase/README.md says which settings).
import type { Sql } from './db.ts';

export type AuthLimitKind = 'password' | 'totp';

/** Seconds until `key` (a client address, a factor id) may try again; 0 when it may now. */
export async function authRetryAfter(sql: Sql, kind: AuthLimitKind, key: string): Promise<number> {
  const { rows } = await sql.query<{ wait: number }>('select private.auth_retry_after($1, $2) as wait', [kind, key]);
  return Number(rows[0]?.wait ?? 0);
}

export async function noteAuthFailure(sql: Sql, kind: AuthLimitKind, key: string): Promise<void> {
  await sql.query('select private.note_auth_failure($1, $2)', [kind, key]);
}
