// The compile cache keeps each file's parse and validation results by its text. Two files with the
// same text (a copied page) must each keep their own diagnostics, on a cold compile and a cached one.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { schemasDigest } from '../../generator/core/load.ts';
import { compileSite } from '../../generator/core/compile.ts';
import { CompileCache, contentKey } from '../../generator/store/compile-cache.ts';
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

  it('written in the background, a megabyte at a time, whole and then appended, reads back entry for entry', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'compile-cache-'));
    try {
      const file = join(folder, 'cache.lines');
      // 3,000 entries of about a kilobyte: the file is written in several pieces.
      const entries = Array.from({ length: 3000 }, (_, i) => [contentKey('page', `text ${i}`), JSON.stringify({ data: { n: i, body: 'x'.repeat(1000) } })] as const);
      const first = new CompileCache(file);
      first.begin(schemasDigest(dir));
      first.writeInBackground = true;
      for (const [key, json] of entries.slice(0, 2500)) first.setRaw(key, json);
      first.save();
      await first.written;
      const second = new CompileCache(file);
      second.begin(schemasDigest(dir));
      expect(second.size).toBe(2500);
      second.writeInBackground = true;
      for (const [key, json] of entries.slice(0, 2500)) second.setRaw(key, json);
      for (const [key, json] of entries.slice(2500)) second.setRaw(key, json);
      second.save();
      await second.written;
      const third = new CompileCache(file);
      third.begin(schemasDigest(dir));
      expect(third.size).toBe(3000);
      for (let i = 0; i < 3000; i += 499) expect(third.get('page', `text ${i}`)).toEqual({ data: { n: i, body: 'x'.repeat(1000) } });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
