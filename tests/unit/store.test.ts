// The one store a build opens holds everything the build keeps: its own counts, its own reading of the
// code (the import memo, in its cache folder), its compile cache (written by the store once the compile
// is valid). Two stores in one process share nothing, and nothing is written outside `cacheDir`.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { openStore } from '../../generator/store/store.ts';
import { makeFixture, VALID_INDEX } from './fixture.ts';

const dirs: string[] = [];
const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('the store', () => {
  it('keeps its compile cache and import memo in its cacheDir, and counts only its own builds', async () => {
    const root = makeFixture({ 'index.yaml': VALID_INDEX });
    const [a, b] = [temp('store-a-'), temp('store-b-')];
    const first = openStore({ root, outDir: join(root, 'dist'), cacheDir: a, clean: true });
    const compiled = compileSite(root, { cache: first.compileCache });
    expect(compiled.ok).toBe(true);
    first.compiled();
    await first.close(false);
    // Read with the code's digest (the store's reading of the code), written under its cacheDir only.
    expect(existsSync(join(a, 'imports.json'))).toBe(true);
    const files = first.stats.snapshot()['parse and validate']!;
    expect(files.recomputed).toBeGreaterThan(0);
    expect(files.reused).toBe(0);

    // A second store over another folder starts from nothing: no counts, no cache of the first one's.
    const second = openStore({ root, outDir: join(root, 'dist'), cacheDir: b });
    expect(second.stats.snapshot()).toEqual({});
    compileSite(root, { cache: second.compileCache });
    expect(second.stats.snapshot()['parse and validate']!.reused).toBe(0);
    await second.close(false);

    // The first folder's cache is reused by a store opened over it again; the first store's counts do not move.
    const again = openStore({ root, outDir: join(root, 'dist'), cacheDir: a });
    compileSite(root, { cache: again.compileCache });
    expect(again.stats.snapshot()['parse and validate']).toEqual({ reused: files.recomputed, recomputed: 0 });
    expect(first.stats.snapshot()['parse and validate']).toEqual(files);
    await again.close(false);
  });

  it('writes the compile cache only when the compile is valid, and only once', async () => {
    const root = makeFixture({ 'index.yaml': VALID_INDEX });
    const cacheDir = temp('store-c-');
    const store = openStore({ root, outDir: join(root, 'dist'), cacheDir });
    compileSite(root, { cache: store.compileCache });
    await store.close(false);
    // Never told the compile was valid: nothing of it is on disk.
    const compileFiles = () => (existsSync(cacheDir) ? readdirSync(cacheDir).filter((f) => f.startsWith('compile-')) : []);
    expect(compileFiles()).toEqual([]);

    const valid = openStore({ root, outDir: join(root, 'dist'), cacheDir });
    compileSite(root, { cache: valid.compileCache });
    valid.compiled();
    expect(() => valid.compiled()).toThrow(/written twice/);
    await valid.close(false);
    expect(compileFiles()).toHaveLength(1);
  });
});
