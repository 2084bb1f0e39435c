// `npm test`'s stages (generator/cli/test-stages.ts): they run at once, each to its end though another fails;
// each one's output is printed whole as it ends, never mixed with another's; the background stages run
// at a lower priority; and the table that ends the run gives each stage's time and names the ones that
// failed, .ci/run's install among them. The suites' reports of their ten slowest tests or files
// (tests/slowest.ts) are ordered by time.
import { describe, expect, it } from 'vitest';
import { BACKGROUND_PRIORITY, runStages, stagesBefore, stageTable, type Stage } from '../../generator/cli/test-stages.ts';
import { slowestLines } from '../slowest.ts';

const node = (name: string, code: string, background = false): Stage => ({ name, script: name, command: process.execPath, args: ['-e', code], background });

/** runStages with what it prints kept. */
async function run(stages: Stage[], heartbeatMs?: number) {
  const printed: string[] = [];
  const results = await runStages(stages, (t) => printed.push(t), heartbeatMs);
  return { results, printed };
}

describe('npm test, stage by stage', () => {
  it('runs the stages at once, each to its end though another fails, and prints each output whole as it ends', async () => {
    const started = performance.now();
    const { results, printed } = await run([
      node('slow', "console.log('slow 1'); setTimeout(() => console.error('slow 2'), 500); setTimeout(() => console.log('slow 3'), 700)"),
      node('broken', "console.log('broken 1'); process.exit(3)"),
      node('quick', "console.log('quick 1')"),
    ]);
    // At once: the whole run takes about as long as its slowest stage, not the sum.
    expect((performance.now() - started) / 1000).toBeLessThan(results[0]!.seconds + 0.5);
    expect(results.map((r) => [r.name, r.exit])).toEqual([['slow', 0], ['broken', 3], ['quick', 0]]);
    expect(results[0]!.seconds).toBeGreaterThanOrEqual(0.7);
    const blocks = printed.filter((p) => p.includes('━━'));
    expect(blocks.map((b) => /━━ (\w+)/.exec(b)![1])).toEqual(expect.arrayContaining(['broken', 'quick']));
    expect(blocks.at(-1)).toMatch(/━━ slow .*: ok after 0:01 ━━\nslow 1\nslow 2\nslow 3\n$/);
    expect(blocks.find((b) => b.includes('━━ broken'))).toMatch(/FAILED \(exit 3\)[^\n]*\nbroken 1\n$/);
  });

  it('runs a background stage at a lower priority, and says which stages are still running', async () => {
    const { results, printed } = await run([node('suite', "setTimeout(() => console.log('niceness', require('os').getPriority()), 400)", true)], 100);
    expect(results[0]!.exit).toBe(0);
    expect(printed.join('')).toContain(`niceness ${BACKGROUND_PRIORITY}`);
    expect(printed.some((p) => /^… 0:00: still running: suite$/m.test(p))).toBe(true);
  });

  it('says how a stage that could not start ended', async () => {
    const { results } = await run([{ name: 'missing', script: 'missing', command: '/nonexistent/tool', args: [] }]);
    expect(results[0]!.exit).toMatch(/ENOENT/);
  });

  it("ends with a table of each stage's time and the whole run's, naming the stages that failed", () => {
    const table = stageTable([...stagesBefore('install=84'), { name: 'unit', seconds: 605, exit: 1 }, { name: 'e2e', seconds: 59.6, exit: 0 }], 689);
    expect(table.split('\n')).toEqual([
      'stage      time  result',
      'install    1:24  ok',
      'unit      10:05  FAILED (exit 1)',
      'e2e        1:00  ok',
      'total     11:29  FAILED: unit',
    ]);
    expect(stageTable([{ name: 'unit', seconds: 1, exit: 0 }], 1)).toMatch(/total\s+0:01\s+all passed$/);
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
