import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/db/**/*.test.ts', 'tests/standin/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
