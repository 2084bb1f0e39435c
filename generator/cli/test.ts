// `npm test`: every check, as CI runs it (.ci/run runs this): validate, typecheck, and the unit, database
// and end-to-end suites, all at once (TEST_STAGES and why, in test-stages.ts), each one's output printed
// whole as it ends; then a table of their times, naming what failed. TEST_STAGES_BEFORE adds stages run
// before this one to the table: .ci/run's install, as `install=SECONDS`. A command rather than a chain
// of `&&` in package.json, because npm appends arguments to a chain's last command only: `npm test --
// --help` would have run four suites first.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT, parseCli, runCli, type Command } from './args.ts';
import { failed, runStages, stagesBefore, stageTable, TEST_STAGES } from './test-stages.ts';

const TEST: Command = {
  usage: 'npm test',
  does: `Runs every check CI runs, all at once, each to its end: ${TEST_STAGES.map((s) => `npm run ${s.script}`).join(', ')}. Each one's output is printed whole as it ends, then a table of each stage's time names any that failed (exit 1). Each also runs alone.`,
  env: {
    CI: 'set (as .ci/run does): a suite this machine cannot run (pgTAP, PostgreSQL 15, network namespaces) fails, naming what to install, instead of being skipped loudly',
    TEST_STAGES_BEFORE: 'stages run before this one, for the table: name=seconds[:exit], comma-separated (.ci/run gives its install)',
    CHROME_PATH: 'the Chromium the end-to-end tests drive (default /usr/bin/chromium-headless-shell, else /usr/bin/chromium)',
    E2E_PORT: 'the end-to-end suite\'s site port (default 4310)',
    E2E_SUPABASE_PORT: 'its stand-in\'s port (default E2E_PORT + 30: 4340)',
    PG_BIN: 'PostgreSQL 15\'s binaries for the database suite (default /usr/lib/postgresql/15/bin)',
  },
  examples: ['npm test', 'E2E_PORT=4470 npm test'],
};

async function main(): Promise<number> {
  parseCli(process.argv.slice(2), TEST);
  const started = performance.now();
  const before = stagesBefore(process.env.TEST_STAGES_BEFORE);
  const results = [...before, ...(await runStages(TEST_STAGES))];
  const total = before.reduce((s, r) => s + r.seconds, 0) + (performance.now() - started) / 1000;
  console.log(`\nnpm test, stage by stage (the stages ran at once):\n${stageTable(results, total)}`);
  return results.some(failed) ? EXIT.invalid : EXIT.ok;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await runCli('test', main);
