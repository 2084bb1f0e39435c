// End-to-end tests in a real Chromium against `npm start` (built site + local Supabase stand-in).
// The browser: see tests/browser.ts.
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './generator/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 4310);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'npm start',
    url: `http://localhost:${PORT}/`,
    timeout: 300_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      VITE_SUPABASE_URL: `http://127.0.0.1:${process.env.E2E_SUPABASE_PORT ?? '54321'}`,
      DATA_DIR: `.data/e2e-${PORT}`,
      STANDIN_CONTROL_PORT: String(PORT + 1),
      ...(process.env.OUT_DIR ? { OUT_DIR: process.env.OUT_DIR } : {}),
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
