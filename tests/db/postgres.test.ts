// The database suite on a real PostgreSQL 15 server in a throwaway cluster,
// so what passes on PGlite is known to pass on the engine Supabase runs.
import { describe, it } from 'vitest';
import { openDatabase } from '../../supabase/local/db.ts';
import { defineDatabaseSuite } from './database-suite.ts';
import { PG_BIN, postgresAvailable, startThrowawayPostgres, type ThrowawayPostgres } from '../../supabase/local/throwaway-postgres.ts';

if (postgresAvailable()) {
  let server: ThrowawayPostgres | undefined;
  defineDatabaseSuite(
    'PostgreSQL 15',
    async () => {
      server = await startThrowawayPostgres();
      return openDatabase({ databaseUrl: server.url });
    },
    async () => server?.stop(),
  );
} else {
  describe('database on PostgreSQL 15', () => {
    it.skip(`skipped: no initdb/pg_ctl in ${PG_BIN} (install postgresql-15 or set PG_BIN)`, () => {});
  });
}
