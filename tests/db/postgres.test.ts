// The database suite on a real PostgreSQL 15 server in a throwaway cluster,
// so what passes on PGlite is known to pass on the engine Supabase runs.
import { openDatabase } from '../../supabase/local/db.ts';
import { defineDatabaseSuite } from './database-suite.ts';
import { PG_BIN, postgresAvailable, startThrowawayPostgres, type ThrowawayPostgres } from '../../supabase/local/throwaway-postgres.ts';
import { cannotRun, POSTGRES_15 } from '../cannot-run.ts';

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
  cannotRun('database on PostgreSQL 15', POSTGRES_15(PG_BIN));
}
