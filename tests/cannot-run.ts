// A suite this machine cannot run (no PostgreSQL 15, no pgTAP, no network namespaces) never passes
// silently. Under CI (CI set, as .ci/run sets it) it fails, saying what to install; on a developer's
// machine it is skipped, and said on the terminal where the run is read.
import { describe, it } from 'vitest';

/** What a suite needs from the machine, and how to get it. */
export interface Need {
  /** What is missing, e.g. "no initdb/pg_ctl in /usr/lib/postgresql/15/bin". */
  missing: string;
  /** How to get it, e.g. "apt-get install postgresql-15 (or set PG_BIN)". */
  install: string;
}

export const POSTGRES_15 = (bin: string): Need => ({ missing: `no initdb/pg_ctl in ${bin}`, install: 'apt-get install postgresql-15 (or set PG_BIN to its bin folder)' });

/** In place of a suite: a failure under CI, a loud skip elsewhere. */
export function cannotRun(suite: string, need: Need): void {
  const message = `${suite} cannot run on this machine: ${need.missing}. To run it: ${need.install}`;
  if (process.env.CI) {
    describe(suite, () => {
      it(`cannot run: ${need.missing}`, () => {
        throw new Error(message);
      });
    });
    return;
  }
  console.warn(`\n⚠ ${message}. Skipped here; under CI (CI=true) it fails.\n`);
  describe(suite, () => {
    it.skip(`skipped: ${need.missing} (${need.install})`, () => {});
  });
}
