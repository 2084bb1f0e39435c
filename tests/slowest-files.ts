// A Vitest reporter (vitest.config.ts, supabase/vitest.config.ts, beside the default one): at the end of
// a run, the ten slowest test files, each with its import and hooks counted, so the next change to the
// suite's length starts from where the time goes.
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { slowestLines } from './slowest.ts';

export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    if (modules.length < 2) return;
    const timed = modules.map((m) => {
      const d = m.diagnostic();
      return { title: relative(process.cwd(), m.moduleId), ms: d.collectDuration + d.setupDuration + d.duration };
    });
    console.log(`\nSlowest test files (of ${timed.length}; import and hooks included):\n${slowestLines(timed).join('\n')}`);
  }
}
