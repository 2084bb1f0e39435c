import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The database and stand-in tests have their own config (supabase/vitest.config.ts): `npm run test:db`.
    include: ['tests/unit/**/*.test.ts'],
    // The run's ten slowest files at its end (tests/slowest-files.ts).
    reporters: ['default', './tests/slowest-files.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
