// The bench's Lighthouse probe (generator/bench/lighthouse.ts): which route of each kind it measures, how
// its budgets read against the bare page of the same run, and that Lighthouse itself runs here, offline,
// on the machine's Chromium.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { brotliCompressSync } from 'node:zlib';
import { BARE_ROUTE, bareOfSize, describeLighthouse, FIRST_ROUND_TRIP_BYTES, highPriorityImages, LIGHTHOUSE_BUDGET, lighthouseFigures, lighthouseOverBudget, routeKinds, writeSameSizeBare, type LighthouseFigures } from '../../generator/bench/lighthouse.ts';
import { fixtureSite } from './fixture.ts';

describe('the route kinds the probe measures', () => {
  it('takes one page of each kind, by what the page is', () => {
    const compiled = compileSite(fixtureSite('blog-site')).site!;
    const kinds = new Map(routeKinds(compiled).map((k) => [k.kind, k.route]));
    const page = (route: string | undefined) => compiled.pages.find((p) => p.route === route);
    expect([...kinds.keys()]).toEqual(['landing', 'platform', 'bundle', 'article', 'blog index']);
    expect(page(kinds.get('landing'))?.route).toBe('/');
    expect(page(kinds.get('platform'))?.template).toBe('platform');
    const bundle = compiled.site.products.find((p) => p.route === kinds.get('bundle'));
    expect(bundle?.bundles).toBeDefined();
    expect(compiled.articles.map((a) => a.route)).toContain(kinds.get('article'));
    const index = page(kinds.get('blog index'));
    expect(index?.listing?.indexRoute).toBe(index?.route);
  });
});

describe('the budgets, against the bare page of the same run', () => {
  const figures = (score: number, lcpMs: number, tbtMs: number): LighthouseFigures => ({ kind: 'article', route: '/a', score, lcpMs, tbtMs, documentBytes: 10_000, runs: [] });
  const bare: LighthouseFigures = { kind: 'bare page', route: BARE_ROUTE, score: 100, lcpMs: 1000, tbtMs: 40, documentBytes: 600, runs: [] };

  it('passes a page as light as the bare one, at the edges of each budget', () => {
    expect(lighthouseOverBudget([bare, figures(100, 1000 * LIGHTHOUSE_BUDGET.lcpRatio, 40 + LIGHTHOUSE_BUDGET.tbtOverMs)])).toEqual([]);
  });

  it('names each budget a page goes over', () => {
    expect(lighthouseOverBudget([bare, figures(99, 1000, 40)])).toEqual([expect.stringMatching(/^\/a \(article\): Lighthouse mobile performance 99/)]);
    expect(lighthouseOverBudget([bare, figures(100, 1120, 40)])).toEqual([expect.stringMatching(/LCP 1120 ms, 1\.12× the bare page's 1000 ms/)]);
    expect(lighthouseOverBudget([bare, figures(100, 1000, 91)])).toEqual([expect.stringMatching(/TBT 91 ms, the bare page's 40 ms \+ 50/)]);
  });

  it('reads a slow machine as a ratio: a page as slow as a slow bare page is within budget', () => {
    const slowBare = { ...bare, score: 80, lcpMs: 3000, tbtMs: 600 };
    expect(lighthouseOverBudget([slowBare, figures(100, 3100, 620)])).toEqual([]);
  });

  it('says which pages need a second round trip of the simulated network, and only those', () => {
    const big = { ...figures(100, 1000, 40), kind: 'landing', documentBytes: FIRST_ROUND_TRIP_BYTES + 1 };
    const small = { ...figures(100, 1000, 40), documentBytes: FIRST_ROUND_TRIP_BYTES };
    const note = describeLighthouse([bare, big, small]).split('\n').find((l) => l.includes('round trip'));
    expect(note).toMatch(/: landing\)$/);
    expect(describeLighthouse([bare, small])).not.toMatch(/round trip/);
  });
});

describe('the bare page of a route’s size', () => {
  it('compresses to the route’s bytes (brotli’s output grows by a byte or two at a step), with the same visible text as the small bare page', () => {
    const visible = (html: string) => html.replace(/<!--[^]*?-->\n/, '');
    const small = visible(bareOfSize(0).html);
    expect(small).toMatch(/<h1>A bare page<\/h1>/);
    for (const bytes of [4_000, 14_600, 30_000]) {
      const { html, br } = bareOfSize(bytes);
      expect(br.length).toBeGreaterThanOrEqual(bytes);
      expect(br.length).toBeLessThanOrEqual(bytes + 4);
      expect(visible(html)).toBe(small);
    }
  });
});

describe('the bare page of a route with an image on its first screen', () => {
  // As React writes the landing page's hero illustration, beside a logo inlined as data: and an image fetched at low priority.
  const hero = '<img src="/images/hero.svg" alt="A person reading outdoors, phone face-down" width="560" height="480" class="SL NG" fetchPriority="high"/>';
  const route = `<!doctype html><html><body><img src="data:image/svg+xml,x" alt="" width="32" height="32"/><h1>Title</h1>${hero}<img src="/images/side.webp" alt="Side" width="10" height="10" fetchPriority="low"/><img src="https://cdn.example/x.png" fetchpriority="high"/></body></html>`;

  it('finds the site’s own images the route asks for at high priority, and only those', () => {
    expect(highPriorityImages(route)).toEqual([{ src: '/images/hero.svg', alt: 'A person reading outdoors, phone face-down', width: '560', height: '480' }]);
    expect(highPriorityImages(route.replace(hero, ''))).toEqual([]);
  });

  it('loads the same image at the same priority, and still compresses to the route’s bytes', () => {
    const images = highPriorityImages(route);
    for (const bytes of [4_000, 14_600]) {
      const { html, br } = bareOfSize(bytes, images);
      expect(html).toContain('<img src="/images/hero.svg" alt="A person reading outdoors, phone face-down" width="560" height="480" fetchpriority="high"');
      expect(br.length).toBeGreaterThanOrEqual(bytes);
      expect(br.length).toBeLessThanOrEqual(bytes + 4);
    }
  });

  it('is written beside the route, named for its size and its image; a route without one gets the plain bare page', () => {
    const dir = mkdtempSync(join(tmpdir(), 'same-size-bare-'));
    try {
      const write = (name: string, html: string) => {
        mkdirSync(join(dir, name), { recursive: true });
        writeFileSync(join(dir, name, 'index.html'), html);
        writeFileSync(join(dir, name, 'index.html.br'), brotliCompressSync(html));
        return brotliCompressSync(html).length;
      };
      const bytes = write('landing', route);
      const withImage = writeSameSizeBare(dir, '/landing')!;
      expect(withImage.route).toBe(`${BARE_ROUTE}-${bytes}-with-image`);
      expect(readFileSync(join(dir, withImage.route, 'index.html'), 'utf8')).toContain('src="/images/hero.svg"');
      write('plain', route.replace(hero, ''));
      const plain = writeSameSizeBare(dir, '/plain')!;
      expect(plain.route).not.toMatch(/with-image/);
      expect(readFileSync(join(dir, plain.route, 'index.html'), 'utf8')).not.toContain('<img');
      expect(writeSameSizeBare(dir, '/nowhere')).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the image in the budget’s message', () => {
    const bare: LighthouseFigures = { kind: 'bare page', route: BARE_ROUTE, score: 100, lcpMs: 1000, tbtMs: 40, documentBytes: 600, runs: [] };
    const sized: LighthouseFigures = { ...bare, kind: 'bare, size+img', route: `${BARE_ROUTE}-14297-with-image`, lcpMs: 1500 };
    const landing: LighthouseFigures = { ...bare, kind: 'landing', route: '/', lcpMs: 1800, sameSizeBare: sized.route };
    expect(lighthouseOverBudget([bare, landing, sized])).toEqual([expect.stringMatching(/LCP 1800 ms, 1\.20× the bare page of its size's \(14297 B, loading its image\) 1500 ms/)]);
    expect(lighthouseOverBudget([bare, { ...landing, lcpMs: 1650 }, sized])).toEqual([]);
  });
});

describe('Lighthouse on this machine', () => {
  it('measures the bare page on the local Chromium, with nothing downloaded', { timeout: 180_000 }, async () => {
    const [bare] = await lighthouseFigures(mkdtempSync(join(tmpdir(), 'lighthouse-')), [], 1);
    expect(bare!.route).toBe(BARE_ROUTE);
    expect(bare!.runs).toHaveLength(1);
    expect(bare!.lcpMs).toBeGreaterThan(0);
    expect(bare!.tbtMs).toBeGreaterThanOrEqual(0);
    expect(bare!.score).toBeGreaterThan(0);
    // The bare page's document, as the server sent it: a few hundred bytes, within the first round trip.
    expect(bare!.documentBytes).toBeGreaterThan(300);
    expect(bare!.documentBytes).toBeLessThan(FIRST_ROUND_TRIP_BYTES);
  });
});
