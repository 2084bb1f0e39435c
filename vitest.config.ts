import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The database and stand-in tests have their own config (supabase/vitest.config.ts): `npm run test:db`.
    include: ['tests/unit/**/*.test.ts'],
    // The run's ten slowest files at its end (tests/slowest-files.ts).
    reporters: ['default', './tests/slowest-files.ts'],
    // Two files at a time at least (Vitest's default is one less than the cores: one on a 2-core
    // machine): most files wait on a child process (a build, a dev server, a browser) much of the time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
