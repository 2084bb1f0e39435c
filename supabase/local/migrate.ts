// Applies the stand-in's bootstrap, then supabase/migrations in order, keeping
// track of applied versions where the Supabase CLI does
// (supabase_migrations.schema_migrations), so a restart applies only new ones.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './db.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));
const BOOTSTRAP_FILE = fileURLToPath(new URL('./bootstrap.sql', import.meta.url));

export async function bootstrap(db: Database): Promise<void> {
  await db.exec(readFileSync(BOOTSTRAP_FILE, 'utf8'));
}

interface Migration {
  version: string;
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const [, version = '', name = ''] = /^(\d+)_(.+)\.sql$/.exec(file) ?? [];
      return { version, name, sql: readFileSync(join(dir, file), 'utf8') };
    });
}

/** Applies pending migrations, each in its own transaction; returns the versions applied. */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key, statements text[], name text
    );`);
  const { rows } = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
  const done = new Set(rows.map((r) => r.version));
  const applied: string[] = [];
  for (const m of readMigrations(dir)) {
    if (done.has(m.version)) continue;
    await db.transaction(async (tx) => {
      try {
        await tx.exec(m.sql);
      } catch (e) {
        const why = e instanceof Error ? e.message : String(e);
        throw new Error(`migration ${m.version}_${m.name}.sql failed: ${why}`, { cause: e });
      }
      await tx.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
        m.version,
        m.name,
        [m.sql],
      ]);
    });
    applied.push(m.version);
  }
  return applied;
}

/** Bootstrap plus migrations: a database ready for the stand-in. */
export async function prepareDatabase(db: Database): Promise<void> {
  await bootstrap(db);
  await migrate(db);
}
