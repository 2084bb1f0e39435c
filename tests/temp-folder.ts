// Every temporary file a test run makes, in one folder of the run's own that goes when the run ends: the
// throwaway sites, project copies, data folders and browser profiles the tests make (and the commands
// they run make) under the system's temporary folder. The suites made about 400 of them a run (273
// minimal sites from makeFixture alone, 120 MB), and each stayed in /tmp. TMPDIR is what Node's
// os.tmpdir(), PostgreSQL's tools and Chromium read; the folder's name is short, as PostgreSQL's socket
// path must be. The global setup of both Vitest configs and of Playwright's: each runs it in the
// runner's process before its workers start, and they inherit the variable.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Points TMPDIR at a new folder; returns what removes it and puts TMPDIR back. */
export function useRunTempFolder(): () => void {
  const before = process.env.TMPDIR;
  const dir = mkdtempSync(join(tmpdir(), 'detox-tests-'));
  // Open to every user as /tmp is (sticky): a throwaway PostgreSQL runs as postgres when the tests run as root.
  chmodSync(dir, 0o1777);
  process.env.TMPDIR = dir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  };
}

/** The global setup: what it returns is the teardown, for Vitest and Playwright alike. */
export default function setup(): () => void {
  return useRunTempFolder();
}
