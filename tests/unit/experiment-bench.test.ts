// The experiments' page bench (generator/bench/experiment-pages.ts): what it counts as a page's script,
// and which figures it reports over budget. The bench itself (`npm run bench -- --experiments`) builds
// the experiment-site fixture and runs Lighthouse; these check its arithmetic on given figures.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeExperimentPages, scriptBytesOf, type ExperimentPageFigures } from '../../generator/bench/experiment-pages.ts';

const dir = mkdtempSync(join(tmpdir(), 'experiment-bench-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (lcpMs: number, cls = 0, scriptBytes = 1000) => ({ score: 100, lcpMs, tbtMs: 0, cls, scriptBytes });
const figures = (control: number, variant: number, o: { cls?: number; bytes?: Partial<ExperimentPageFigures['scriptBytes']>; loaded?: number } = {}): ExperimentPageFigures => ({
  scriptBytes: { without: 500, control: 500, variant: 500, ...o.bytes },
  lighthouse: [
    { kind: 'without', route: '/w', score: 100, lcpMs: control, tbtMs: 0, documentBytes: 2000, runs: [run(control)] },
    { kind: 'control', route: '/c', score: 100, lcpMs: control, tbtMs: 0, documentBytes: 2000, runs: [run(control)] },
    { kind: 'variant', route: '/v', score: 100, lcpMs: variant, tbtMs: 0, documentBytes: 2000, runs: [run(variant, o.cls, o.loaded)] },
  ],
});

describe('the experiments page bench', () => {
  it("counts a page's script files, module preloads and inline scripts, not its JSON data", () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets/beacon.js'), 'x'.repeat(300));
    writeFileSync(join(dir, 'assets/island.js'), 'y'.repeat(200));
    const html = '<script type="module" src="/assets/beacon.js"></script><link rel="modulepreload" href="/assets/island.js"><script>go()</script><script type="application/json">{"a":1}</script>';
    expect(scriptBytesOf(dir, html)).toBe(300 + 200 + 'go()'.length);
  });

  it('passes equal pages, and names each figure over budget', () => {
    expect(describeExperimentPages(figures(1000, 1040)).over).toEqual([]);
    expect(describeExperimentPages(figures(1000, 1100)).over.join()).toMatch(/variant's LCP is 1\.100× the control's/);
    expect(describeExperimentPages(figures(1000, 1000, { cls: 0.02 })).over.join()).toMatch(/variant page shifts its layout/);
    expect(describeExperimentPages(figures(1000, 1000, { bytes: { variant: 501 } })).over.join()).toMatch(/variant ships 1 B more script/);
    expect(describeExperimentPages(figures(1000, 1000, { loaded: 1200 })).over.join()).toMatch(/loaded different script bytes/);
  });
});
