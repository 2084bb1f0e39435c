// PostgREST's error answers: the body {code, details, hint, message} and the
// HTTP status PostgREST derives from a SQLSTATE (PostgREST's Error.hs).
import { Reply, ReplyError } from './http.ts';
import type { PgError } from './db.ts';

export function pgrst(status: number, code: string, message: string, details: string | null = null, hint: string | null = null): ReplyError {
  const headers: Record<string, string> = { 'proxy-status': `PostgREST; error=${code}` };
  if (status === 401) headers['www-authenticate'] = 'Bearer';
  return new ReplyError(Reply.json(status, { code, details, hint, message }, headers));
}

/** HTTP status for a database error; `authed` is true for any role but anon. */
function statusForSqlState(code: string, message: string, authed: boolean): number {
  const exact: Record<string, number> = {
    '23503': 409, '23505': 409, '25006': 405, '42883': 404, '42P01': 404, '42P17': 500,
    '53400': 500, '57P01': 503, P0001: 400,
  };
  if (code === '42501') return authed ? 403 : 401;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  if (exact[code]) return exact[code];
  const byClass: [string, number][] = [
    ['08', 503], ['09', 500], ['0L', 403], ['0P', 403], ['25', 500], ['28', 403], ['2D', 500], ['38', 500],
    ['39', 500], ['3B', 500], ['40', 500], ['53', 503], ['54', 500], ['55', 500], ['57', 500], ['58', 500],
    ['F0', 500], ['HV', 500], ['P0', 500], ['XX', 500],
  ];
  for (const [prefix, status] of byClass) if (code.startsWith(prefix)) return status;
  return 400;
}

export function fromPgError(e: PgError, authed: boolean): ReplyError {
  // `raise sqlstate 'PGRST'`: the function chose the answer itself (PostgREST 11+), message and detail
  // as JSON: {code, message, details, hint} and {status, headers}.
  if (e.code === 'PGRST') {
    try {
      const body = JSON.parse(e.message) as { code?: string; message?: string; details?: string | null; hint?: string | null };
      const meta = JSON.parse(e.detail || '{}') as { status?: number; headers?: Record<string, string> };
      const status = Number.isInteger(meta.status) ? meta.status! : 400;
      return new ReplyError(Reply.json(status, { code: body.code ?? 'PGRST', details: body.details ?? null, hint: body.hint ?? null, message: body.message ?? '' }, meta.headers ?? {}));
    } catch {
      return pgrst(500, 'PGRST121', 'Could not parse RAISE SQLSTATE PGRST error');
    }
  }
  return pgrst(statusForSqlState(e.code, e.message, authed), e.code, e.message, e.detail || null, e.hint || null);
}
