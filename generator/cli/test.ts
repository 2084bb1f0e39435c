// `npm test`: every check CI runs, in order, stopping at the first that fails, with its exit code:
// validate, typecheck, then the unit, database and end-to-end suites. Each is an npm script of its own
// that also runs alone. A command rather than a chain of `&&` in package.json, because npm appends
// arguments to a chain's last command only: `npm test -- --help` would have run four suites first.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT, parseCli, runCli, type Command } from './args.ts';

/** The npm scripts `npm test` runs, in order (the shipped workflow runs each too: ci-reports.test.ts). */
export const STEPS = ['validate', 'typecheck', 'test:unit', 'test:db', 'test:e2e'] as const;

const TEST: Command = {
  usage: 'npm test',
  does: `Runs every check CI runs, in order, stopping at the first that fails: ${STEPS.map((s) => `npm run ${s}`).join(', ')}. Each also runs alone.`,
  env: {
    CHROME_PATH: 'the Chromium the end-to-end tests drive (default /usr/bin/chromium)',
    E2E_PORT: 'the end-to-end suite\'s site port (default 4310)',
    E2E_SUPABASE_PORT: 'its stand-in\'s port (default 54321)',
    PG_BIN: 'PostgreSQL 15\'s binaries for the database suite (default /usr/lib/postgresql/15/bin)',
  },
  examples: ['npm test', 'E2E_PORT=4470 E2E_SUPABASE_PORT=54470 npm test'],
};

function main(): number {
  parseCli(process.argv.slice(2), TEST);
  // The npm that runs this runs the steps too (npm_execpath), else the one on PATH.
  const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
  for (const step of STEPS) {
    const r = spawnSync(npm[0]!, [...npm.slice(1), 'run', step], { stdio: 'inherit' });
    if (r.status !== 0) return r.status ?? EXIT.invalid;
  }
  return EXIT.ok;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await runCli('test', main);
