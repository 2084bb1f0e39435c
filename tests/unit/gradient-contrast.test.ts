// Text on a product's gradient (its card header, and the featured bundle card) meets WCAG AA at every
// colour stop: 3:1 for the card titles (large bold text), 4.5:1 for the bundle card's body text.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { contrastRatio, gradientInk, INKS } from '../../model/catalogue.ts';
import type { SiteConfig } from '../../model/page.ts';
import { liveSite } from './fixture.ts';

const site = parse(readFileSync(join(liveSite, 'site.config.yaml'), 'utf8')) as SiteConfig;

describe('contrast of text on product gradients', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
  for (const p of site.products) {
    it(`${p.id}: the ink contrasts with every stop`, () => {
      const ink = gradientInk(p);
      const needed = p.bundles ? 4.5 : 3;
      for (const stop of p.gradient) expect(contrastRatio(ink, stop), `${ink} on ${stop}`).toBeGreaterThanOrEqual(needed);
    });
  }
  it('picks dark ink on a light gradient and white on a dark one', () => {
    expect(gradientInk({ ...site.products[0]!, gradient: ['#25f4ee', '#fde68a'] })).toBe(INKS.dark);
    expect(gradientInk({ ...site.products[0]!, gradient: ['#1e3a8a', '#312e81'] })).toBe(INKS.light);
  });
});
