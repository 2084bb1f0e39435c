// 20251228000000_repair_in_place_edits.sql on databases that applied the earlier published texts of
// 20251215000000_analytics.sql and the 20251222* files (kept in published-migrations/, named
// <file>@<the main commit that published it>): each is built as a project that pushed at that commit
// was, then takes the rest as `supabase db push` (and the stand-in) would, and must reach today's schema,
// catalog for catalog (supabase/schema-dump.ts: columns, constraints, indexes, functions' definitions,
// grants, policies); its nightly fold then runs. On PGlite and on PostgreSQL 15.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../supabase/local/db.ts';
import { bootstrap, migrate } from '../../supabase/local/migrate.ts';
import { MIGRATIONS_DIR, migrationFiles } from '../../supabase/migrations-lock.ts';
import { dumpSchema } from '../../supabase/schema-dump.ts';
import { PG_BIN, postgresAvailable, startThrowawayPostgres, type ThrowawayPostgres } from '../../supabase/local/throwaway-postgres.ts';
import { cannotRun, POSTGRES_15 } from '../cannot-run.ts';

const PUBLISHED = fileURLToPath(new URL('./published-migrations/', import.meta.url));
const REPAIR = '20251228000000_repair_in_place_edits.sql';

/** The main commits whose migrations differ from today's, with the last version each had. */
const PUSHED_AT: Record<string, string> = {
  e3fc677: '20251215000100', // the first published text of 20251215000000
  '6d17c83': '20251215000100',
  '509c9e5': '20251215000100',
  d7db584: '20251222000200', // the 20251222* files as merged
  '8d97e39': '20251222000200',
  '6102ce2': '20251222000200',
};

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A migrations folder as it was at `commit`: today's files up to its last version, the published ones instead of today's. */
function folderAt(commit: string): string {
  const dir = mkdtempSync(join(tmpdir(), `migrations-${commit}-`));
  dirs.push(dir);
  for (const file of migrationFiles().filter((f) => f.slice(0, 14) <= PUSHED_AT[commit]!)) cpSync(join(MIGRATIONS_DIR, file), join(dir, file));
  for (const kept of readdirSync(PUBLISHED).filter((f) => f.endsWith(`@${commit}.sql`))) cpSync(join(PUBLISHED, kept), join(dir, kept.replace(`@${commit}`, '')));
  return dir;
}

/** Today's migrations up to the repair, with it: the database the repair itself ends in (later migrations
 * may redefine what it re-created). */
function upToRepair(): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-repaired-'));
  dirs.push(dir);
  for (const file of migrationFiles().filter((f) => f <= REPAIR)) cpSync(join(MIGRATIONS_DIR, file), join(dir, file));
  return dir;
}

/** Today's migrations without the repair. */
// The first migration that redefines a function over a table the repair reshaped (analytics.raw_paths
// returns analytics.daily_paths, whose visitors column the repair adds): without the repair it cannot
// apply at all, so the schema the others leave is compared before it.
const NEEDS_REPAIR = '20260203000000_figures_true.sql';

function withoutRepair(): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-unrepaired-'));
  dirs.push(dir);
  for (const file of migrationFiles().filter((f) => f !== REPAIR && f < NEEDS_REPAIR)) cpSync(join(MIGRATIONS_DIR, file), join(dir, file));
  return dir;
}

function defineRepairSuite(engine: string, open: (name: string) => Promise<Database>, teardown?: () => Promise<void>) {
  describe(`the repair migration on ${engine}`, () => {
    let today = '';
    beforeAll(async () => {
      const db = await open('today');
      await bootstrap(db);
      await migrate(db);
      today = await dumpSchema(db);
      await db.close();
    });
    afterAll(async () => teardown?.());

    for (const commit of Object.keys(PUSHED_AT)) {
      it(`brings a project that pushed at ${commit} to today's schema, and its fold runs`, async () => {
        const db = await open(`at_${commit}`);
        try {
          await bootstrap(db);
          await migrate(db, folderAt(commit));
          // A day the early project had already folded, in the shape it had then.
          await db.query(`insert into analytics.daily_paths (day, steps) values (current_date - 3, array['view:/'])`);
          // Later: `supabase db push` (or the stand-in, which accepts these earlier texts) applies the rest.
          const applied = await migrate(db);
          expect(applied).toContain(REPAIR.slice(0, 14));
          expect(await dumpSchema(db)).toBe(today);
          const { rows } = await db.query<{ visitors: number }>(`select visitors::int from analytics.daily_paths where day = current_date - 3`);
          expect(rows).toEqual([{ visitors: 1 }]);
          await db.query('select analytics.fold()');
        } finally {
          await db.close();
        }
      });
    }

    it('is what makes them converge: without it, the first published text leaves the schema short', async () => {
      const db = await open('unrepaired');
      try {
        await bootstrap(db);
        await migrate(db, folderAt('e3fc677'));
        await migrate(db, withoutRepair());
        const dump = await dumpSchema(db);
        expect(dump).not.toBe(today);
        expect(today).toContain('visitors bigint not null default 1');
        expect(dump).not.toContain('visitors bigint not null default 1');
        expect(dump).not.toContain('create table private.agent_verdicts');
      } finally {
        await db.close();
      }
    });

    it('changes nothing on a database that applied today\'s texts up to it', async () => {
      const db = await open('twice');
      try {
        await bootstrap(db);
        await migrate(db, upToRepair());
        const once = await dumpSchema(db);
        await db.exec(readFileSync(join(MIGRATIONS_DIR, REPAIR), 'utf8'));
        expect(await dumpSchema(db)).toBe(once);
      } finally {
        await db.close();
      }
    });
  });
}

defineRepairSuite('PGlite', () => openDatabase({ memory: true }));

if (postgresAvailable()) {
  let server: ThrowawayPostgres | undefined;
  let admin: Database | undefined;
  defineRepairSuite(
    'PostgreSQL 15',
    async (name) => {
      server ??= await startThrowawayPostgres();
      admin ??= await openDatabase({ databaseUrl: server.url });
      await admin.query(`create database ${name}`);
      const url = new URL(server.url);
      url.pathname = `/${name}`;
      return openDatabase({ databaseUrl: url.href });
    },
    async () => {
      await admin?.close();
      await server?.stop();
    },
  );
} else {
  cannotRun('the repair migration on PostgreSQL 15', POSTGRES_15(PG_BIN));
}

