// `npm run pr-summary` (the pull-request workflow's job summary) on a branch of the minimal fixture
// site: the located report, and the routes the branch's page changes affect.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureSite, projectRoot } from './fixture.ts';
import { TSX_LOADER } from './tsx-loader.ts';

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

/** The minimal site on main, and a branch `change` where `edit` rewrote its landing page. */
function branch(edit: (text: string) => string): string {
  const root = fixtureSite('minimal-site');
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '-A');
  git(root, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'site');
  git(root, 'checkout', '-qb', 'change');
  const file = join(root, 'pages/index.yaml');
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
  git(root, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qam', 'change');
  return root;
}

function summary(root: string): { code: number | null; text: string } {
  const out = join(root, '.summary.md');
  writeFileSync(out, '');
  const r = spawnSync(process.execPath, [...TSX_LOADER, join(projectRoot, 'generator/cli/pr-summary.ts'), '--base', 'main'], { cwd: root, encoding: 'utf8', env: { ...process.env, GITHUB_STEP_SUMMARY: out } });
  if (r.status !== 0) throw new Error(r.stderr);
  return { code: r.status, text: readFileSync(out, 'utf8') };
}

describe('npm run pr-summary', () => {
  it('lists the routes a page change affects, on a valid site', () => {
    const root = branch((t) => t.replace(/headline: .*/, 'headline: "A new headline"'));
    const { text } = summary(root);
    expect(text).toContain('✓ Valid');
    expect(text).toContain('`pages/index.yaml`');
    expect(text).toMatch(/^\| `\/` \| /m);
  }, 120_000);

  it('gives the located report of an invalid one', () => {
    const root = branch((t) => t.replace('featured: instagram', 'featured: no-such-product'));
    const { text } = summary(root);
    expect(text).toMatch(/✗ \d+ error/);
    expect(text).toMatch(/pages\/index\.yaml:\d+:\d+/);
    expect(text).toContain('no-such-product');
  }, 120_000);
});
