// End-to-end tests in a real Chromium (found by generator/chromium.ts) against `npm start`: the built
// site and the local Supabase stand-in, one server shared by every worker.
//
// Tests run in parallel, each file's tests spread over the workers, because almost all of them only read
// the site: each test has its own browser context, so its storage, routes and fake clock (page.clock) are
// its own. The specs that write the shared database and read back what it holds (the admin area's totals
// count every captured address and message, and its inbox shows the newest message first; a form sent
// before hydration writes one) make the `database` project, whose tests run one after another on one
// worker while the other workers run the rest. It comes first, so it starts at once.
import { randomBytes } from 'node:crypto';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './generator/chromium.ts';
import { E2E_PORT, E2E_SUPABASE_PORT } from './tests/ports.ts';

const PORT = E2E_PORT;
const DATABASE_SPECS = /\/(admin-area|admin-upload|analytics|before-hydration|capture|contact|owners-list|list-screen)\.spec\.ts$/;
// Count every page view, buy click and capture the database holds (and every version of / seen), so
// they run alone, after the rest.
const ALONE_SPECS = /\/(admin-insights|experiment-admin)\.spec\.ts$/;
// The test control server's token (generator/host/test-control.ts), random each run. Set here, in the
// runner's environment, so the server and the workers (which inherit it and load this file again)
// share it.
process.env.STANDIN_CONTROL_TOKEN ??= randomBytes(32).toString('base64url');

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Every core: a test spends much of its time waiting on the page, the server or a fake clock.
  workers: '100%',
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // The list as it runs, then the ten slowest tests (tests/e2e/slowest-reporter.ts).
  reporter: [['list'], ['./tests/e2e/slowest-reporter.ts']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: chromiumLaunchOptions,
    browserName: 'chromium',
  },
  projects: [
    { name: 'database', testMatch: DATABASE_SPECS, fullyParallel: false, workers: 1 },
    { name: 'pages', testIgnore: [DATABASE_SPECS, ALONE_SPECS] },
    { name: 'alone', testMatch: ALONE_SPECS, fullyParallel: false, workers: 1, dependencies: ['database', 'pages'] },
  ],
  webServer: {
    command: 'npm start',
    // Ready when the last thing npm start opens answers: the control server (403 without its token,
    // which Playwright counts as up), after the site and the stand-in. The site alone is up first.
    url: `http://127.0.0.1:${PORT + 1}/`,
    timeout: 300_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      VITE_SUPABASE_URL: `http://127.0.0.1:${E2E_SUPABASE_PORT}`,
      DATA_DIR: `.data/e2e-${PORT}`,
      STANDIN_CONTROL_PORT: String(PORT + 1),
      // The mail catcher beside them (tests/e2e/mail.ts reads its API), so a run on other ports brings its
      // own; above the ports the specs serve their own sites on (PORT + 3 to PORT + 8).
      MAIL_PORT: String(PORT + 10),
      MAIL_SMTP_PORT: String(PORT + 11),
      STANDIN_CONTROL_TOKEN: process.env.STANDIN_CONTROL_TOKEN,
      ...(process.env.OUT_DIR ? { OUT_DIR: process.env.OUT_DIR } : {}),
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
