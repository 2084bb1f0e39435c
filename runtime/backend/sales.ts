// The admin's reading of sales (issue 41): orders, revenue and refunds from the checkout's verified
// webhooks, never from the browser. Every read is a database function an admin at aal2 may call
// (supabase/schemas/public/functions/admin_sales.sql and the other admin_*); anyone else reads zeros,
// and anon may not call them. What each answers is model/sales/figures.ts, and the rules behind the
// figures (minor units, per currency, attribution, unattributed orders) are model/sales/README.md's.
import type { VariantRevenue } from '../../model/analytics/experiment-money.ts';
import type { DatabaseCatalogue } from '../../model/sales/catalogue.ts';
import type { CurrencyFigures, OrderRow, OrderVisits, Sales } from '../../model/sales/figures.ts';
import { AdminDataError } from './admin.ts';
import { getSupabase } from './client.ts';

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
export async function funnelSales(from: string, to: string, steps: readonly object[]): Promise<CurrencyFigures[]> {
  return (await call<CurrencyFigures[] | null>('admin_funnel_sales', { p_from: from, p_to: to, p_steps: steps }, "the funnel's sales")) ?? [];
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

export async function loadOrderVisits(from: string, to: string): Promise<OrderVisits> {
  const answer = await call<Partial<OrderVisits> | null>('admin_order_visits', { p_from: from, p_to: to }, 'the orders per visitor');
  return { routes: answer?.routes ?? [], unattributed: answer?.unattributed ?? 0 };
}

/** Stores the catalogue the site was built with, if it differs (an admin at aal2); true when it changed. */
export async function publishCatalogue(catalogue: DatabaseCatalogue): Promise<boolean> {
  return (await call<{ changed: boolean }>('publish_catalogue', { p_catalogue: catalogue }, 'the catalogue')).changed;
}
