// The named fixture sites (tests/fixtures/) are sites the generator accepts: a generator test that
// fails on one fails for what it changed, not for a fixture that went stale.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { fixtureDir, fixtureSite, projectRoot } from './fixture.ts';

// A fixture site is a folder with a site config (tests/fixtures also holds the studio's corpus of YAML styles).
const names = readdirSync(join(projectRoot, 'tests/fixtures')).filter((n) => statSync(fixtureDir(n)).isDirectory() && existsSync(join(fixtureDir(n), 'site.config.yaml')));

describe('fixture sites', () => {
  it('there are some', () => expect(names.length).toBeGreaterThan(0));

  it.each(names)('%s compiles without errors', (name) => {
    const root = fixtureSite(name);
    try {
      const r = compileSite(root);
      expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual([]);
      expect(r.site!.pages.length).toBeGreaterThan(0);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
