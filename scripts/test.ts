// `npm test`: every check, as CI runs it (.ci/run runs this): validate, typecheck, then the unit, database
// and end-to-end suites, each its own npm script, so one stage can be run alone (`npm run test:unit`).
// Every stage runs even after one fails, and a table of their times ends the output, naming what failed
// (scripts/test-stages.ts). TEST_STAGES_BEFORE adds stages run before this one to the table: .ci/run's
// install, as `install=SECONDS`.
import { failed, runStages, stagesBefore, stageTable } from './test-stages.ts';

const npm = (name: string, script: string) => ({ name, command: 'npm', args: ['run', '--silent', script] });
const STAGES = [npm('validate', 'validate'), npm('typecheck', 'typecheck'), npm('unit', 'test:unit'), npm('db', 'test:db'), npm('e2e', 'test:e2e')];

const before = stagesBefore(process.env.TEST_STAGES_BEFORE);
const results = [...before, ...(await runStages(STAGES))];
console.log(`\nnpm test, stage by stage:\n${stageTable(results)}`);
process.exitCode = results.some(failed) ? 1 : 0;
