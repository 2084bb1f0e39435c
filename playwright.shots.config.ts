// Screenshots for review, not tests: `npx playwright test -c playwright.shots.config.ts` against a running
// `npm start` (E2E_PORT, E2E_SUPABASE_PORT and STANDIN_CONTROL_TOKEN as it was started with). The
// pictures go to SHOTS_DIR (default .tmp/shots).
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './generator/chromium.ts';
import { E2E_PORT } from './tests/ports.ts';

const PORT = E2E_PORT;

export default defineConfig({
  testDir: 'tests/shots',
  testMatch: /\.shots\.ts$/,
  workers: 1,
  timeout: 300_000,
  reporter: 'list',
  use: {
    baseURL: `http://localhost:${PORT}`,
    // The script serves the admin page's HTML itself (with funnels in its props); Chromium counts a page
    // served that way as public, and would refuse its calls to the local database on 127.0.0.1.
    launchOptions: { ...chromiumLaunchOptions, args: [...(chromiumLaunchOptions.args ?? []), '--disable-features=LocalNetworkAccessChecks,PrivateNetworkAccessRespectPreflightResults,BlockInsecurePrivateNetworkRequests'] },
    browserName: 'chromium',
  },
});
