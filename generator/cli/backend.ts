// Starts the local Supabase stand-in beside the site, unless the site is built for a real project.
import { DEFAULT_SUPABASE_URL } from '../build.ts';

export async function startLocalBackend(): Promise<{ close(): Promise<void> } | undefined> {
  const url = process.env.VITE_SUPABASE_URL;
  if (process.env.NO_STANDIN === '1' || (url && url !== DEFAULT_SUPABASE_URL)) return undefined;
  const { startStandIn } = await import('../../supabase/local/server.ts');
  const port = Number(new URL(DEFAULT_SUPABASE_URL).port);
  const standIn = await startStandIn({ port: Number(process.env.SUPABASE_PORT) || port, host: '127.0.0.1' });
  console.log(`Local Supabase stand-in: ${standIn.url}`);
  return standIn;
}
