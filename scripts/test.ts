// `npm test`: every check, as CI runs it (.ci/run runs this): validate, typecheck, then the unit, database
// and end-to-end suites (TEST_STAGES in test-stages.ts). Every stage runs even after one fails, and a table of their times ends the output, naming what failed
// (scripts/test-stages.ts). TEST_STAGES_BEFORE adds stages run before this one to the table: .ci/run's
// install, as `install=SECONDS`.
import { failed, runStages, stagesBefore, stageTable, TEST_STAGES } from './test-stages.ts';

const before = stagesBefore(process.env.TEST_STAGES_BEFORE);
const results = [...before, ...(await runStages(TEST_STAGES))];
console.log(`\nnpm test, stage by stage:\n${stageTable(results)}`);
process.exitCode = results.some(failed) ? 1 : 0;
