// A Vitest reporter (vitest.config.ts, supabase/vitest.config.ts): under CI a failed test runs once more
// (`retry`), as Playwright's do, so one unlucky moment on a loaded machine does not fail the run. A test
// that passed only on its second try is still a fault to fix: at the end of the run each is named here,
// with its file and why its first try failed, so a green run never hides one.
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export default class FlakyTests implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const flaky = modules.flatMap((m) =>
      [...m.children.allTests()].filter((t) => t.diagnostic()?.flaky).map((t) => {
        const first = t.result().errors?.[0]?.message?.split('\n')[0] ?? 'no message kept';
        return `  ${relative(process.cwd(), m.moduleId)} > ${t.fullName}\n    first try: ${first}`;
      }),
    );
    if (flaky.length) console.log(`\nPassed only on a second try (flaky: each is a fault to fix):\n${flaky.join('\n')}`);
  }
}
