// Starts the local Supabase stand-in beside the site when the site is built for a local address
// (the default http://127.0.0.1:54321, or VITE_SUPABASE_URL on localhost); never for a real project.
import { analyticsRawDays } from '../host/analytics-config.ts';
import { isLocalBackend, supabaseUrl } from '../host/backend-url.ts';
import { checkoutProvider, siteCatalogue } from '../host/site-catalogue.ts';

/** Whether startLocalBackend starts the stand-in. */
export function willStartStandIn(): boolean {
  return process.env.NO_STANDIN !== '1' && isLocalBackend(new URL(supabaseUrl()).href);
}

/** `analyticsProxySecret`: the secret npm start's no-script pixel proves itself with (model/analytics/pixel.ts). */
export async function startLocalBackend(analyticsProxySecret?: string): Promise<{ close(): Promise<void> } | undefined> {
  const url = new URL(supabaseUrl());
  if (!willStartStandIn()) return undefined;
  const { startStandIn } = await import('../../supabase/local/server.ts');
  // The database keeps raw events as long as the privacy page says (site.config.yaml analytics.rawDays).
  // track() checks products, prices and variants against the catalogue; the webhook verifies the provider's signatures.
  const root = process.cwd();
  const standIn = await startStandIn({
    port: Number(url.port) || 54321, host: url.hostname, analyticsProxySecret, analyticsRawDays: analyticsRawDays(root),
    // The provider is read at each delivery: editing checkout.provider needs no restart.
    catalogue: siteCatalogue(root), checkoutProvider: () => checkoutProvider(root),
  });
  const control = process.env.STANDIN_CONTROL_PORT;
  if (control) {
    const { startTestControl } = await import('../host/test-control.ts');
    const server = await startTestControl(standIn, Number(control), process.env.STANDIN_CONTROL_TOKEN);
    return { close: async () => (server.close(), standIn.close()) };
  }
  return standIn;
}
