// `npm run fuzz` as CI runs it, on the frozen blog-site fixture (tests/fixtures/blog-site), so new
// content never changes what it draws: 1,000 seeded hostile documents made from its pages and config,
// with no crash, no run over 2 s of CPU, and no diagnostic outside its file.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { mutate, MUTATION_NAMES, rng } from '../../generator/fuzz/mutate.ts';
import { fixtureDir, projectRoot } from './fixture.ts';
import { TSX_LOADER } from './tsx-loader.ts';

describe('npm run fuzz', () => {
  it('mutates the same way for the same seed, and differently for another', () => {
    const text = 'title: "A"\ndescription: "B"\nsections:\n  - type: paragraph\n    text: "Read [this](/blog)."\n';
    const a = Array.from({ length: 20 }, (_, i) => mutate(text, rng(i)).bytes.toString('base64'));
    const b = Array.from({ length: 20 }, (_, i) => mutate(text, rng(i)).bytes.toString('base64'));
    expect(a).toEqual(b);
    expect(new Set(a).size).toBeGreaterThan(10);
    expect(MUTATION_NAMES.length).toBeGreaterThan(15);
  });

  it('finds nothing in 1,000 seeded documents made from the blog-site fixture', () => {
    const r = spawnSync(process.execPath, [...TSX_LOADER, 'generator/cli/fuzz.ts', '--count', '1000', '--seed', '1', '--site', fixtureDir('blog-site')], { cwd: projectRoot, encoding: 'utf8' });
    console.log(r.stdout.trim());
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('crashes 0, hangs 0, over 2 s 0, diagnostics outside the file 0');
  }, 180_000);
});
