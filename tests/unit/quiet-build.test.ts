// A build prints what needs reading and nothing else: the client build (Vite and Rolldown, in the child
// process every build starts, whose output the build passes on) prints no [PLUGIN_TIMINGS] report and
// no raw colour codes into logs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { VITE_DONE } from '../../generator/client/cached-build.ts';
import { projectRoot } from './fixture.ts';

const out = mkdtempSync(join(tmpdir(), 'quiet-client-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

it('the client build, run as a build runs it, prints no timings report and no colour codes', () => {
  // The arguments and environment of generator/client/cached-build.ts's viteBuild (not quiet: warnings shown).
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(projectRoot, 'generator/client/vite-build.ts'), out, 'warn'], {
    cwd: projectRoot,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  expect(r.status, r.stderr).toBe(0);
  const printed = `${r.stdout.replace(`${VITE_DONE}\n`, '')}${r.stderr}`;
  expect(printed).not.toContain('PLUGIN_TIMINGS');
  expect(printed).not.toContain('\u001b[');
}, 300_000);
