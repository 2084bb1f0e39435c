// Starts the local Supabase stand-in beside the site when the site is built for a local address
// (the default http://127.0.0.1:54321, or VITE_SUPABASE_URL on localhost); never for a real project.
import { isLocalBackend, supabaseUrl } from '../backend-url.ts';

export async function startLocalBackend(): Promise<{ close(): Promise<void> } | undefined> {
  const url = new URL(supabaseUrl());
  if (process.env.NO_STANDIN === '1' || !isLocalBackend(url.href)) return undefined;
  const { startStandIn } = await import('../../supabase/local/server.ts');
  const standIn = await startStandIn({ port: Number(url.port) || 54321, host: url.hostname });
  const control = process.env.STANDIN_CONTROL_PORT;
  if (control) {
    const { startTestControl } = await import('../test-control.ts');
    const server = await startTestControl(standIn, Number(control), process.env.STANDIN_CONTROL_TOKEN);
    return { close: async () => (server.close(), standIn.close()) };
  }
  return standIn;
}
