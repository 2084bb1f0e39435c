// `npm start [-- --format pretty|github|json]`: build when the sources changed since the last build,
// start the local Supabase stand-in (unless VITE_SUPABASE_URL points elsewhere or NO_STANDIN=1), and
// serve dist/. Invalid pages stop it with the report and exit 1; a usage error exits 2.
import './production.ts';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isLocalBackend, supabaseAnonKey, supabaseUrl } from '../host/backend-url.ts';
import { trackEndpoint } from '../../model/analytics/event.ts';
import { analyticsEnabled } from '../host/analytics-config.ts';
import { PROXY_SECRET_ENV } from '../../model/analytics/pixel.ts';
import { EXIT, parseCli, runCli, UsageError, type Command } from './args.ts';
import { report, REPORT_OPTIONS, reportOptions } from './report-options.ts';

const START: Command = {
  usage: 'npm start [-- <options>]',
  does: 'Builds the site if its sources changed, starts the local Supabase stand-in and its mail catcher (unless the site is built for a hosted project), and serves dist/ with compression, security headers and a real 404, until Ctrl-C. The start banner names the local admin, the checkout webhook\'s address, provider and secret, and where the caught mail is read.',
  options: REPORT_OPTIONS,
  env: {
    PORT: 'the site\'s port (default 4173)',
    HOST: 'the address it listens on (default 127.0.0.1; 0.0.0.0 for every interface)',
    SUPABASE_PORT: 'the stand-in\'s port (default 54321) when VITE_SUPABASE_URL is unset',
    VITE_SUPABASE_URL: 'the Supabase address pages are built for (default http://127.0.0.1:54321)',
    DATA_DIR: 'the stand-in\'s data folder (default .data)',
    MAIL_PORT: 'the mail catcher\'s inbox page and Mailpit API (default the stand-in\'s port + 3: 54324)',
    MAIL_SMTP_PORT: 'the mail catcher\'s SMTP (default the stand-in\'s port + 4: 54325)',
    OUT_DIR: 'the folder built and served (default dist)',
    EXPERIMENT_SECRET: 'chooses each visitor\'s version of a page under an experiment',
    ANALYTICS_PROXY_SECRET: 'names a no-script visitor to the database (drawn at each start for the stand-in)',
    CHECKOUT_WEBHOOK_SECRET: 'the checkout webhook\'s signing secret (default the stand-in\'s local one)',
    STANDIN_COUNT_HEADLESS: '1 to count headless browsers as the browsers they are (local only)',
    NO_STANDIN: '1 to start no stand-in',
  },
  examples: ['npm start', 'PORT=4471 SUPABASE_PORT=54471 MAIL_PORT=54472 MAIL_SMTP_PORT=54473 DATA_DIR=/tmp/site-data npm start'],
};

await runCli('start', async () => {
  const opts = reportOptions(parseCli(process.argv.slice(2), START).values);
  const root = process.cwd();
  // OUT_DIR lets several checkouts or test runs keep separate builds.
  const dist = process.env.OUT_DIR ? resolve(root, process.env.OUT_DIR) : join(root, 'dist');
  const [{ buildSite, ValidationError }, { isBuildCurrent }, { servedExperimentCount, serverSecretNote }, { readPort, startStaticServer }, { recordServing }, { startLocalBackend, willStartStandIn }] = await serving();
  if (!isBuildCurrent(root, dist)) {
    console.log('Sources changed since the last build; building…');
    try {
      const r = await buildSite(root, { outDir: dist });
      // What the build would say of EXPERIMENT_SECRET is this server's to say, below, from its own environment.
      const code = report(opts, r.warnings, r.texts, `✓ built ${r.pages.length} pages in ${r.ms} ms`);
      if (code !== EXIT.ok) return code;
    } catch (e) {
      if (e instanceof ValidationError) return report(opts, e.diagnostics, e.texts, '');
      throw e;
    }
  } else if (existsSync(dist)) {
    console.log('dist/ is current; skipping the build.');
  }

  const port = readPort(process.env.PORT, 4173);
  // The proof that this server may name a pixel's visitor to the database (model/analytics/pixel.ts): the
  // host's, or for the local stand-in one drawn now, whose hash the stand-in stores as it starts.
  const proxySecret = process.env[PROXY_SECRET_ENV] || (willStartStandIn() ? randomBytes(32).toString('base64url') : undefined);
  // Loopback unless asked: HOST=0.0.0.0 opens the site to the network (a phone on the same Wi-Fi, a container).
  const host = process.env.HOST || '127.0.0.1';
  const experimentSecret = process.env.EXPERIMENT_SECRET || undefined;
  // The site's port first: if it is taken, nothing else has been started that would keep Node alive.
  let server: Awaited<ReturnType<typeof startStaticServer>>;
  try {
    // The no-script pixel's page views go to the track function, when the site counts at all.
    const pixel = analyticsEnabled(root) ? { endpoint: trackEndpoint(supabaseUrl(), supabaseAnonKey()), secret: proxySecret } : undefined;
    if (pixel && proxySecret && proxySecret.length < 32) console.log(`${PROXY_SECRET_ENV} is shorter than 32 characters: the database never believes a key that short, so browsers without script are not counted.`);
    if (pixel && !proxySecret) console.log(`${PROXY_SECRET_ENV} is not set: browsers without script are not counted (the database cannot tell who they are; see docs/deploying/secrets.md).`);
    server = await startStaticServer({ dir: dist, port, host, pixel, experimentSecret });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new UsageError(`port ${port} is in use; set PORT to use another.`);
    throw e;
  }
  let backend: Awaited<ReturnType<typeof startLocalBackend>>;
  try {
    backend = await startLocalBackend(proxySecret);
  } catch (e) {
    server.close();
    throw e;
  }
  // A hosted project's webhook is its own Edge Function: its provider and secret are the project's secrets.
  if (!backend && !isLocalBackend(supabaseUrl())) {
    console.log(`Checkout webhook: ${supabaseUrl()}/functions/v1/checkout-webhook, the hosted project's (its provider and secret: \`supabase secrets list\`, CHECKOUT_PROVIDER and CHECKOUT_WEBHOOK_SECRET)`);
  }
  const secretNote = serverSecretNote(servedExperimentCount(dist), experimentSecret);
  if (secretNote) console.log(secretNote);
  console.log(`Site: http://${process.env.HOST ? host : 'localhost'}:${port}`);
  // So that a build into this folder meanwhile can warn when it writes another backend's address, or
  // when this server has no EXPERIMENT_SECRET for its pages under an experiment.
  const unrecord = recordServing(root, dist, supabaseUrl(), !!experimentSecret);

  // Serve until told to stop; then close everything so Node exits by itself with its output drained.
  await new Promise<void>((done) => {
    const stop = () => done();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  const closed = new Promise<void>((done) => server.close(() => done()));
  server.closeAllConnections();
  await closed;
  await backend?.close();
  unrecord();
  // Should a library still hold a handle, leave anyway once the output has had time to drain.
  setTimeout(() => process.exit(EXIT.ok), 2000).unref();
  return EXIT.ok;
});

/** The build's and the server's modules, loaded once the options are read: `--help` and a typo cost a fraction. */
function serving() {
  return Promise.all([import('../build.ts'), import('../host/build-hash.ts'), import('../host/experiment-secret.ts'), import('../host/serve.ts'), import('../host/serving-record.ts'), import('./backend.ts')]);
}
