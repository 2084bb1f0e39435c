// Starts the local Supabase stand-in beside the site when the site is built for a local address
// (the default http://127.0.0.1:54321, or VITE_SUPABASE_URL on localhost); never for a real project.
// With it, the mail catcher (supabase/local/mail-catcher.ts): every mail the stand-in sends, whatever
// mail.provider says, is kept there and readable at http://localhost:MAIL_PORT, its links pointing at
// the site this process serves on PORT.
import { join, resolve } from 'node:path';
import { analyticsRawDays } from '../host/analytics-config.ts';
import { isLocalBackend, supabaseUrl } from '../host/backend-url.ts';
import { localMailSettings } from '../host/mail-config.ts';
import { readPort } from '../host/serve.ts';
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
  const { mailPorts, startMailCatcher } = await import('../../supabase/local/mail-catcher.ts');
  // The database keeps raw events as long as the privacy page says (site.config.yaml analytics.rawDays).
  // track() checks products, prices and variants against the catalogue; the webhook verifies the provider's signatures.
  const root = process.cwd();
  const port = Number(url.port) || 54321;
  const catcher = await startMailCatcher({ ...mailPorts(port), dir: join(resolve(root, process.env.DATA_DIR || '.data'), 'mail') });
  const { siteUrl, siteName, ...mail } = localMailSettings(root);
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  try {
    standIn = await startStandIn({
      port, host: url.hostname, analyticsProxySecret, analyticsRawDays: analyticsRawDays(root),
      // The provider is read at each delivery: editing checkout.provider needs no restart.
      catalogue: siteCatalogue(root), checkoutProvider: () => checkoutProvider(root),
      mail: {
        smtpUrl: catcher.smtpUrl,
        distDir: process.env.OUT_DIR ? resolve(root, process.env.OUT_DIR) : join(root, 'dist'),
        settings: { ...mail, siteUrl, siteName, origin: `http://localhost:${readPort(process.env.PORT, 4173)}` },
      },
    });
  } catch (e) {
    await catcher.close();
    throw e;
  }
  console.log(`Mail the site sends (caught here, never delivered): ${catcher.url}  (MAIL_PORT; SMTP on ${catcher.smtpUrl.replace('smtp://', '')}, MAIL_SMTP_PORT)`);
  const both = { close: async () => (await standIn.close(), await catcher.close()) };
  const control = process.env.STANDIN_CONTROL_PORT;
  if (control) {
    const { startTestControl } = await import('../host/test-control.ts');
    const server = await startTestControl(standIn, Number(control), process.env.STANDIN_CONTROL_TOKEN);
    return { close: async () => (server.close(), both.close()) };
  }
  return both;
}
