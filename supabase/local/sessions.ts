// GoTrue's sessions and rotating refresh tokens (auth.sessions,
// auth.refresh_tokens). Sign-out deletes the session's row, so its access token
// is refused afterwards: by GoTrue's routes here, and by the database's
// restrictive policies (rls.session_is_live in the migrations) for PostgREST
// and Storage, as on Supabase.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Sql } from './db.ts';

const newToken = () => randomBytes(16).toString('base64url');

export async function createSession(sql: Sql, userId: string): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID();
  await sql.query(`insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')`, [
    sessionId,
    userId,
  ]);
  await sql.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method) values ($1, now(), now(), 'password')`,
    [sessionId],
  );
  return { sessionId, refreshToken: await issueRefreshToken(sql, userId, sessionId) };
}

async function issueRefreshToken(sql: Sql, userId: string, sessionId: string, parent: string | null = null): Promise<string> {
  const refreshToken = newToken();
  await sql.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [refreshToken, userId, parent, sessionId],
  );
  return refreshToken;
}

export interface Assurance {
  aal: 'aal1' | 'aal2';
  /** The methods this session passed, most recent first, as the `amr` claim lists them. */
  amr: { method: string; timestamp: number }[];
}

/** The session's assurance level and methods, for the claims of each token it is given. */
export async function sessionAssurance(sql: Sql, sessionId: string): Promise<Assurance> {
  const { rows } = await sql.query<{ aal: string | null; method: string | null; at: number | null }>(
    `select s.aal, c.authentication_method as method, extract(epoch from c.updated_at)::bigint::int as at
     from auth.sessions s left join auth.mfa_amr_claims c on c.session_id = s.id
     where s.id = $1::uuid order by c.updated_at desc`,
    [sessionId],
  );
  return {
    aal: rows[0]?.aal === 'aal2' ? 'aal2' : 'aal1',
    amr: rows.filter((r) => r.method).map((r) => ({ method: r.method!, timestamp: Number(r.at) })),
  };
}

/**
 * A verified second factor: the session becomes aal2, its refresh tokens are replaced by a new one,
 * and the user's other sessions still at aal1 end (GoTrue's InvalidateSessionsWithAALLessThan).
 */
export async function raiseToAal2(sql: Sql, userId: string, sessionId: string, factorId: string): Promise<string> {
  await sql.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1::uuid`, [sessionId, factorId]);
  await sql.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method) values ($1, now(), now(), 'totp')
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId],
  );
  await sql.query(`delete from auth.sessions where user_id = $1::uuid and id <> $2::uuid and coalesce(aal, 'aal1') = 'aal1'`, [userId, sessionId]);
  await sql.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1::uuid and not revoked', [sessionId]);
  return issueRefreshToken(sql, userId, sessionId);
}

type Rotation =
  | { ok: true; userId: string; sessionId: string; refreshToken: string }
  | { ok: false; reason: 'not_found' | 'already_used' };

/** Exchanges a refresh token for a new one in the same session; the old one is revoked. */
export async function rotateRefreshToken(sql: Sql, token: string): Promise<Rotation> {
  const { rows } = await sql.query<{ user_id: string; session_id: string; revoked: boolean }>(
    'select user_id, session_id, revoked from auth.refresh_tokens where token = $1 for update',
    [token],
  );
  const row = rows[0];
  if (!row || !row.session_id) return { ok: false, reason: 'not_found' };
  if (row.revoked) return { ok: false, reason: 'already_used' };
  await sql.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [token]);
  const refreshToken = await issueRefreshToken(sql, row.user_id, row.session_id, token);
  await sql.query('update auth.sessions set updated_at = now() where id = $1', [row.session_id]);
  return { ok: true, userId: row.user_id, sessionId: row.session_id, refreshToken };
}

export async function sessionExists(sql: Sql, sessionId: string): Promise<boolean> {
  return (await sql.query('select 1 from auth.sessions where id = $1::uuid', [sessionId])).rows.length > 0;
}

/** GoTrue's logout scopes: global ends every session of the user, local this one, others the rest. */
export async function endSessions(sql: Sql, userId: string, sessionId: string, scope: 'global' | 'local' | 'others'): Promise<void> {
  if (scope === 'global') {
    await sql.query('delete from auth.sessions where user_id = $1::uuid', [userId]);
    return;
  }
  const op = scope === 'local' ? '=' : '<>';
  await sql.query(`delete from auth.sessions where user_id = $1::uuid and id ${op} $2::uuid`, [userId, sessionId]);
}
