// `npm test`'s stages (scripts/test-stages.ts): each runs even after one fails, and the table that ends
// the run gives each stage's time and names the ones that failed; .ci/run's install joins the table.
// The suites' reports of their ten slowest tests or files (tests/slowest.ts) are ordered by time.
import { describe, expect, it } from 'vitest';
import { runStages, stagesBefore, stageTable } from '../../scripts/test-stages.ts';
import { slowestLines } from '../slowest.ts';

const node = (name: string, code: string) => ({ name, command: process.execPath, args: ['-e', code] });

describe('npm test, stage by stage', () => {
  it('runs every stage, those after a failure too, and times each', async () => {
    const results = await runStages([node('first', 'process.exit(0)'), node('broken', 'process.exit(3)'), node('after', 'setTimeout(() => {}, 300)')]);
    expect(results.map((r) => [r.name, r.exit])).toEqual([['first', 0], ['broken', 3], ['after', 0]]);
    expect(results[2]!.seconds).toBeGreaterThanOrEqual(0.3);
  });

  it('says how a stage that could not start ended', async () => {
    const [r] = await runStages([{ name: 'missing', command: '/nonexistent/tool', args: [] }]);
    expect(r!.exit).toMatch(/ENOENT/);
  });

  it("ends with a table of each stage's time, naming the stages that failed", () => {
    const table = stageTable([...stagesBefore('install=84'), { name: 'unit', seconds: 605, exit: 1 }, { name: 'e2e', seconds: 59.6, exit: 0 }]);
    expect(table.split('\n')).toEqual([
      'stage      time  result',
      'install    1:24  ok',
      'unit      10:05  FAILED (exit 1)',
      'e2e        1:00  ok',
      'total     12:29  FAILED: unit',
    ]);
    expect(stageTable([{ name: 'unit', seconds: 1, exit: 0 }])).toMatch(/total\s+0:01\s+all passed$/);
  });

  it('reads the stages before it as name=seconds[:exit], and refuses anything else', () => {
    expect(stagesBefore('install=24.5:1')).toEqual([{ name: 'install', seconds: 24.5, exit: 1 }]);
    expect(stagesBefore(undefined)).toEqual([]);
    expect(() => stagesBefore('install')).toThrow(/name=seconds/);
  });

  it("lists a run's ten slowest tests, slowest first", () => {
    const timed = Array.from({ length: 12 }, (_, i) => ({ title: `pages › t${i}.spec.ts › test ${i}`, ms: ((i * 7) % 12) * 1000 }));
    const lines = slowestLines(timed);
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('   11.0 s  pages › t5.spec.ts › test 5');
    expect(lines.map((l) => Number.parseFloat(l))).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  });
});
