import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The database and stand-in tests have their own config (supabase/vitest.config.ts): `npm run test:db`.
    include: ['tests/unit/**/*.test.ts'],
    // The run's ten slowest files at its end (tests/slowest-files.ts), and the tests that passed only on a second try (tests/flaky-tests.ts).
    reporters: ['default', './tests/slowest-files.ts', './tests/flaky-tests.ts'],
    // Under CI a failed test runs once more, as the end-to-end tests do (playwright.config.ts); the
    // reporter above names each that needed it.
    retry: process.env.CI ? 1 : 0,
    // Two files at a time at least (Vitest's default is one less than the cores: one on a 2-core
    // machine): most files wait on a child process (a build, a dev server, a browser) much of the time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A worker runs its files one after another in one module cache, not a fresh one each: loading
    // Vite, Playwright and the generator again for each of 112 files cost about 50 CPU seconds of the
    // suite's 850 (846 → 798). Nothing in the project keeps module-wide state, and a test that sets
    // process.env puts it back (backend-mismatch.test.ts).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
