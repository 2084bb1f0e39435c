// Applies the stand-in's bootstrap, then supabase/migrations in order, keeping
// track of applied versions where the Supabase CLI does
// (supabase_migrations.schema_migrations), so a restart applies only new ones. It keeps each
// migration's text too, and refuses a database that applied another text than the file now holds:
// the edit would never run there (supabase/migrations-lock.ts says why), so the database would drift.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readLock, sha256 } from '../migrations-lock.ts';
import { LOCAL_DATA_ERROR } from './data-lock.ts';
import type { Database, Sql } from './db.ts';

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

export class AppliedMigrationDiffers extends Error {
  override name = LOCAL_DATA_ERROR;
}

/**
 * The applied migrations whose text is not their file's, each named with what to do. An earlier text
 * of a migration edited before the lock existed is accepted: the repair migration the lock names
 * ("repaired") brings such a database to today's schema.
 */
export async function appliedDifferences(sql: Sql, dir = MIGRATIONS_DIR): Promise<string[]> {
  const { rows } = await sql.query<{ version: string; name: string | null; statements: string[] | null }>(
    'select version, name, statements from supabase_migrations.schema_migrations order by version',
  );
  const files = new Map(readMigrations(dir).map((m) => [m.version, m]));
  const repaired = readLock().repaired;
  const problems: string[] = [];
  for (const row of rows) {
    const m = files.get(row.version);
    const file = m ? `${m.version}_${m.name}.sql` : `${row.version}_${row.name ?? ''}.sql`;
    if (!m) {
      problems.push(`${file} was applied to this database, but no file of version ${row.version} is in ${dir}: restore it (git log --all -- '*${row.version}*' finds it).`);
      continue;
    }
    const applied = sha256((row.statements ?? []).join(''));
    if (row.statements && applied !== sha256(m.sql) && !repaired[file]?.earlier.includes(applied)) {
      problems.push(
        `${file} differs from the text this database applied (kept in supabase_migrations.schema_migrations). ` +
          `A migration that has been applied never changes, as on a hosted project, where \`supabase db push\` would never run the edit: ` +
          `restore the file (git checkout origin/main -- ${join(dir, file)}) and write the change as a new migration. ` +
          `If the migration is your own and not yet on main, keep this data with the old text, or start another data folder (DATA_DIR=.data-new npm start).`,
      );
    }
  }
  return problems;
}

/** Applies pending migrations, each in its own transaction; returns the versions applied. Refuses, changing nothing, when an applied one differs from its file. */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key, statements text[], name text
    );`);
  const problems = await appliedDifferences(db, dir);
  if (problems.length) throw new AppliedMigrationDiffers(`nothing was changed in it. ${problems.join('\n')}`);
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
