// The slowest of a run's tests or test files, for the reports that end each suite's run: the e2e
// reporter (tests/e2e/slowest-reporter.ts) and Vitest's (tests/slowest-files.ts).

export interface Timed {
  title: string;
  ms: number;
}

/** The `count` slowest, longest first, as lines `  12.3 s  title`. */
export function slowestLines(timed: readonly Timed[], count = 10): string[] {
  return [...timed]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map((t) => `${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.title}`);
}
