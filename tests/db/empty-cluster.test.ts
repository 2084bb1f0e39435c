// New PGlite databases start from a kept empty cluster (supabase/local/empty-cluster.ts), not from
// initdb: the first new database keeps it, later ones are loaded from it (the same cluster, so the same
// system identifier), and each is still a database of its own: empty, migrated as any, written apart
// from the others; a data folder made from it is kept and found again like any other.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../supabase/local/db.ts';
import { emptyClusterFile } from '../../supabase/local/empty-cluster.ts';
import { prepareDatabase } from '../../supabase/local/migrate.ts';

const dir = mkdtempSync(join(tmpdir(), 'empty-cluster-'));
// Caches of this test's own, so the first database here is the first anywhere.
process.env.SITE_CACHE_DIR = join(dir, 'caches');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const systemId = async (db: Database) => (await db.query<{ id: string }>('select system_identifier::text as id from pg_control_system()')).rows[0]!.id;
const subscribers = async (db: Database) => (await db.query<{ email: string }>('select email from public.email_captures order by email')).rows.map((r) => r.email);

describe('a new PGlite database', () => {
  it('the first keeps the empty cluster; the next starts from it, empty and apart from the first', async () => {
    const file = emptyClusterFile(['pgcrypto']);
    expect(existsSync(file)).toBe(false);
    const first = await openDatabase({ memory: true });
    expect(existsSync(file)).toBe(true);
    const second = await openDatabase({ memory: true });
    try {
      for (const db of [first, second]) await prepareDatabase(db);
      expect(await systemId(second)).toBe(await systemId(first));
      await first.query(`insert into public.email_captures (email) values ('first@example.com')`);
      expect(await subscribers(first)).toEqual(['first@example.com']);
      expect(await subscribers(second)).toEqual([]);
    } finally {
      await first.close();
      await second.close();
    }
  }, 120_000);

  it('a data folder made from it keeps what was written, and is found again', async () => {
    const folder = join(dir, 'data/pglite');
    const made = await openDatabase({ dataDir: folder });
    await prepareDatabase(made);
    await made.query(`insert into public.email_captures (email) values ('kept@example.com')`);
    await made.close();
    const again = await openDatabase({ dataDir: folder });
    try {
      expect(await subscribers(again)).toEqual(['kept@example.com']);
    } finally {
      await again.close();
    }
  }, 120_000);
});
