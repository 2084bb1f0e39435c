// /admin/insights' arithmetic on data shaped as the insights contract says public.admin_insights and
// public.admin_funnel answer: periods, changes, funnels, the platform family, blocks, demo traffic, CSV.
import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { tablesCsv } from '../../runtime/admin/csv.ts';
import { funnelStepQuery, normaliseInsights, type Insights } from '../../runtime/backend/insights.ts';
import {
  blocksByPage, change, changeLabel, funnelBars, insightsTables, insightsView, periodFor, platformFamily, previousPeriod, share, type CatalogueProduct,
} from '../../runtime/admin/insights-maths.ts';

const catalogue: CatalogueProduct[] = [
  { id: 'bundle', title: 'The Bundle', route: '/bundle', price: 87, bundle: true },
  { id: 'alpha', title: 'Alpha Guide', route: '/alpha', price: 27, bundle: false },
  { id: 'beta', title: 'Beta Guide', route: '/beta', price: 19.5, bundle: false },
];

function insights(over: Partial<Insights> = {}): Insights {
  return normaliseInsights({
    totals: { visitors: 10, views: 40, buys: 4, captures: 2, contacts: 0, previews: 1, notFound: 0, buyValueCents: 13300 },
    daily: [
      { day: '2026-11-24', visitors: 4, views: 15, buys: 1, captures: 0 },
      { day: '2026-11-25', visitors: 6, views: 25, buys: 3, captures: 2 },
    ],
    pages: [
      { route: '/', views: 20, visitors: 10, buys: 0, captures: 2, ctas: 5, buyValueCents: 0 },
      { route: '/alpha', views: 12, visitors: 5, buys: 3, captures: 0, ctas: 3, buyValueCents: 4600 },
      { route: '/bundle', views: 8, visitors: 4, buys: 1, captures: 0, ctas: 1, buyValueCents: 8700 },
    ],
    referrers: [{ host: 'news.example', views: 5, visitors: 2 }, { host: 'a.example', views: 9, visitors: 7 }],
    campaigns: [{ source: 'demo', medium: 'seed', campaign: 'demo', views: 30, visitors: 8 }, { source: 'mail', medium: 'email', campaign: 'launch', views: 10, visitors: 2 }],
    blocks: [
      { route: '/', blockId: 'hero', blockType: 'hero', clicks: 3 },
      { route: '/', blockId: 'offer', blockType: 'pricing', clicks: 1 },
      { route: '/alpha', blockId: 'buy-now', blockType: 'cta', clicks: 3 },
    ],
    // Two buys of alpha and one of the bundle on /alpha (the upsell), one bundle on /bundle.
    products: [
      { product: 'alpha', route: '/alpha', buys: 2, buyValueCents: 5400 },
      { product: 'bundle', route: '/alpha', buys: 1, buyValueCents: 8700 },
      { product: 'bundle', route: '/bundle', buys: 1, buyValueCents: 8700 },
    ],
    devices: [{ device: 'phone', views: 30 }],
    ...over,
  });
}

describe('periods', () => {
  it('counts today and N days back, inclusive, ending today (UTC)', () => {
    expect(periodFor('today', '2026-11-25')).toEqual({ from: '2026-11-25', to: '2026-11-25', days: 1 });
    expect(periodFor('7', '2026-11-25')).toEqual({ from: '2026-11-19', to: '2026-11-25', days: 7 });
    expect(periodFor('90', '2026-03-01')).toMatchObject({ from: '2025-12-02', days: 90 });
  });
  it('compares with the same number of days just before, across months and leap days', () => {
    expect(previousPeriod(periodFor('7', '2026-11-25'))).toEqual({ from: '2026-11-12', to: '2026-11-18', days: 7 });
    expect(previousPeriod(periodFor('today', '2024-03-01'))).toEqual({ from: '2024-02-29', to: '2024-02-29', days: 1 });
    expect(previousPeriod(periodFor('30', '2026-01-10'))).toMatchObject({ to: '2025-12-11', days: 30 });
  });
  it('takes a custom range as given, swapped when reversed, never past today, invalid days ignored', () => {
    expect(periodFor('custom', '2026-11-25', { from: '2026-11-01', to: '2026-11-03' })).toEqual({ from: '2026-11-01', to: '2026-11-03', days: 3 });
    expect(periodFor('custom', '2026-11-25', { from: '2026-11-03', to: '2026-11-01' })).toEqual({ from: '2026-11-01', to: '2026-11-03', days: 3 });
    expect(periodFor('custom', '2026-11-25', { from: '2026-11-20', to: '2027-01-01' })).toEqual({ from: '2026-11-20', to: '2026-11-25', days: 6 });
    expect(periodFor('custom', '2026-11-25', { from: '2026-02-30', to: 'x' })).toEqual({ from: '2026-11-25', to: '2026-11-25', days: 1 });
    expect(periodFor('custom', '2026-11-25', { from: '2020-01-01' }).days).toBe(366);
  });
});

describe('changes', () => {
  it('gives the percentage against the period before, and none against zero', () => {
    expect(change(15, 10)).toEqual({ current: 15, previous: 10, delta: 5, percent: 50 });
    expect(changeLabel(change(15, 10))).toBe('+50%');
    expect(changeLabel(change(7, 10))).toBe('−30%');
    expect(changeLabel(change(3, 0))).toBe('new');
    expect(changeLabel(change(0, 0))).toBe('no change');
    expect(changeLabel(change(1001, 1000))).toBe('+<1%');
  });
});

describe('funnels', () => {
  const steps = [{ route: '/' }, { routePattern: '/*-guide' }, { event: 'buy', product: 'alpha' }];
  it("sends the config's steps in admin_funnel's words", () => {
    expect(steps.map(funnelStepQuery)).toEqual([{ kind: 'view', route: '/' }, { kind: 'view', routePattern: '/*-guide' }, { kind: 'buy', product: 'alpha' }]);
  });
  it('gives conversion from the first step and from the step before, and the drop-off at each step', () => {
    const bars = funnelBars(steps, [{ step: 0, visitors: 200 }, { step: 1, visitors: 50 }, { step: 2, visitors: 5 }], (id) => `${id}!`);
    expect(bars.map((b) => [b.visitors, b.ofFirst, b.fromPrevious, b.dropOff])).toEqual([[200, 1, 1, 0], [50, 0.25, 0.25, 150], [5, 0.025, 0.1, 45]]);
    expect(bars.map((b) => b.label)).toEqual(['Visit /', 'Visit /*-guide', 'Buy click on alpha!']);
  });
  it('reads a missing step as none, and an empty funnel as zeros, not NaN', () => {
    const bars = funnelBars(steps, [{ step: 0, visitors: 3 }]);
    expect(bars.map((b) => [b.visitors, b.fromPrevious, b.dropOff])).toEqual([[3, 1, 0], [0, 0, 3], [0, 0, 0]]);
    expect(funnelBars(steps, []).every((b) => b.ofFirst === 0 && b.fromPrevious === 0)).toBe(true);
  });
});

describe('the platform family', () => {
  it('lists every platform page then the bundle, each with its buys, conversion and list-price value', () => {
    const rows = platformFamily(catalogue, insights());
    expect(rows.map((r) => r.route)).toEqual(['/alpha', '/beta', '/bundle']);
    const [alpha, beta, bundle] = rows;
    // 2 × $27 + 1 × $87, at the catalogue's list prices, whatever price the event saw.
    expect(alpha).toMatchObject({ views: 12, visitors: 5, buys: 3, conversion: 0.6, listValueCents: 2 * 2700 + 8700, captures: 0 });
    expect(beta).toMatchObject({ views: 0, buys: 0, conversion: 0, listValueCents: 0 });
    expect(bundle).toMatchObject({ buys: 1, conversion: 0.25, listValueCents: 8700, bundle: true });
  });
  it("counts a page's own buys at its product's price when the products list has none for it", () => {
    const [, beta] = platformFamily(catalogue, { pages: [{ route: '/beta', views: 4, visitors: 4, buys: 2, buyers: 2, unviewedBuys: 0, captures: 1, ctas: 0, buyValueCents: 0 }], products: [] });
    expect(beta).toMatchObject({ buys: 2, listValueCents: 3900, conversion: 0.5, captures: 1 });
  });
  it('reads the share of visitors who clicked buy, never buy clicks per visitor: one visitor clicking three times is 100%', () => {
    const [, beta] = platformFamily(catalogue, { pages: [{ route: '/beta', views: 1, visitors: 1, buys: 3, buyers: 1, unviewedBuys: 5, captures: 0, ctas: 0, buyValueCents: 0 }], products: [] });
    expect(beta).toMatchObject({ buys: 3, buyers: 1, unviewedBuys: 5, conversion: 1 });
    expect(share(beta!.buyers, beta!.visitors)).toBe('100%');
  });
});

describe('a share as the screen writes it', () => {
  it('is a percentage of a whole, a dash without one, and counts when the part is larger', () => {
    expect(share(1, 4)).toBe('25%');
    expect(share(3, 0)).toBe('–');
    expect(share(0, 0)).toBe('–');
    expect(share(3, 2)).toBe('3 of 2');
  });
});

describe('blocks per page', () => {
  it("orders each page's blocks by clicks, with their share of the page's clicks and clicks per view", () => {
    const groups = blocksByPage(insights());
    expect(groups.map((g) => g.route)).toEqual(['/', '/alpha']);
    expect(groups[0]!.blocks).toEqual([
      { blockId: 'hero', blockType: 'hero', clicks: 3, share: 0.75, perView: 3 / 20 },
      { blockId: 'offer', blockType: 'pricing', clicks: 1, share: 0.25, perView: 1 / 20 },
    ]);
  });
});

describe('the screen and its CSV', () => {
  const period = periodFor('7', '2026-11-25');
  const view = insightsView({
    period,
    current: insights(),
    before: insights({ totals: { visitors: 5, views: 40, buys: 0, buyers: 0, unviewedBuys: 0, captures: 4, contacts: 0, previews: 0, notFound: 0, buyValueCents: 0 } }),
    funnels: [{ id: 'home-to-buy', name: 'Home to buy', steps: [{ route: '/' }, { event: 'buy' }], counts: [{ step: 0, visitors: 10 }, { step: 1, visitors: 4 }] }],
    catalogue,
  });

  it('marks demo traffic and counts its visitors', () => {
    expect(view.demoVisitors).toBe(8);
    expect(view.campaigns.map((c) => [c.campaign, c.demo])).toEqual([['demo', true], ['launch', false]]);
    expect(insightsView({ period, current: insights({ campaigns: [] }), before: insights(), funnels: [], catalogue }).demoVisitors).toBe(0);
  });

  it('says when nothing was counted', () => {
    expect(view.empty).toBe(false);
    expect(insightsView({ period, current: normaliseInsights(null), before: normaliseInsights({}), funnels: [], catalogue }).empty).toBe(true);
  });

  it('writes every table on screen with the numbers shown', () => {
    const rows = Papa.parse<string[]>(tablesCsv(insightsTables(view))).data.filter((r) => r.length > 1);
    const table = (name: string) => rows.filter((r) => r[0] === name);
    expect(table('period')).toEqual([['period', '2026-11-19', '2026-11-25', '7', '2026-11-12', '2026-11-18']]);
    expect(table('totals')).toContainEqual(['totals', 'visitors', '10', '5', '5', '100']);
    expect(table('totals')).toContainEqual(['totals', 'buys', '4', '0', '4', '']);
    expect(table('daily')).toHaveLength(view.daily.length);
    expect(table('pages').map((r) => r[1])).toEqual(['/', '/alpha', '/bundle']);
    expect(table('funnels')).toEqual([['funnels', 'home-to-buy', '1', 'Visit /', '10', '1', '1', '0'], ['funnels', 'home-to-buy', '2', 'Buy click', '4', '0.4', '0.4', '6']]);
    expect(table('platforms').map((r) => [r[1], r[6], r[11]])).toEqual([['alpha', '3', '14100'], ['beta', '0', '0'], ['bundle', '1', '8700']]);
    expect(table('blocks')).toHaveLength(3);
    expect(table('campaigns')[0]!.at(-1)).toBe('yes');
    // Each table has one header line, naming its columns.
    expect(rows.filter((r) => r[0] === 'table')).toHaveLength(insightsTables(view).length);
  });
});
