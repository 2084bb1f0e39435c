// A build prints what needs reading and nothing else: the client build (Vite and Rolldown, in the child
// process every build starts, whose output the build passes on) prints no [PLUGIN_TIMINGS] report and
// no raw colour codes into logs, under CI too (.ci/run sets CI=true, and Vite colours whenever CI is set).
// Warnings may still be printed: they are what needs reading.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { VITE_DONE, viteBuildEnv } from '../../generator/client/cached-build.ts';
import { projectRoot } from './fixture.ts';

const out = mkdtempSync(join(tmpdir(), 'quiet-client-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

it('the client build, run as a build runs it under CI, prints no timings report and no colour codes', () => {
  // The arguments and environment of generator/client/cached-build.ts's viteBuild (not quiet: warnings shown).
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(projectRoot, 'generator/client/vite-build.ts'), out, 'warn'], {
    cwd: projectRoot,
    encoding: 'utf8',
    env: viteBuildEnv({ ...process.env, CI: 'true' }),
  });
  expect(r.status, r.stderr).toBe(0);
  const printed = `${r.stdout.replace(`${VITE_DONE}\n`, '')}${r.stderr}`;
  expect(printed).not.toContain('PLUGIN_TIMINGS');
  expect(printed).not.toContain('\u001b[');
}, 300_000);

it('a warning Vite prints in the client build’s environment under CI carries no colour codes, though CI alone colours it', () => {
  // Today's client build may print no warning at all; Vite's own logger shows what one would look like.
  const warn = (env: NodeJS.ProcessEnv) =>
    spawnSync(process.execPath, ['--input-type=module', '-e', "const { createLogger } = await import('vite'); createLogger('warn').warn('a warning', { timestamp: true });"], { cwd: projectRoot, encoding: 'utf8', env });
  const coloured = warn({ ...process.env, CI: 'true', NO_COLOR: undefined, FORCE_COLOR: undefined });
  expect(coloured.stdout + coloured.stderr).toContain('\u001b[');
  const plain = warn(viteBuildEnv({ ...process.env, CI: 'true' }));
  expect(plain.status, plain.stderr).toBe(0);
  expect(plain.stdout + plain.stderr).toContain('[vite] a warning');
  expect(plain.stdout + plain.stderr).not.toContain('\u001b[');
});
