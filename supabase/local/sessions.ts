// GoTrue's sessions and rotating refresh tokens (auth.sessions,
// auth.refresh_tokens), so sign-out really ends a session and an old access
// token is refused afterwards, as on Supabase.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Sql } from './db.ts';

const newToken = () => randomBytes(16).toString('base64url');

export async function createSession(sql: Sql, userId: string): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID();
  const refreshToken = newToken();
  await sql.query(`insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')`, [
    sessionId,
    userId,
  ]);
  await sql.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3)`,
    [refreshToken, userId, sessionId],
  );
  return { sessionId, refreshToken };
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
  const refreshToken = newToken();
  await sql.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [token]);
  await sql.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [refreshToken, row.user_id, token, row.session_id],
  );
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
