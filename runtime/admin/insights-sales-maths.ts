// The money on /admin/insights (issue 41), apart from React: public.admin_sales' answer (orders,
// revenue and refunds from the checkout's verified webhooks, per currency) laid out as the tables
// the screen shows and the CSV writes, each {title, columns, rows}. Sums never mix currencies: a row
// is one currency's money, and a page sold in two currencies has two rows.
import { fromMinor } from '../../model/sales/money.ts';
import type { CurrencyFigures, OrderVisits, Sales, SalesByBlock, SalesByCampaign, SalesByProduct, SalesByReferrer, SalesByRoute, SalesByVariant } from '../../model/sales/figures.ts';
import type { FamilyRow } from './insights-maths.ts';

/** One row of a money table: what it is about, then one currency's orders and money. */
export interface MoneyRow extends CurrencyFigures {
  key: string;
  label: string;
  detail?: string;
  /** The "unattributed" row: orders with no reference, or one no buy click sent. */
  unattributed: boolean;
}

export interface MoneyTable {
  id: string;
  title: string;
  /** The first column's heading: what a row is about. */
  subject: string;
  rows: MoneyRow[];
}

/** A platform page's or the bundle's card: its orders in each currency beside its buy clicks. */
export interface MoneyCard {
  product: string;
  title: string;
  route: string;
  bundle: boolean;
  visitors: number;
  buys: number;
  /** Visitors of the page who clicked buy there. */
  buyers: number;
  money: CurrencyFigures[];
  /** Orders whose buy click on this page followed its view by the same visitor that day: of its visitors. */
  countedOrders: number;
  /** The product's other orders: from clicks without a view of this page (a script, a blocked page view),
   * or with no click at all (no script, a blocker, a bot). */
  uncountedOrders: number;
}

/**
 * Orders and visitors of the site: only orders from counted visitors (their buy click followed a view
 * of its page that day) are divided by visitors, so the share never reads above 100% when sales come
 * from visitors who were not counted (no script, a blocker, a bot); those orders are their own line.
 */
export interface SalesView {
  totals: CurrencyFigures[];
  visitors: number;
  /** Visitor-days with a buy click. */
  buyers: number;
  countedOrders: number;
  /** Orders with no buy click (unattributed) or one without a view of its page. */
  uncountedOrders: number;
  cards: MoneyCard[];
  tables: MoneyTable[];
}

export const UNATTRIBUTED = 'Unattributed';

const money = (m: CurrencyFigures): CurrencyFigures => ({ currency: m.currency, orders: m.orders, refundedOrders: m.refundedOrders, grossMinor: m.grossMinor, refundedMinor: m.refundedMinor, netMinor: m.netMinor });
const orders = (ms: readonly CurrencyFigures[]) => ms.reduce((n, m) => n + m.orders, 0);

/** Rows by net revenue (most first, then orders), the unattributed row last of all. */
function sorted(rows: MoneyRow[]): MoneyRow[] {
  return rows.sort((a, b) => Number(a.unattributed) - Number(b.unattributed) || a.currency.localeCompare(b.currency) || b.netMinor - a.netMinor || b.orders - a.orders || a.label.localeCompare(b.label));
}

function row<T extends CurrencyFigures & { attributed?: boolean }>(r: T, key: string, label: string, detail?: string): MoneyRow {
  const unattributed = r.attributed === false;
  return { ...money(r), key: `${unattributed ? '~' : key}|${r.currency}`, label: unattributed ? UNATTRIBUTED : label, detail: unattributed ? 'no reference, or one no buy click sent' : detail, unattributed };
}

/** Money per funnel: the orders whose buy click ended a visitor-day that took the funnel's steps. */
export interface FunnelMoney {
  id: string;
  name: string;
  money: CurrencyFigures[];
}

/** What the screen and the CSV show of the period's sales. `names`: product titles by id (the catalogue's). */
export function salesView(input: { sales: Sales; family: readonly FamilyRow[]; visitors: number; buyers: number; orderVisits: OrderVisits; funnels: readonly FunnelMoney[]; names?: ReadonlyMap<string, string> }): SalesView {
  const { sales, orderVisits } = input;
  const name = (id: string) => input.names?.get(id) ?? id;
  const countedOn = (route: string, product?: string) => orderVisits.routes.filter((r) => r.route === route && (!product || r.product === product)).reduce((n, r) => n + r.counted, 0);
  const byProduct = new Map<string, CurrencyFigures[]>();
  for (const p of sales.products) if (p.attributed && p.product) byProduct.set(p.product, [...(byProduct.get(p.product) ?? []), money(p)]);
  const cards = input.family.map((f): MoneyCard => {
    const m = byProduct.get(f.product) ?? [];
    return {
      product: f.product, title: f.title, route: f.route, bundle: f.bundle, visitors: f.visitors, buys: f.buys, buyers: f.buyers, money: m,
      countedOrders: countedOn(f.route),
      uncountedOrders: Math.max(0, orders(m) - countedOn(f.route, f.product)),
    };
  });
  const tables: MoneyTable[] = [
    { id: 'products', title: 'By product', subject: 'Product', rows: sorted(sales.products.map((p: SalesByProduct) => row(p, p.product ?? '', p.product ? name(p.product) : '(not named)'))) },
    { id: 'pages', title: 'By page', subject: 'Page', rows: sorted(sales.routes.map((p: SalesByRoute) => row(p, p.route ?? '', p.route ?? '(none)'))) },
    { id: 'ctas', title: 'By call to action', subject: 'Buy button', rows: sorted(sales.blocks.map((b: SalesByBlock) => row(b, `${b.route}|${b.blockId}|${b.blockType}`, b.blockId ?? b.blockType ?? '(no block)', b.route ?? undefined))) },
    { id: 'campaigns', title: 'By campaign', subject: 'Campaign', rows: sorted(sales.campaigns.map((c: SalesByCampaign) => row(c, `${c.source}|${c.medium}|${c.campaign}`, c.campaign ?? '(no campaign)', [c.source, c.medium].filter(Boolean).join(' / ') || undefined))) },
    { id: 'referrers', title: 'By referrer', subject: 'Site', rows: sorted(sales.referrers.map((r: SalesByReferrer) => row(r, r.host ?? '', r.host ?? 'Direct'))) },
    { id: 'variants', title: 'By experiment version', subject: 'Version', rows: sorted(sales.variants.map((v: SalesByVariant) => row(v, `${v.route}|${v.experiment}|${v.variant}`, `${v.variant === 'control' ? 'Control' : `Variant ${v.variant}`}`, `${v.route}${v.experiment ? ` · ${v.experiment}` : ''}`))) },
    { id: 'funnels', title: "As each funnel's last step", subject: 'Funnel', rows: input.funnels.flatMap((f) => f.money.map((m) => ({ ...money(m), key: `${f.id}|${m.currency}`, label: f.name, unattributed: false }))) },
  ];
  const counted = orderVisits.routes.reduce((n, r) => n + r.counted, 0);
  return {
    totals: sales.totals.map(money), visitors: input.visitors, buyers: input.buyers, countedOrders: counted,
    // Every paid order is counted or not: those the screen cannot place on a visitor are the rest.
    uncountedOrders: Math.max(0, orders(sales.totals) - counted),
    cards, tables,
  };
}

/** An amount in minor units as its currency writes it: $29.00, ¥2,900, €8.50. */
export function formatMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(fromMinor(minor, currency));
}

/** The CSV's tables of money, in the screen's order, amounts in minor units with their currency. */
export function salesCsvTables(v: SalesView): { title: string; columns: string[]; rows: (string | number | null)[][] }[] {
  const cols = ['currency', 'orders', 'refunded_orders', 'gross_minor', 'refunded_minor', 'net_minor'];
  const cells = (m: CurrencyFigures) => [m.currency, m.orders, m.refundedOrders, m.grossMinor, m.refundedMinor, m.netMinor];
  return [
    { title: 'sales_totals', columns: [...cols, 'visitors', 'counted_orders', 'uncounted_orders', 'buyers'], rows: v.totals.map((m) => [...cells(m), v.visitors, v.countedOrders, v.uncountedOrders, v.buyers]) },
    {
      title: 'sales_platforms',
      columns: ['product', 'route', 'bundle', 'visitors', 'buy_clicks', 'buyers', 'counted_orders', 'uncounted_orders', ...cols],
      rows: v.cards.flatMap((c) => (c.money.length ? c.money : [null]).map((m) => [c.product, c.route, c.bundle ? 'yes' : 'no', c.visitors, c.buys, c.buyers, c.countedOrders, c.uncountedOrders, ...(m ? cells(m) : [null, 0, 0, 0, 0, 0])])),
    },
    ...v.tables.map((t) => ({ title: `sales_${t.id}`, columns: [t.subject.toLowerCase().replace(/ /g, '_'), 'detail', 'unattributed', ...cols], rows: t.rows.map((r) => [r.label, r.detail ?? '', r.unattributed ? 'yes' : 'no', ...cells(r)]) })),
  ];
}
