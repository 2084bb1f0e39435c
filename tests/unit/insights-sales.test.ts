// The money on /admin/insights (issue 41, runtime/admin/insights-sales-maths.ts), on answers shaped as
// public.admin_sales and public.admin_order_visits give them: each currency apart, the unattributed row
// last, products by name, the platform cards with the share of visitors who ordered beside the share who
// clicked buy (only orders from counted visitors divided by visitors, the others on their own line), and
// all of it in the CSV.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { CurrencyFigures, Sales } from '../../model/sales/figures.ts';
import { tablesCsv } from '../../runtime/admin/csv.ts';
import { salesCsvTables } from '../../runtime/admin/insights-sales-maths.ts';
import { formatMoney, salesView, UNATTRIBUTED } from '../../runtime/admin/insights-sales-maths.ts';
import type { FamilyRow } from '../../runtime/admin/insights-maths.ts';

const m = (currency: string, orders: number, gross: number, refunded = 0, refundedOrders = refunded ? 1 : 0): CurrencyFigures => ({ currency, orders, refundedOrders, grossMinor: gross, refundedMinor: refunded, netMinor: gross - refunded });
const family: FamilyRow[] = [
  { product: 'instagram', title: 'Instagram Detox', route: '/instagram-detox', bundle: false, views: 50, visitors: 40, buys: 8, buyers: 8, unviewedBuys: 0, conversion: 0.2, captures: 0, listValueCents: 0 },
  { product: 'ultimate', title: 'Ultimate', route: '/ultimate-detox', bundle: true, views: 10, visitors: 10, buys: 0, buyers: 0, unviewedBuys: 0, conversion: 0, captures: 0, listValueCents: 0 },
];
const sales: Sales = {
  totals: [m('EUR', 1, 2500), m('USD', 3, 8700, 2900)],
  daily: [],
  products: [{ product: 'instagram', attributed: true, ...m('USD', 2, 5800, 2900) }, { product: 'instagram', attributed: true, ...m('EUR', 1, 2500) }, { product: null, attributed: false, ...m('USD', 1, 2900) }],
  routes: [{ route: null, attributed: false, ...m('USD', 1, 2900) }, { route: '/instagram-detox', attributed: true, ...m('USD', 2, 5800, 2900) }],
  blocks: [],
  campaigns: [],
  referrers: [{ host: null, attributed: true, ...m('USD', 2, 5800, 2900) }],
  variants: [{ route: '/instagram-detox', experiment: 'instagram-headline', variant: 'b', ...m('USD', 1, 2900) }],
};

describe('the sales on /admin/insights', () => {
  const orderVisits = { routes: [{ route: '/instagram-detox', product: 'instagram', counted: 3, unviewed: 0 }], unattributed: 1 };
  const names = new Map(family.map((f) => [f.product, f.title]));
  const v = salesView({ sales, family, visitors: 100, buyers: 12, orderVisits, funnels: [{ id: 'f', name: 'Landing to buy', money: [m('USD', 1, 2900)] }], names });

  it('puts each platform’s orders on its card, each currency apart, the share who ordered beside the share who clicked buy', () => {
    const card = v.cards.find((c) => c.product === 'instagram')!;
    expect(card.money.map((x) => [x.currency, x.orders, x.netMinor])).toEqual([['USD', 2, 2900], ['EUR', 1, 2500]]);
    expect([card.countedOrders, card.visitors, card.buyers]).toEqual([3, 40, 8]);
    expect(v.cards.find((c) => c.product === 'ultimate')!.money).toEqual([]);
    expect([v.countedOrders, v.uncountedOrders, v.visitors, v.buyers]).toEqual([3, 1, 100, 12]);
  });

  it('never divides orders from visitors who were not counted by visitors: they are a line of their own', () => {
    // Three bundle orders whose buy clicks came with no view of the page (no script, a bot), and no visitor counted.
    const bundle = salesView({
      sales: { ...sales, totals: [m('USD', 3, 26100)], products: [{ product: 'ultimate', attributed: true, ...m('USD', 3, 26100) }] },
      family: [{ ...family[1]!, visitors: 0, views: 0 }],
      visitors: 0,
      buyers: 0,
      orderVisits: { routes: [{ route: '/ultimate-detox', product: 'ultimate', counted: 0, unviewed: 3 }], unattributed: 0 },
      funnels: [],
    });
    const card = bundle.cards[0]!;
    expect(card.money[0]!.orders).toBe(3);
    expect([card.countedOrders, card.uncountedOrders, card.visitors]).toEqual([0, 3, 0]);
    expect([bundle.countedOrders, bundle.uncountedOrders]).toEqual([0, 3]);
  });

  it('names products by their catalogue title, not their id', () => {
    expect(v.tables.find((t) => t.id === 'products')!.rows.map((r) => r.label)).toEqual(['Instagram Detox', 'Instagram Detox', UNATTRIBUTED]);
  });

  it('shows orders no click claims as an "Unattributed" row, last', () => {
    const pages = v.tables.find((t) => t.id === 'pages')!;
    expect(pages.rows.map((r) => r.label)).toEqual(['/instagram-detox', UNATTRIBUTED]);
    expect(pages.rows.at(-1)!.unattributed).toBe(true);
    expect(v.tables.find((t) => t.id === 'referrers')!.rows[0]!.label).toBe('Direct');
    expect(v.tables.find((t) => t.id === 'funnels')!.rows[0]).toMatchObject({ label: 'Landing to buy', orders: 1 });
  });

  it('writes amounts as their currency does, never summed across currencies', () => {
    expect(formatMoney(2900, 'USD')).toBe('$29.00');
    expect(formatMoney(2900, 'JPY')).toBe('¥2,900');
    expect(v.totals.map((t) => t.currency)).toEqual(['EUR', 'USD']);
  });

  it('puts every money table in the CSV, amounts in minor units with their currency', () => {
    const rows = Papa.parse<string[]>(tablesCsv(salesCsvTables(v)).trim()).data;
    for (const t of ['sales_totals', 'sales_platforms', 'sales_products', 'sales_pages', 'sales_referrers', 'sales_variants', 'sales_funnels']) expect(rows.some((r) => r[0] === t), t).toBe(true);
    const unattributed = rows.find((r) => r[0] === 'sales_pages' && r[1] === UNATTRIBUTED)!;
    expect(unattributed).toContain('USD');
    expect(unattributed).toContain('2900');
  });
});
