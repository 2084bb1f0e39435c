// `npm run migrations:lock`: adds new migrations to supabase/migrations.lock.json and writes
// supabase/schema.sql from a database built from all of them; refuses, writing nothing, when a locked
// migration changed or is gone. The one step after writing a new migration (supabase/README.md).
// `npm run migrations:lock -- --check` writes nothing and exits 1 when the lock or schema.sql is not
// current (tests/db/migrations-lock.test.ts runs it, so CI does).
// MIGRATIONS_DIR, MIGRATIONS_LOCK and SCHEMA_FILE point it at a copy (the tests do).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { EXIT, parseCli, runCli, type Command } from '../generator/cli/args.ts';
import { LOCK_FILE, MIGRATIONS_DIR, lockProblems, migrationFiles, updateLock } from './migrations-lock.ts';
import { SCHEMA_FILE, schemaFileText } from './schema-dump.ts';

const MIGRATIONS_LOCK_COMMAND: Command = {
  usage: 'npm run migrations:lock [-- --check]',
  does: 'After writing a new migration: adds it to supabase/migrations.lock.json (each migration\'s sha256) and writes supabase/schema.sql (every table, function and policy as the migrations leave them). Refuses, writing nothing, when a locked migration changed or is gone.',
  options: { check: { type: 'boolean', help: 'write nothing; exit 1 on any difference (npm run test:db runs it)' } },
  env: {
    MIGRATIONS_DIR: 'the migrations folder (default supabase/migrations)',
    MIGRATIONS_LOCK: 'the lock file (default supabase/migrations.lock.json)',
    SCHEMA_FILE: 'the schema file (default supabase/schema.sql)',
  },
  examples: ['npm run migrations:lock', 'npm run migrations:lock -- --check'],
};

const dir = process.env.MIGRATIONS_DIR || MIGRATIONS_DIR;
const lockFile = process.env.MIGRATIONS_LOCK || LOCK_FILE;
const schemaFile = process.env.SCHEMA_FILE || SCHEMA_FILE;
const say = (line: string) => console.error(`migrations:lock: ${line}`);

await runCli('migrations:lock', async () => {
  const { values } = parseCli(process.argv.slice(2), MIGRATIONS_LOCK_COMMAND);
  return values.check === true ? check() : lock();
});

async function check(): Promise<number> {
  const { changed, unlocked } = lockProblems(dir, lockFile);
  const problems = [...changed, ...unlocked];
  // The schema only once the lock holds: an edited migration is the thing to fix first.
  if (!problems.length) {
    const current = existsSync(schemaFile) ? readFileSync(schemaFile, 'utf8') : '';
    if (current !== (await schemaFileText(dir))) problems.push(`${schemaFile} is not the schema the migrations make: run \`npm run migrations:lock\`.`);
  }
  for (const line of problems) say(line);
  if (problems.length) return EXIT.invalid;
  console.log(`migrations:lock: ${migrationFiles(dir).length} migrations as locked; schema.sql current.`);
  return EXIT.ok;
}

async function lock(): Promise<number> {
  try {
    const added = updateLock(dir, lockFile);
    writeFileSync(schemaFile, await schemaFileText(dir));
    console.log(`migrations:lock: ${added.length ? `locked ${added.join(', ')}` : 'every migration was already locked'}; wrote ${schemaFile}.`);
    return EXIT.ok;
  } catch (e) {
    say((e as Error).message);
    return EXIT.invalid;
  }
}
