// Lists and figures that follow the catalogue: card grids that never leave a card alone, counts as
// tokens, a bundle's original price computed from its products, footer links from the catalogue.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { columnsFor } from '../../runtime/blocks/card-grid.ts';
import { errorsOf, makeFixture, MINIMAL_CONFIG, projectRoot, VALID_INDEX } from './fixture.ts';

const base = MINIMAL_CONFIG.trimEnd();
const product = (id: string, extra = '') => `  - id: ${id}
    platform: "${id[0]!.toUpperCase()}${id.slice(1)}"
    route: "/${id}"
    title: "${id} guide"
    description: "d"
    price: 10
    badge: "B"
    emoji: "x"
    gradient: ["#7c3aed", "#db2777"]
    planDays: 30
    checkoutUrl: "https://checkout.example.com/${id}"
    features: ["f"]
${extra}`;
const withBundle = (extraProducts: string[], bundleExtra = '    bundles: all\n') =>
  `${base}\n${extraProducts.map((id) => product(id, '    originalPrice: 20\n')).join('')}${product('bundle', bundleExtra)}`;

const paragraph = (text: string) => `title: "About"\ndescription: "x"\nsections:\n  - type: paragraph\n    text: "${text}"\n`;
const textOf = (config: string, text: string) => {
  const r = compileSite(makeFixture({ 'index.yaml': VALID_INDEX, 'about.yaml': paragraph(text) }, config));
  expect(errorsOf(r.diagnostics)).toEqual([]);
  const page = r.site!.pages.find((p) => p.route === '/about')!;
  return (page.sections[0] as { text: string }).text;
};

describe('card grids', () => {
  it('leave no card alone on a row, for 3 to 8 cards, at every width', () => {
    for (const widest of [3, 4]) {
      for (let n = 3; n <= 8; n++) {
        for (const [bp, c] of Object.entries(columnsFor(n, widest))) expect(c === 1 || n % c !== 1, `${n} cards at ${bp}: ${c} columns`).toBe(true);
      }
    }
  });
});

describe('bundle tokens', () => {
  it('count the products of a bundle of "all", and follow a product added to the catalogue', () => {
    const text = '{count:bundle} {countWord:bundle} {CountWord:bundle} | {platforms:bundle} | {originalPrice:bundle}';
    // The fixture's one guide ($29) plus guides at $10 each.
    expect(textOf(withBundle(['alpha', 'beta']), text)).toBe('3 three Three | Instagram, Alpha and Beta | $49');
    expect(textOf(withBundle(['alpha', 'beta', 'gamma']), text)).toBe('4 four Four | Instagram, Alpha, Beta and Gamma | $59');
  });

  it('take an explicit list of members, and accept an original price equal to their sum', () => {
    const config = withBundle(['alpha', 'beta'], '    bundles: [alpha, beta]\n    originalPrice: 20\n');
    expect(textOf(config, '{count:bundle} {savings:bundle} {discount:bundle}')).toBe('2 $10 50%');
  });
});

describe('footer product links', () => {
  it('accept "all" or a list of product ids, and a misspelt id is located with a "did you mean"', () => {
    const footer = (products: string) => withBundle(['alpha']).replace('groups: [] }', `groups: [{ title: "Guides", products: ${products} }] }`);
    expect(footer('all')).toContain('products: all');
    expect(errorsOf(compileSite(makeFixture({ 'index.yaml': VALID_INDEX }, footer('all'))).diagnostics)).toEqual([]);
    const wrong = compileSite(makeFixture({ 'index.yaml': VALID_INDEX }, footer('[alpha, alpah]'))).diagnostics.filter((d) => d.severity === 'error');
    expect(wrong.map((d) => [d.file, d.message])).toEqual([['site.config.yaml', expect.stringContaining('unknown product "alpah"; did you mean "alpha"?')]]);
  });
});
