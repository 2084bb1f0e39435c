// buildSite leaves no state behind in the process: what a build reuses comes from its store, opened
// and closed by the build, never from a module of the process. Two builds in one process, the first
// with --clean, report and write what two builds in two processes do, on the same caches' start.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { treeDifferences } from '../../generator/bench/scale.ts';
import { copyProject, projectRoot } from './fixture.ts';

const AS_OF = '2026-02-01T12:00:00Z';
let root = '';
const dirs: string[] = [];
const dir = (name: string) => {
  const d = `${root}-${name}`;
  dirs.push(d);
  return d;
};

/** The tsx script on the site in `root`, with caches of its own; each build's report, parsed. */
function run(args: string[], caches: string) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', ...args], {
    cwd: projectRoot,
    encoding: 'utf8',
    env: { ...process.env, BUILD_ROOT: root, SITE_CACHE_DIR: caches, AS_OF, VITE_SUPABASE_ANON_KEY: '', EXPERIMENT_SECRET: '', NO_COLOR: '1', NODE_ENV: 'production' },
  });
  expect(r.status, r.stderr + r.stdout).toBe(0);
  return r.stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
}

let together: Record<string, unknown>[] = [];
let apart: Record<string, unknown>[] = [];
beforeAll(() => {
  root = copyProject('build-state-', 'experiment-site');
  const script = join(projectRoot, 'tests/unit/build-twice.ts');
  together = run([script, '--clean', dir('one-a'), dir('one-b')], dir('one-caches'));
  const cachesApart = dir('two-caches');
  apart = [...run([script, '--clean', dir('two-a')], cachesApart), ...run([script, dir('two-b')], cachesApart)];
}, 300_000);
afterAll(() => {
  for (const d of [root, ...dirs]) rmSync(d, { recursive: true, force: true });
});

describe('buildSite leaves no module-level state behind', () => {
  it('reports the same for two builds in one process as for two in two processes', () => {
    expect(together).toHaveLength(2);
    expect(apart).toHaveLength(2);
    // The first builds anew; the second, into another folder, reuses what the first stored.
    expect(together[0]!.clientBuilt).toBe(true);
    expect(together[1]!.clientBuilt).toBe(false);
    expect(together).toEqual(apart);
  });

  it('writes the same files', () => {
    expect(treeDifferences(`${root}-one-a`, `${root}-two-a`)).toEqual([]);
    expect(treeDifferences(`${root}-one-b`, `${root}-two-b`)).toEqual([]);
  });
});
