// Loading the money for /admin/insights (issue 41) through runtime/backend/sales.ts: the period's
// sales and each funnel's, laid out by insights-sales-maths.ts. A database without the sales
// migration answers "no such function": the screen then shows the clicks alone.
import { AdminDataError } from '../backend/admin.ts';
import { funnelSales, loadOrderVisits, loadSales } from '../backend/sales.ts';
import { funnelStepQuery, type FunnelConfig } from '../backend/insights.ts';
import type { InsightsView } from './insights-maths.ts';
import { salesView, type SalesView } from './insights-sales-maths.ts';

export type { SalesView };

/** PostgREST's "no such function" and PostgreSQL's. */
const MISSING_FUNCTION = new Set(['PGRST202', '42883']);

export async function loadSalesView(view: InsightsView, funnels: readonly FunnelConfig[]): Promise<SalesView | undefined> {
  const { from, to } = view.period;
  try {
    const [sales, orderVisits, ...perFunnel] = await Promise.all([
      loadSales(from, to),
      loadOrderVisits(from, to),
      ...funnels.map((f) => funnelSales(from, to, f.steps.map(funnelStepQuery))),
    ]);
    const total = (key: string) => view.totals.find((t) => t.key === key)?.change.current ?? 0;
    return salesView({
      sales: sales as Awaited<ReturnType<typeof loadSales>>,
      family: view.family,
      visitors: total('visitors'),
      buyers: view.buyers,
      orderVisits: orderVisits as Awaited<ReturnType<typeof loadOrderVisits>>,
      funnels: funnels.map((f, i) => ({ id: f.id, name: f.name ?? f.id, money: (perFunnel[i] as Awaited<ReturnType<typeof funnelSales>>) ?? [] })),
      names: new Map(view.family.map((f) => [f.product, f.title])),
    });
  } catch (e) {
    if (e instanceof AdminDataError && e.code && MISSING_FUNCTION.has(e.code)) return undefined;
    throw e;
  }
}
