// Nothing is written when anything is invalid: the build stops before touching the output folder.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../generator/build.ts';
import { makeFixture, VALID_INDEX } from './fixture.ts';

describe('build', () => {
  it('writes nothing and reports located errors when a page is invalid', async () => {
    const root = makeFixture({ 'index.yaml': VALID_INDEX, 'about.yaml': 'title: "About"\ndescription: "x"\nsections:\n  - type: nope\n' });
    const outDir = join(root, 'dist');
    await expect(buildSite(root, { outDir, quiet: true })).rejects.toThrow(/pages\/about\.yaml:4:11 sections\[0\]\.type: unknown block type "nope"/);
    expect(existsSync(outDir)).toBe(false);
  });
});
