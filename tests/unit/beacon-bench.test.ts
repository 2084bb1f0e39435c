// How the bench judges the beacon's cost to LCP (generator/bench/beacon.ts): per round, the page with
// the beacon over its copy without it, measured side by side; the median of those ratios against the
// 5 % budget, with their spread. A slow moment of the machine falls on both copies of a round, so it
// moves neither the ratio nor the verdict.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BEACON_BUDGET, describeBeaconLcp, lcpPair, writeWithoutBeacon } from '../../generator/bench/beacon.ts';
import { compressPage } from '../../generator/stages/precompress.ts';
import type { LighthouseFigures } from '../../generator/bench/lighthouse.ts';

const runs = (lcps: number[]) => lcps.map((lcpMs) => ({ score: 100, lcpMs, tbtMs: 0, cls: 0, scriptBytes: 0 }));
const figures = (route: string, lcps: number[]): LighthouseFigures => ({ kind: route, route, score: 100, lcpMs: 0, tbtMs: 0, documentBytes: 2000, runs: runs(lcps) });

describe('the beacon LCP figure', () => {
  it('is the median of each round’s ratio, with the middle half and the range', () => {
    const p = lcpPair(runs([1000, 2000, 1100, 3000, 1000]), runs([1000, 1900, 1100, 3000, 1250]));
    expect(p.ratios.map((r) => +r.toFixed(3))).toEqual([1, 1.053, 1, 1, 0.8]);
    expect(p.median).toBe(1);
    expect(p.min).toBe(0.8);
    expect(+p.max.toFixed(3)).toBe(1.053);
    expect(p.quartiles[0]).toBeLessThanOrEqual(p.median);
    expect(p.quartiles[1]).toBeGreaterThanOrEqual(p.median);
  });

  it('a busy moment in some rounds leaves a real cost visible, and no cost within budget', () => {
    // The machine's load swings each round's LCP by up to 3×; the beacon costs 10 % in every round.
    const load = [1, 3, 1.5, 2.5, 1, 2, 1.2, 3, 1];
    const without = load.map((f) => 1000 * f);
    const pair: [{ kind: string; route: string }, { kind: string; route: string }] = [{ kind: 'article', route: '/a' }, { kind: 'article, no beacon', route: '/x/a' }];
    const costly = describeBeaconLcp([figures('/a', without.map((t) => t * 1.1)), figures('/x/a', without)], [pair]);
    expect(costly.over).toHaveLength(1);
    expect(costly.over[0]).toContain('1.100×');
    const free = describeBeaconLcp([figures('/a', without.map((t, i) => t * (i % 2 ? 1.02 : 0.99))), figures('/x/a', without)], [pair]);
    expect(free.over).toEqual([]);
    expect(free.lines.join('\n')).toMatch(/median 0\.990×.*range 0\.990×–1\.020×/);
    expect(BEACON_BUDGET.lcpRatio).toBe(1.05);
  });

  it('refuses copies not measured in the same rounds', () => {
    expect(() => lcpPair(runs([1, 2]), runs([1]))).toThrow(/same rounds/);
  });
});

describe('the copy without the beacon', () => {
  it('travels as the page does: compressed as the build compresses pages, so it differs by the beacon alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'beacon-bench-'));
    try {
      // A page of varied text (so brotli's quality matters), with the beacon's markup at the end of its body.
      const text = Array.from({ length: 3000 }, (_, i) => `<p data-i="${i}">Paragraph ${i * 7919 % 10007} of ${i % 13 ? 'some' : 'other'} words</p>`).join('');
      const beacon = `<noscript><img src="/_px?r=%2Fa" alt="" width="1" height="1" hidden></noscript><script type="module">${'{const n=navigator;n.sendBeacon("/x","{}")}'.repeat(20)}</script>`;
      mkdirSync(join(dir, 'a'));
      const page = Buffer.from(`<!doctype html><html><body>${text}${beacon}</body></html>`);
      writeFileSync(join(dir, 'a/index.html'), page);
      writeFileSync(join(dir, 'a/index.html.br'), compressPage(page).br);
      const copy = writeWithoutBeacon(dir, { kind: 'article', route: '/a' });
      const file = join(dir, copy.route, 'index.html');
      const stripped = readFileSync(file);
      expect(stripped.toString()).toBe(`<!doctype html><html><body>${text}</body></html>`);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(stripped)).toBe(true);
      // Compressed exactly as the build compresses a page (compressPage: not at the assets' higher quality
      // for a page the build leaves at 5, which alone once made the copy 2.6 KB lighter than the landing
      // page's own .br).
      expect(readFileSync(`${file}.br`).equals(Buffer.from(compressPage(stripped).br))).toBe(true);
      expect(statSync(join(dir, 'a/index.html.br')).size).toBeGreaterThan(statSync(`${file}.br`).size);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
