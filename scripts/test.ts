// `npm test`: every check, as CI runs it (.ci/run runs this): validate, typecheck, and the unit, database
// and end-to-end suites, all at once (TEST_STAGES and why, in test-stages.ts), each one's output printed
// whole as it ends; then a table of their times, naming what failed. TEST_STAGES_BEFORE adds stages run
// before this one to the table: .ci/run's install, as `install=SECONDS`.
import { failed, runStages, stagesBefore, stageTable, TEST_STAGES } from './test-stages.ts';

const started = performance.now();
const before = stagesBefore(process.env.TEST_STAGES_BEFORE);
const results = [...before, ...(await runStages(TEST_STAGES))];
const total = before.reduce((s, r) => s + r.seconds, 0) + (performance.now() - started) / 1000;
console.log(`\nnpm test, stage by stage (the stages ran at once):\n${stageTable(results, total)}`);
process.exitCode = results.some(failed) ? 1 : 0;
