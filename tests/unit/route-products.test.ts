// What each route sells (model/sales/catalogue.ts routeProducts, published with the catalogue so public.track
// refuses a buy click naming a product its route does not sell) against the pages as rendered: every
// buy button a page draws (data-buy, runtime/blocks/buy.tsx) is for a product its route is said to
// sell, and every product said is drawn. A block type that renders a buy button but is missing from
// BUY_BLOCKS fails here.
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { renderPage } from '../../runtime/render/render-page.tsx';
import { routeProducts } from '../../model/sales/catalogue.ts';
import { fixtureSite } from './fixture.ts';

function drawn(root: string): { said: ReturnType<typeof routeProducts>; drawn: ReturnType<typeof routeProducts> } {
  const compiled = compileSite(root, { asOf: new Date('2026-02-03T00:00:00Z') }).site!;
  const sold = new Map<string, Set<string>>();
  for (const page of compiled.pages) {
    const { html } = renderPage({ compiled, page, assets: { css: [], scripts: [] }, supabaseUrl: 'http://127.0.0.1:54321', now: new Date('2026-02-03T00:00:00Z') });
    for (const m of html.matchAll(/data-buy="([^"]+)"/g)) sold.set(page.route, (sold.get(page.route) ?? new Set()).add(m[1]!));
  }
  return {
    said: routeProducts(compiled.pages),
    drawn: [...sold].sort(([a], [b]) => a.localeCompare(b)).map(([route, products]) => ({ route, products: [...products].sort() })),
  };
}

describe('what each route sells', () => {
  it('is what its pages draw buy buttons for, on a fixture with a platform page under an experiment', () => {
    const root = fixtureSite('platform-experiment-site');
    try {
      const { said, drawn: seen } = drawn(root);
      expect(seen.length).toBeGreaterThan(0);
      expect(said).toEqual(seen);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('is what its pages draw buy buttons for, on the site itself', () => {
    const { said, drawn: seen } = drawn(process.cwd());
    expect(seen.length).toBeGreaterThan(0);
    expect(said).toEqual(seen);
  });
});
