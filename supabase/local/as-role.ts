// Runs SQL the way PostgREST and Storage do on Supabase: inside a transaction,
// with the request's JWT claims in `request.jwt.claims`, its headers in
// `request.headers` and the JWT's role set locally, so the database's grants
// and row-level security decide.
import type { Claims } from './jwt.ts';
import type { Database, Sql } from './db.ts';

type ApiRole = 'anon' | 'authenticated';

export function isApiRole(role: unknown): role is ApiRole {
  return role === 'anon' || role === 'authenticated';
}

export async function asRole<T>(db: Database, claims: Claims, fn: (tx: Sql) => Promise<T>, headers: Record<string, string> = {}): Promise<T> {
  const role = claims.role;
  // The role name is spliced into SQL, so only the two known names pass.
  if (!isApiRole(role)) throw new Error(`refusing to run as role ${String(role)}`);
  return db.transaction(async (tx) => {
    await tx.query(
      `select set_config('request.jwt.claims', $1, true),
              set_config('request.jwt.claim.sub', $2, true),
              set_config('request.jwt.claim.role', $3, true),
              set_config('request.headers', $4, true)`,
      [JSON.stringify(claims), typeof claims.sub === 'string' ? claims.sub : '', role, JSON.stringify(headers)],
    );
    await tx.exec(`set local role ${role}`);
    return fn(tx);
  });
}

const rolledBack = Symbol('rolled back');

/**
 * Runs `fn` as the role and always rolls back: Storage's permission test
 * before it accepts an upload's bytes. Resolves if the statement would pass.
 */
export async function testAsRole(db: Database, claims: Claims, fn: (tx: Sql) => Promise<unknown>, headers: Record<string, string> = {}): Promise<void> {
  try {
    await asRole(
      db,
      claims,
      async (tx) => {
        await fn(tx);
        throw rolledBack;
      },
      headers,
    );
  } catch (e) {
    if (e !== rolledBack) throw e;
  }
}
