// The compile cache keeps each file's parse and validation results by its text. Two files with the
// same text (a copied page) must each keep their own diagnostics, on a cold compile and a cached one.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/compile.ts';
import { CompileCache } from '../../generator/incremental/compile-cache.ts';
import { makeFixture, VALID_INDEX } from './fixture.ts';

const BROKEN = `title: "Offer"
description: "An offer page."
sections:
  - type: heading
    text: 42
`;

const dir = makeFixture({ 'index.yaml': VALID_INDEX, 'offer.yaml': BROKEN, 'offer-copy.yaml': BROKEN });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('compile cache', () => {
  it('reports a copied file’s errors at the copy, cold and from the cache', () => {
    const cache = new CompileCache();
    for (const run of ['cold', 'cached']) {
      const files = compileSite(dir, { cache }).diagnostics.filter((d) => d.severity === 'error').map((d) => d.file).sort();
      expect(files, run).toEqual(['pages/offer-copy.yaml', 'pages/offer.yaml']);
    }
  });

  it('forgets a file’s result when its text changes', () => {
    const cache = new CompileCache();
    expect(compileSite(dir, { cache }).ok).toBe(false);
    writeFileSync(join(dir, 'pages/offer.yaml'), VALID_INDEX.replace('"Home"', '"Offer"'));
    writeFileSync(join(dir, 'pages/offer-copy.yaml'), VALID_INDEX.replace('"Home"', '"Offer copy"'));
    expect(compileSite(dir, { cache }).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});
