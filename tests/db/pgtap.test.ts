// The pgTAP suite (supabase/tests/*.sql: every policy, for anon, a signed-in non-admin, an admin at
// aal1 and one at aal2) on PostgreSQL 15 with the postgresql-15-pgtap package, and on PGlite with
// the same package's SQL; and the rule that every table in public has row-level security and a
// pgTAP file naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../supabase/local/db.ts';
import { bootstrap, migrate } from '../../supabase/local/migrate.ts';
import { installPgtap, PGTAP_EXTENSION_DIR, pgtapFiles, pgtapScript, runPgtapFile, uncoveredTables } from './pgtap.ts';
import { cannotRun, POSTGRES_15 } from '../cannot-run.ts';
import { PG_BIN, postgresAvailable, startThrowawayPostgres, type ThrowawayPostgres } from '../../supabase/local/throwaway-postgres.ts';

function definePgtapSuite(engine: string, open: () => Promise<Database>, teardown?: () => Promise<void>) {
  describe(`pgTAP on ${engine}`, () => {
    let db: Database;
    beforeAll(async () => {
      db = await open();
      await bootstrap(db);
      await migrate(db);
      await installPgtap(db);
    });
    afterAll(async () => {
      await db?.close();
      await teardown?.();
    });

    it('finds the pgTAP files', () => {
      expect(pgtapFiles().length).toBeGreaterThan(0);
    });

    for (const file of pgtapFiles()) {
      it(file, async () => {
        const tap = await runPgtapFile(db, file);
        expect(tap.failed, [...tap.failed, ...tap.diagnostics].join('\n')).toEqual([]);
        expect(tap.passed.length).toBeGreaterThan(0);
        expect(tap.planned).toBe(tap.passed.length);
        // limits_by_network sends from 5,000 /64s, each call in the file's one transaction: about a
        // minute on PGlite on a busy machine.
      }, 180_000);
    }

    it('every table in public has row-level security and a pgTAP file naming it', async () => {
      expect(await uncoveredTables(db)).toEqual([]);
    });

    it('that check fails for a table without row-level security or a pgTAP file', async () => {
      const found = await db
        .transaction(async (tx) => {
          await tx.exec('create table public.pgtap_coverage_probe (id int)');
          throw await uncoveredTables(tx);
        })
        .catch((findings: unknown) => findings);
      expect(found).toEqual([
        'public.pgtap_coverage_probe: row-level security is off',
        'public.pgtap_coverage_probe: no file in supabase/tests names it',
      ]);
    });
  });
}

if (!pgtapScript()) {
  cannotRun('pgTAP', { missing: `pgTAP is not installed (no pgtap.control in ${PGTAP_EXTENSION_DIR})`, install: 'apt-get install postgresql-15-pgtap (or set PGTAP_EXTENSION_DIR)' });
} else {
  definePgtapSuite('PGlite', () => openDatabase({ memory: true }));
  if (postgresAvailable()) {
    let server: ThrowawayPostgres | undefined;
    definePgtapSuite(
      'PostgreSQL 15',
      async () => {
        server = await startThrowawayPostgres();
        return openDatabase({ databaseUrl: server.url });
      },
      async () => server?.stop(),
    );
  } else {
    cannotRun('pgTAP on PostgreSQL 15', POSTGRES_15(PG_BIN));
  }
}
