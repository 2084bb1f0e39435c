// /admin/insights' one door to the database: the two reading functions of the analytics contract (model/analytics/README.md)
// (public.admin_insights, public.admin_funnel; admins at aal2 only, the database decides), called
// by name through supabase-js, with the shapes they answer. Nothing else on the screen knows SQL.
import { getSupabase } from './client.ts';
import { AdminDataError } from './admin.ts';

export interface InsightsTotals {
  visitors: number;
  views: number;
  /** Buy clicks of visitors who viewed the clicked page that day. */
  buys: number;
  /** Visitor-days with such a buy click (a share of visitors never above 100%). */
  buyers: number;
  /** Buy clicks with no view of their page by the same visitor that day: counted apart, in no ratio. */
  unviewedBuys: number;
  captures: number;
  contacts: number;
  previews: number;
  notFound: number;
  buyValueCents: number;
}
export interface DailyRow { day: string; visitors: number; views: number; buys: number; captures: number }
export interface PageRow { route: string; views: number; visitors: number; buys: number; buyers: number; unviewedBuys: number; captures: number; ctas: number; buyValueCents: number }
export interface ReferrerRow { host: string; views: number; visitors: number }
export interface CampaignRow { source: string | null; medium: string | null; campaign: string | null; views: number; visitors: number }
/** blockId null: a call to action in a block that has no id (counted by its type). */
export interface BlockRow { route: string; blockId: string | null; blockType: string; clicks: number }
export interface ProductRow { product: string; route: string; buys: number; buyValueCents: number }
export interface DeviceRow { device: string; views: number }

/** public.admin_insights(p_from, p_to): one period, inclusive UTC days. */
export interface Insights {
  totals: InsightsTotals;
  daily: DailyRow[];
  pages: PageRow[];
  referrers: ReferrerRow[];
  campaigns: CampaignRow[];
  blocks: BlockRow[];
  products: ProductRow[];
  devices: DeviceRow[];
}

/** One step as public.admin_funnel takes it. */
export interface FunnelStepQuery {
  kind: string;
  route?: string;
  routePattern?: string;
  block?: string;
  product?: string;
}
/** public.admin_funnel's answer: visitor-days that did step i after steps 0..i-1, in order, within the day. */
export interface FunnelStepCount { step: number; visitors: number }

/** A funnel step as site.config.yaml's analytics.funnels writes it. */
export type FunnelStepConfig = { route: string } | { routePattern: string } | { event: string; product?: string; block?: string; route?: string };
export interface FunnelConfig { id: string; name?: string; steps: FunnelStepConfig[] }

/** The config's step in the function's words: a page or a route pattern is a page view. */
export function funnelStepQuery(step: FunnelStepConfig): FunnelStepQuery {
  if ('event' in step) {
    const { event, ...rest } = step;
    return { kind: event, ...rest };
  }
  return { kind: 'view', ...step };
}

const EMPTY_TOTALS: InsightsTotals = { visitors: 0, views: 0, buys: 0, buyers: 0, unviewedBuys: 0, captures: 0, contacts: 0, previews: 0, notFound: 0, buyValueCents: 0 };

/** Missing lists or totals become empty ones, so the screen never meets an undefined. */
export function normaliseInsights(raw: unknown): Insights {
  const r = (raw ?? {}) as Partial<Insights>;
  return {
    totals: { ...EMPTY_TOTALS, ...(r.totals ?? {}) },
    daily: r.daily ?? [],
    // A database before 20260203000000_figures_true.sql answers no buyers: each buy click was then its own.
    pages: (r.pages ?? []).map((p) => ({ ...p, buyers: p.buyers ?? p.buys, unviewedBuys: p.unviewedBuys ?? 0 })),
    referrers: r.referrers ?? [],
    campaigns: r.campaigns ?? [],
    blocks: r.blocks ?? [],
    products: r.products ?? [],
    devices: r.devices ?? [],
  };
}

export async function loadInsights(from: string, to: string): Promise<Insights> {
  const { data, error } = await (await getSupabase()).rpc('admin_insights', { p_from: from, p_to: to });
  if (error) throw new AdminDataError(error.message || 'Could not load the insights.', error.code);
  return normaliseInsights(data);
}

export async function loadFunnel(from: string, to: string, steps: readonly FunnelStepConfig[]): Promise<FunnelStepCount[]> {
  const { data, error } = await (await getSupabase()).rpc('admin_funnel', { p_from: from, p_to: to, p_steps: steps.map(funnelStepQuery) });
  if (error) throw new AdminDataError(error.message || 'Could not load a funnel.', error.code);
  return (data ?? []) as FunnelStepCount[];
}
