// Vitest settings for the backend's tests (tests/db, tests/standin):
//   npx vitest run --config supabase/vitest.config.ts
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['tests/db/**/*.test.ts', 'tests/standin/**/*.test.ts'],
    environment: 'node',
    // The run's ten slowest files at its end (tests/slowest-files.ts), and the tests that passed only on a second try (tests/flaky-tests.ts).
    reporters: ['default', './tests/slowest-files.ts', './tests/flaky-tests.ts'],
    // Under CI a failed test runs once more, as the end-to-end tests do (playwright.config.ts); the
    // reporter above names each that needed it.
    retry: process.env.CI ? 1 : 0,
    // One stand-in for all tests/standin files (see the file for why).
    globalSetup: ['tests/standin/global-setup.ts'],
    // A worker runs its files one after another in one module cache (see ../vitest.config.ts): PGlite's
    // WebAssembly is then loaded once a worker, not once a file (266 → 227 CPU seconds for the suite).
    isolate: false,
    // Each file starts its own database (PGlite takes a few seconds to boot).
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
