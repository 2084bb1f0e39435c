// A Playwright reporter (playwright.config.ts, beside `list`): at the end of a run, the ten slowest
// tests, each attempt counted, with its project and file, and how long the whole run took, so the
// next change to the suite's length starts from where the time goes.
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { slowestLines, type Timed } from '../slowest.ts';

export default class SlowestReporter implements Reporter {
  private readonly timed: Timed[] = [];
  private readonly started = Date.now();

  onTestEnd(test: TestCase, result: TestResult): void {
    const [, project, ...path] = test.titlePath();
    const retry = result.retry ? ` (retry ${result.retry})` : '';
    this.timed.push({ title: `${[project, ...path].filter(Boolean).join(' › ')}${retry}`, ms: result.duration });
  }

  onEnd(result: FullResult): void {
    if (!this.timed.length) return;
    const total = this.timed.reduce((s, t) => s + t.ms, 0);
    console.log(`\nSlowest tests (of ${this.timed.length}, ${(total / 1000).toFixed(0)} s of test time; the run took ${((Date.now() - this.started) / 1000).toFixed(0)} s, ${result.status}):`);
    console.log(slowestLines(this.timed).join('\n'));
  }

  printsToStdio(): boolean {
    return false;
  }
}
