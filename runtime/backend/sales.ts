// The admin's reading of sales (issue 41): orders, revenue and refunds from the checkout's verified
// webhooks, never from the browser. Every read is a database function an admin at aal2 may call
// (supabase/schemas/public/functions/admin_sales.sql and the other admin_*); anyone else reads zeros, and anon may not call them.
//
// The contract (names stable; the front reads it):
// - The beacon's buy event carries `x`, the reference: 22 characters of [A-Za-z0-9_-] (>= 96 random
//   bits; model/sales.ts REFERENCE_PATTERN), the same the buy button adds to the checkout address
//   (Stripe: client_reference_id; Lemon Squeezy: checkout[custom][ref]; Polar: reference_id).
//   track() stores the click's attribution under it: route, block, product, variant, experiment, the
//   visitor-day's first touch (referrer host, utm triplet) and its steps so far. Unclaimed references
//   expire with the raw events. The beacon's `c` (price) is no longer needed: the database values a
//   buy at the catalogue's price; a `c` that is sent must equal it, or the event is refused (400).
// - A buy's product must be in the published catalogue and an event's variant one its route's
//   experiment declares (400 otherwise). publishCatalogue() stores the catalogue the site was built
//   with; the stand-in does it at start, the admin app at aal2 on a hosted project.
// - Money is in minor units with its ISO currency; sums are per currency (never added across).
// - attributed false: the order carried no reference, or one no buy click sent (the "unattributed"
//   row). Net = gross less refunds; an order counts on the UTC day it was paid; only paid orders
//   count (a pending one, e.g. a bank transfer not yet arrived, does not).
// - variants: an order counts for every variant its visitor-day saw before the click (the steps'
//   'variant:<route>=<v>' tokens), so an experiment on the landing page is judged by sales made on
//   a platform page the same day, as public.admin_experiment counts conversions.
import type { VariantRevenue } from '../../model/analytics/experiment-money.ts';
import type { DatabaseCatalogue } from '../../model/sales.ts';
import { AdminDataError } from './admin.ts';
import { getSupabase } from './client.ts';

export type { DatabaseCatalogue } from '../../model/sales.ts';

/** Orders and their money, in one currency. */
export interface Money {
  currency: string;
  orders: number;
  /** Orders with any refund (partial or full). */
  refundedOrders: number;
  grossMinor: number;
  refundedMinor: number;
  netMinor: number;
}
export interface SalesDay extends Money { day: string }
/** The click's product, else the one the provider named; attributed false (product null): neither is known. */
export interface SalesByProduct extends Money { product: string | null; attributed: boolean }
export interface SalesByRoute extends Money { route: string | null; attributed: boolean }
/** The call to action clicked: the buy button's block on its route. */
export interface SalesByBlock extends Money { route: string | null; blockId: string | null; blockType: string | null; attributed: boolean }
/** The visitor-day's first utm triplet (all null and attributed: none). */
export interface SalesByCampaign extends Money { source: string | null; medium: string | null; campaign: string | null; attributed: boolean }
/** The visitor-day's first referrer host (null and attributed: direct). */
export interface SalesByReferrer extends Money { host: string | null; attributed: boolean }
/** Orders whose visitor-day saw this variant of the route first (experiment null: no longer declared). */
export interface SalesByVariant extends Money { route: string; experiment: string | null; variant: string }

/** public.admin_sales(p_from, p_to): orders paid in the period, inclusive UTC days. */
export interface Sales {
  totals: Money[];
  daily: SalesDay[];
  products: SalesByProduct[];
  routes: SalesByRoute[];
  blocks: SalesByBlock[];
  campaigns: SalesByCampaign[];
  referrers: SalesByReferrer[];
  variants: SalesByVariant[];
}

export interface OrderRow {
  provider: string;
  orderId: string;
  status: 'paid' | 'partially_refunded' | 'refunded';
  paidAt: string;
  currency: string;
  grossMinor: number;
  refundedMinor: number;
  netMinor: number;
  product: string | null;
  attributed: boolean;
  route: string | null;
  blockId: string | null;
  variant: string | null;
  experiment: string | null;
  referrerHost: string | null;
  source: string | null;
  medium: string | null;
  campaign: string | null;
}

async function call<T>(fn: string, args: Record<string, unknown>, what: string): Promise<T> {
  const { data, error } = await (await getSupabase()).rpc(fn, args);
  if (error) throw new AdminDataError(error.message || `Could not load ${what}.`, error.code);
  return data as T;
}

const EMPTY_SALES: Sales = { totals: [], daily: [], products: [], routes: [], blocks: [], campaigns: [], referrers: [], variants: [] };

/** Orders paid from `from` to `to` (YYYY-MM-DD, UTC, inclusive), each panel per currency. */
export async function loadSales(from: string, to: string): Promise<Sales> {
  return { ...EMPTY_SALES, ...((await call<Partial<Sales> | null>('admin_sales', { p_from: from, p_to: to }, 'the sales')) ?? {}) };
}

/** The money of orders whose buy click ended a visitor-day that took the funnel's steps (public.admin_funnel's steps). */
export async function funnelSales(from: string, to: string, steps: readonly object[]): Promise<Money[]> {
  return (await call<Money[] | null>('admin_funnel_sales', { p_from: from, p_to: to, p_steps: steps }, "the funnel's sales")) ?? [];
}

/** An experiment on money: per variant, visitors and per currency the capped net revenue and its squares. */
export async function experimentRevenue(e: { route: string; id: string; start: string }, to: string, capMinor?: number): Promise<VariantRevenue[]> {
  if (to < e.start) return [];
  return (await call<VariantRevenue[] | null>('admin_experiment_revenue', { p_route: e.route, p_experiment: e.id, p_from: e.start, p_to: to, p_cap_minor: capMinor ?? null }, `the revenue of ${e.id}`)) ?? [];
}

/** One page of the period's orders, newest payment first. */
export async function listOrders(from: string, to: string, { page = 1, pageSize = 100 } = {}): Promise<{ total: number; rows: OrderRow[] }> {
  const answer = await call<{ total: number; rows: OrderRow[] } | null>('admin_orders', { p_from: from, p_to: to, p_limit: pageSize, p_offset: (Math.max(1, page) - 1) * pageSize }, 'the orders');
  return answer ?? { total: 0, rows: [] };
}

/**
 * public.admin_order_visits: per route and product of the buy click, the period's orders from visitors counted on
 * that page (the click followed a view of it by the same visitor that day) and from clicks without such
 * a view; and the orders no click claims. Only counted orders are divided by visitors.
 */
export interface OrderVisits {
  /** product: the click's product. */
  routes: { route: string; product: string; counted: number; unviewed: number }[];
  unattributed: number;
}

export async function loadOrderVisits(from: string, to: string): Promise<OrderVisits> {
  const answer = await call<Partial<OrderVisits> | null>('admin_order_visits', { p_from: from, p_to: to }, 'the orders per visitor');
  return { routes: answer?.routes ?? [], unattributed: answer?.unattributed ?? 0 };
}

/** Stores the catalogue the site was built with, if it differs (an admin at aal2); true when it changed. */
export async function publishCatalogue(catalogue: DatabaseCatalogue): Promise<boolean> {
  return (await call<{ changed: boolean }>('publish_catalogue', { p_catalogue: catalogue }, 'the catalogue')).changed;
}
