// The catalogue the database checks visitors' events against (generator/host/site-catalogue.ts,
// model/sales/catalogue.ts and money.ts): every product of site.config.yaml at its price in minor
// units, every route under an experiment with its arms, the control first, and what each route's buy
// buttons sell, as the build finds them; read from the named fixture site and from the site itself.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { experimentRoutes } from '../../generator/host/edge-files.ts';
import { checkoutProvider, siteCatalogue, sourceRouteProducts } from '../../generator/host/site-catalogue.ts';
import { routeProducts } from '../../model/sales/catalogue.ts';
import { fromMinor, minorDigits, toMinor } from '../../model/sales/money.ts';
import { rmSync } from 'node:fs';
import { fixtureDir, fixtureSite } from './fixture.ts';

describe('minor units', () => {
  it('follow the currency: cents for USD and EUR, none for JPY, three digits for KWD', () => {
    expect([minorDigits('USD'), minorDigits('EUR'), minorDigits('JPY'), minorDigits('KWD')]).toEqual([2, 2, 0, 3]);
    expect(toMinor(29, 'USD')).toBe(2900);
    expect(toMinor(19.99, 'USD')).toBe(1999);
    expect(toMinor(2900, 'JPY')).toBe(2900);
    expect(fromMinor(8750, 'EUR')).toBe(87.5);
  });
});

describe('the catalogue of a site', () => {
  const root = fixtureDir('experiment-site');
  const config = parse(readFileSync(join(root, 'site.config.yaml'), 'utf8')) as { checkout: { provider: string }; products: { id: string; price: number }[] };
  const catalogue = siteCatalogue(root);

  it('has every product of site.config.yaml at its price in minor units', () => {
    expect(catalogue.products.map((p) => [p.id, p.priceMinor])).toEqual(config.products.map((p) => [p.id, Math.round(p.price * 100)]));
    expect(new Set(catalogue.products.map((p) => p.currency))).toEqual(new Set(['USD']));
  });

  it('has every experiment the build writes, with the same arms', () => {
    const copy = fixtureSite('experiment-site');
    const built = experimentRoutes(compileSite(copy).site!);
    rmSync(copy, { recursive: true, force: true });
    expect(Object.keys(built).length).toBeGreaterThan(0);
    expect(Object.fromEntries(catalogue.experiments.map((e) => [e.route, { id: e.id, arms: e.arms }]))).toEqual(
      Object.fromEntries(Object.entries(built).map(([route, e]) => [route, { id: e.id, arms: e.arms }])));
  });

  it('says what each route sells as the build does, for the fixture and for the site itself', () => {
    // A platform page under an experiment (its versions too), a bundle page of sections, and the site.
    for (const [site, copy] of [['platform-experiment-site', true], ['blog-site', true], [process.cwd(), false]] as const) {
      const dir = copy ? fixtureSite(site) : site;
      const built = routeProducts(compileSite(dir).site!.pages);
      if (copy) rmSync(dir, { recursive: true, force: true });
      expect(built.length, site).toBeGreaterThan(0);
      expect(sourceRouteProducts(copy ? fixtureDir(site) : site), site).toEqual(built);
    }
  });

  it('carries a version, now unless told, so the stand-in publishes the sources as the newest build', () => {
    const before = Date.now();
    expect(Date.parse(siteCatalogue(root).version!)).toBeGreaterThanOrEqual(before - 1);
    expect(siteCatalogue(root, '2026-02-03T00:00:00.000Z').version).toBe('2026-02-03T00:00:00.000Z');
  });

  it("names the site's checkout provider", () => {
    expect(checkoutProvider(root)).toBe(config.checkout.provider);
  });
});
