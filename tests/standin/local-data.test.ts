// The stand-in's data folder (.data, or DATA_DIR) on disk: one process at a time (its lock, found by
// the folder whatever the port); a database that applied another text of a migration than its file now
// holds is refused, untouched, naming the file and what to do, while an earlier published text that the
// repair migration covers is accepted; a damaged folder is moved aside, never deleted, and said so.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { lockDataFolder } from '../../supabase/local/data-lock.ts';
import { openDatabase } from '../../supabase/local/db.ts';
import { readMigrations } from '../../supabase/local/migrate.ts';
import { startStandIn } from '../../supabase/local/server.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'standin-data-'));
  dirs.push(dir);
  return dir;
};
const start = (dataDir: string) => startStandIn({ port: 0, dataDir, quiet: true });
const refusal = (p: Promise<unknown>) => p.then(() => undefined, (e: Error) => e);

/** A data folder the stand-in made, holding one subscriber. */
async function dataWithASubscriber(): Promise<string> {
  const dir = folder();
  const standIn = await start(dir);
  await standIn.query(`insert into public.email_captures (email) values ('kept@example.com')`);
  await standIn.close();
  return dir;
}

const subscribers = async (dir: string) => {
  const db = await openDatabase({ dataDir: join(dir, 'pglite') });
  try {
    return (await db.query<{ email: string }>('select email from public.email_captures')).rows.map((r) => r.email);
  } finally {
    await db.close();
  }
};

describe('the data folder is one process\'s', () => {
  it('refuses a second stand-in on another port, naming the process that has it; free again once it stops', async () => {
    const dir = await dataWithASubscriber();
    const first = await start(dir);
    try {
      const e = await refusal(start(dir));
      expect(e?.name).toBe('LocalDataError');
      expect(e?.message).toContain(`the local database ${join(dir, 'pglite')} is open in process ${process.pid}`);
      expect(e?.message).toContain('stop that one first');
    } finally {
      await first.close();
    }
    expect(await subscribers(dir)).toEqual(['kept@example.com']);
  }, 120_000);
});

describe('the lock file', () => {
  it('left by a process that is gone (a crash) is taken over; one whose process runs is not', () => {
    const dir = join(folder(), 'pglite');
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: gone, host: hostname(), command: 'npm start', started: '2026-01-01T00:00:00.000Z' }));
    const lock = lockDataFolder(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
    expect(() => lockDataFolder(dir)).toThrow(`is open in process ${process.pid}`);
    lock.release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});

describe('applied migrations are held to their files', () => {
  it('refuses a database that applied another text, naming the file and what to do, and changes nothing', async () => {
    const dir = await dataWithASubscriber();
    const edited = readMigrations()[4]!;
    const file = `${edited.version}_${edited.name}.sql`;
    const latest = readMigrations().at(-1)!;
    // As if the file had been edited after this database applied it; and the newest migration still to come.
    const db = await openDatabase({ dataDir: join(dir, 'pglite') });
    await db.query(`update supabase_migrations.schema_migrations set statements = array[statements[1] || E'\\n-- the text before an edit'] where version = $1`, [edited.version]);
    await db.query('delete from supabase_migrations.schema_migrations where version = $1', [latest.version]);
    await db.close();

    const e = await refusal(start(dir));
    expect(e?.name).toBe('LocalDataError');
    expect(e?.message).toContain(`the local database in ${join(dir, 'pglite')}: nothing was changed in it.`);
    expect(e?.message).toContain(`${file} differs from the text this database applied`);
    expect(e?.message).toContain('restore the file');
    expect(e?.message).toContain('write the change as a new migration');

    const after = await openDatabase({ dataDir: join(dir, 'pglite') });
    try {
      const { rows } = await after.query<{ version: string }>('select version from supabase_migrations.schema_migrations where version = $1', [latest.version]);
      expect(rows, 'the pending migration was not applied').toEqual([]);
      expect((await after.query<{ email: string }>('select email from public.email_captures')).rows).toEqual([{ email: 'kept@example.com' }]);
    } finally {
      await after.close();
    }
  }, 120_000);

  it('accepts a database that applied an earlier published text the repair migration covers', async () => {
    const dir = await dataWithASubscriber();
    const first = readFileSync(new URL('../db/published-migrations/20251215000000_analytics@e3fc677.sql', import.meta.url), 'utf8');
    const db = await openDatabase({ dataDir: join(dir, 'pglite') });
    await db.query(`update supabase_migrations.schema_migrations set statements = array[$1] where version = '20251215000000'`, [first]);
    await db.close();
    const standIn = await start(dir);
    await standIn.close();
    expect(await subscribers(dir)).toEqual(['kept@example.com']);
  }, 120_000);
});

describe('a damaged data folder', () => {
  it('is moved aside whole, said so with what to do, and the stand-in starts on a new database', async () => {
    const dir = await dataWithASubscriber();
    writeFileSync(join(dir, 'pglite/global/pg_control'), Buffer.alloc(8192));
    const said: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((text: unknown) => void said.push(String(text)));
    let standIn: Awaited<ReturnType<typeof start>> | undefined;
    try {
      standIn = await start(dir);
    } finally {
      spy.mockRestore();
    }
    const aside = readdirSync(join(dir, '..')).filter((f) => f.startsWith(`${dir.split('/').pop()}-damaged-`));
    expect(aside).toHaveLength(1);
    const moved = join(dir, '..', aside[0]!);
    dirs.push(moved);
    expect(existsSync(join(moved, 'pglite/PG_VERSION'))).toBe(true);
    expect(readFileSync(join(moved, 'pglite/global/pg_control'))).toEqual(Buffer.alloc(8192));
    const message = said.join('\n');
    expect(message).toContain(`The local database in ${join(dir, 'pglite')} is damaged`);
    expect(message).toContain(`moved, untouched, to ${moved}/`);
    expect(message).toContain(`DATA_DIR=${moved} npm start`);
    // The new database works, empty.
    expect((await standIn!.query('select count(*)::int as n from public.email_captures')).rows).toEqual([{ n: 0 }]);
    await standIn!.close();
  }, 120_000);
});
