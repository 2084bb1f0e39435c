// The stand-in's wrong-password limit keys a client as every other limit does: an IPv6 address as its
// /64, which one host holds whole. Before, each address of a /64 had its own 10 guesses. Called
// through the module the sign-in route uses (supabase/local/auth-limits.ts) on the migrations' own
// functions: a test cannot open sockets from 64 IPv6 addresses of one /64.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRetryAfter, noteAuthFailure } from '../../supabase/local/auth-limits.ts';
import { openDatabase, type Database } from '../../supabase/local/db.ts';
import { prepareDatabase } from '../../supabase/local/migrate.ts';

let db: Database;
beforeAll(async () => {
  db = await openDatabase({ memory: true });
  await prepareDatabase(db);
});
afterAll(() => db?.close());

/** The password limit's budget, as the migrations set it. */
const budget = async () => Number((await db.query<{ n: number }>(`select failures as n from private.auth_limits where kind = 'password'`)).rows[0]!.n);

describe('wrong passwords from IPv6 clients', () => {
  it('share one budget across the addresses of one /64; another /64 and an IPv4 client keep theirs', async () => {
    const n = await budget();
    const address = (i: number) => `2001:db8:aa:bb:${(i + 1).toString(16)}::${(i * 7 + 1).toString(16)}`;
    for (let i = 0; i < n; i++) {
      expect(await authRetryAfter(db, 'password', address(i)), `guess ${i + 1}`).toBe(0);
      await noteAuthFailure(db, 'password', address(i));
    }
    // Every further address of that /64 is refused, the ones it never used too.
    for (const i of [n, n + 1, 63]) expect(await authRetryAfter(db, 'password', address(i))).toBeGreaterThan(0);
    expect(await authRetryAfter(db, 'password', '2001:db8:aa:bc::1')).toBe(0);
    expect(await authRetryAfter(db, 'password', '192.0.2.10')).toBe(0);
  });

  it('count an IPv4 client by its whole address, and a second factor by its id, as before', async () => {
    const n = await budget();
    for (let i = 0; i < n; i++) await noteAuthFailure(db, 'password', '192.0.2.20');
    expect(await authRetryAfter(db, 'password', '192.0.2.20')).toBeGreaterThan(0);
    expect(await authRetryAfter(db, 'password', '192.0.2.21')).toBe(0);
    for (let i = 0; i < 5; i++) await noteAuthFailure(db, 'totp', 'factor-a');
    expect(await authRetryAfter(db, 'totp', 'factor-a')).toBeGreaterThan(0);
    expect(await authRetryAfter(db, 'totp', 'factor-b')).toBe(0);
  });
});
