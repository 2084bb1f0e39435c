// `npm run migrations:write`: writes a new, ordinary migration from the sources in supabase/schemas/ that
// differ from what the migrations make (supabase/schema-sources.ts says how it compares), and checks that
// the migrations with it make exactly what the sources say. `--check` writes nothing and exits 1 naming
// each object that differs (tests/db/schema-sources.test.ts runs the same comparison, so CI does).
// `--from-migrations` goes the other way: it writes each differing source from what the migrations make.
// MIGRATIONS_DIR and SCHEMAS_DIR point it at a copy (the tests do).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { EXIT, parseCli, runCli, UsageError, type Command } from '../generator/cli/args.ts';
import { MIGRATIONS_DIR, migrationFiles } from './migrations-lock.ts';
import { SOURCES_DIR, describeDifference, migrationText, misplacedDefinitions, sourceDifferences, type Difference } from './schema-sources.ts';

const MIGRATIONS_WRITE_COMMAND: Command = {
  usage: 'npm run migrations:write [-- <options>]',
  does:
    'After changing a function, view or policy set in supabase/schemas/: writes supabase/migrations/<now>_<name>.sql holding each object whose source differs from what the migrations make, or says "nothing to write". It checks that the migrations with the new one make exactly what the sources say, and removes it when they do not. Then run npm run migrations:lock.',
  options: {
    name: { type: 'string', value: '<name>', help: 'the new migration\'s name, letters, digits and _ (default schema_sources)' },
    check: { type: 'boolean', help: 'write nothing; exit 1 naming each object whose source and migrations differ' },
    'from-migrations': { type: 'boolean', help: 'write each differing source from what the migrations make (after a migration written by hand, or npm run analytics:bots)' },
  },
  env: {
    MIGRATIONS_DIR: 'the migrations folder (default supabase/migrations)',
    SCHEMAS_DIR: 'the sources folder (default supabase/schemas)',
  },
  examples: ['npm run migrations:write -- --name limits_per_hour && npm run migrations:lock', 'npm run migrations:write -- --check'],
};

const migrationsDir = process.env.MIGRATIONS_DIR || MIGRATIONS_DIR;
const sourcesDir = process.env.SCHEMAS_DIR || SOURCES_DIR;
const say = (line: string) => console.error(`migrations:write: ${line}`);

await runCli('migrations:write', async () => {
  const { values } = parseCli(process.argv.slice(2), MIGRATIONS_WRITE_COMMAND);
  const name = typeof values.name === 'string' ? values.name : 'schema_sources';
  if (!/^\w+$/.test(name)) throw new UsageError(`--name must be letters, digits and _, got ${JSON.stringify(name)}`);
  const misplaced = misplacedDefinitions(sourcesDir);
  if (misplaced.length) {
    misplaced.forEach(say);
    return EXIT.invalid;
  }
  const differences = await sourceDifferences(migrationsDir, sourcesDir);
  if (!differences.length) {
    console.log('migrations:write: every source is what the migrations make; nothing to write.');
    return EXIT.ok;
  }
  if (values.check === true) {
    differences.map(describeDifference).forEach(say);
    return EXIT.invalid;
  }
  return values['from-migrations'] === true ? writeSources(differences) : writeMigration(differences, name);
});

/** A version after every existing one: now, or the newest plus one second's worth when the clock is behind. */
function nextVersion(): string {
  const now = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const newest = migrationFiles(migrationsDir).at(-1)?.slice(0, 14) ?? '0';
  return now > newest ? now : String(BigInt(newest) + 1n).padStart(14, '0');
}

async function writeMigration(differences: Difference[], name: string): Promise<number> {
  const file = join(migrationsDir, `${nextVersion()}_${name}.sql`);
  writeFileSync(file, migrationText(differences, sourcesDir));
  let left: string[];
  try {
    left = (await sourceDifferences(migrationsDir, sourcesDir)).map(describeDifference);
  } catch (e) {
    left = [(e as Error).message];
  }
  if (left.length) {
    rmSync(file);
    say(`the migration it wrote did not bring the database to the sources, so it is removed:\n${left.join('\n')}`);
    return EXIT.invalid;
  }
  console.log(`migrations:write: wrote ${file}: ${differences.map((d) => d.name).join(', ')}. Next: npm run migrations:lock.`);
  return EXIT.ok;
}

function writeSources(differences: Difference[]): number {
  for (const d of differences) {
    if (!d.migrations) {
      say(`${d.name}: supabase/schemas/${d.path} is in no migration; left as it is (remove it, or run npm run migrations:write).`);
      continue;
    }
    const file = join(sourcesDir, d.path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, d.migrations.text);
  }
  const written = differences.filter((d) => d.migrations);
  console.log(`migrations:write: wrote ${written.length} source file(s) from the migrations under ${sourcesDir}.`);
  return EXIT.ok;
}
