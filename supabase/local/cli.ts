// Starts the local Supabase stand-in until the process is stopped:
//   npx tsx supabase/local/cli.ts
// Environment: SUPABASE_PORT (54321), HOST (127.0.0.1), DATA_DIR (.data),
// DATABASE_URL (a real PostgreSQL instead of PGlite), ADMIN_EMAIL, ADMIN_PASSWORD.
import { startStandIn } from './server.ts';

try {
  const standIn = await startStandIn();
  const stop = async () => {
    await standIn.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (e) {
  console.error(`Could not start the Supabase stand-in: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
