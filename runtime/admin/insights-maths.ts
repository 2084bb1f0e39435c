// /admin/insights' arithmetic, apart from React so it is tested on contract-shaped data: the period
// and the one before it, changes between them, funnel conversion and drop-off, the platform family,
// demo traffic, and the tables of what the screen shows (its CSV).
import type { CsvTable } from './csv.ts';
import type { CampaignRow, FunnelStepConfig, Insights, PageRow } from '../backend/insights.ts';

export type RangeKey = 'today' | '7' | '30' | '90' | 'custom';
export const RANGES: readonly { key: RangeKey; label: string }[] = [
  { key: 'today', label: 'Today' },
  { key: '7', label: '7 days' },
  { key: '30', label: '30 days' },
  { key: '90', label: '90 days' },
  { key: 'custom', label: 'Custom' },
];

export interface Period {
  /** Inclusive UTC days, YYYY-MM-DD. */
  from: string;
  to: string;
  days: number;
}

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayMs = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (iso: string, n: number) => isoDay(dayMs(iso) + n * DAY_MS);
/** Longest custom range: the dashboard's budget is measured over 90 days; a year is still one query. */
export const MAX_DAYS = 366;

const validDay = (s: string | null | undefined): s is string => !!s && ISO_DAY.test(s) && isoDay(dayMs(s)) === s;

/**
 * The period a range means on `today` (UTC): 'today' is one day, N days ends today; custom takes
 * from/to as given (swapped if reversed, today's when missing or invalid, at most MAX_DAYS, never past today).
 */
export function periodFor(range: RangeKey, today: string, custom: { from?: string | null; to?: string | null } = {}): Period {
  if (range === 'custom') {
    let to = validDay(custom.to) && custom.to < today ? custom.to : today;
    let from = validDay(custom.from) ? custom.from : to;
    if (from > to) [from, to] = [to, from];
    if (daysBetween(from, to) > MAX_DAYS) from = addDays(to, -(MAX_DAYS - 1));
    return { from, to, days: daysBetween(from, to) };
  }
  const days = range === 'today' ? 1 : Number(range);
  return { from: addDays(today, -(days - 1)), to: today, days };
}

/** Inclusive count of days. */
export const daysBetween = (from: string, to: string) => Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1;

/** The same number of days, ending the day before. */
export function previousPeriod(p: Period): Period {
  const to = addDays(p.from, -1);
  return { from: addDays(to, -(p.days - 1)), to, days: p.days };
}

export function parseRange(value: string | null): RangeKey {
  return RANGES.some((r) => r.key === value) ? (value as RangeKey) : '7';
}

export interface Change {
  current: number;
  previous: number;
  delta: number;
  /** Percent change, or null when the period before had none (no percentage of zero). */
  percent: number | null;
}

export function change(current: number, previous: number): Change {
  return { current, previous, delta: current - previous, percent: previous === 0 ? null : ((current - previous) / previous) * 100 };
}

/** "+12%", "−3%", "new" (nothing before), "no change". */
export function changeLabel(c: Change): string {
  if (c.delta === 0) return 'no change';
  if (c.percent === null) return 'new';
  const rounded = Math.round(c.percent);
  if (rounded === 0) return c.delta > 0 ? '+<1%' : '−<1%';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded)}%`;
}

/** part / whole as a fraction 0..1, 0 when there is no whole. */
export const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
export const percent = (fraction: number, digits = 1) => `${(fraction * 100).toFixed(digits).replace(/\.0+$/, '')}%`;

/**
 * A share of a whole as the screen writes it: a percentage only when it means one. No whole: a dash
 * (0% of nobody is no figure). A part above its whole (one counted visitor with two orders a day) is
 * written as counts, never as a ratio above 100%.
 */
export function share(part: number, whole: number): string {
  if (whole <= 0) return '–';
  if (part > whole) return `${part.toLocaleString('en-US')} of ${whole.toLocaleString('en-US')}`;
  return percent(part / whole);
}

export interface FunnelBar {
  step: number;
  label: string;
  visitors: number;
  /** Of the first step's visitors. */
  ofFirst: number;
  /** Of the step before's visitors (1 for the first step). */
  fromPrevious: number;
  /** Visitors lost since the step before (0 for the first). */
  dropOff: number;
}

/** What a step means, in words. */
export function stepLabel(step: FunnelStepConfig, productName: (id: string) => string = (id) => id): string {
  if ('event' in step) {
    const what: Record<string, string> = { buy: 'Buy click', cta: 'Click', capture: 'Starter-kit sign-up', contact: 'Contact message', preview: 'Preview opened', view: 'Page view', '404': 'Page not found' };
    const parts = [what[step.event] ?? step.event];
    if (step.product) parts.push(`on ${productName(step.product)}`);
    if (step.block) parts.push(`in block ${step.block}`);
    if (step.route) parts.push(`on ${step.route}`);
    return parts.join(' ');
  }
  return 'route' in step ? `Visit ${step.route}` : `Visit ${step.routePattern}`;
}

/**
 * The funnel's bars from admin_funnel's counts (by step index; a missing step counts 0). Counts are
 * cumulative in order, so a later step above an earlier one (never, by the contract) is clamped.
 */
export function funnelBars(steps: readonly FunnelStepConfig[], counts: readonly { step: number; visitors: number }[], productName?: (id: string) => string): FunnelBar[] {
  const byStep = new Map(counts.map((c) => [c.step, c.visitors]));
  const bars: FunnelBar[] = [];
  steps.forEach((s, i) => {
    const raw = byStep.get(i) ?? 0;
    const before = i === 0 ? raw : bars[i - 1]!.visitors;
    const visitors = Math.min(raw, before);
    const first = i === 0 ? visitors : bars[0]!.visitors;
    bars.push({ step: i, label: stepLabel(s, productName), visitors, ofFirst: i === 0 ? (visitors > 0 ? 1 : 0) : ratio(visitors, first), fromPrevious: i === 0 ? (visitors > 0 ? 1 : 0) : ratio(visitors, before), dropOff: before - visitors });
  });
  return bars;
}

/** What the screen knows of a catalogue product (from the build, like the previews). */
export interface CatalogueProduct {
  id: string;
  title: string;
  route: string;
  /** List price, in the catalogue's currency units (dollars). */
  price: number;
  bundle: boolean;
}

export interface FamilyRow {
  product: string;
  title: string;
  route: string;
  bundle: boolean;
  views: number;
  visitors: number;
  /** Buy clicks made on this page, whatever product they were for. */
  buys: number;
  /** Visitors of the page who clicked buy there (visitor-days). */
  buyers: number;
  /** Buy clicks on this page by visitors who did not view it that day: counted apart, in no ratio. */
  unviewedBuys: number;
  /** Visitors who clicked buy, per visitor of the page (0..1; see share() for how it is written). */
  conversion: number;
  captures: number;
  /** Buy clicks on this page times the list price of the product each was for. */
  listValueCents: number;
}

/**
 * Every platform page and the bundle, side by side, in catalogue order, platforms first: a page
 * with no traffic still has its row (zeros), which is the point of comparing them.
 */
export function platformFamily(catalogue: readonly CatalogueProduct[], data: Pick<Insights, 'pages' | 'products'>): FamilyRow[] {
  const pages = new Map<string, PageRow>(data.pages.map((p) => [p.route, p]));
  const price = new Map(catalogue.map((p) => [p.id, Math.round(p.price * 100)]));
  const ordered = [...catalogue.filter((p) => !p.bundle), ...catalogue.filter((p) => p.bundle)];
  return ordered.map((p) => {
    const page = pages.get(p.route);
    const clicks = data.products.filter((r) => r.route === p.route);
    // The products list names each buy's product; a page's own row may also count buys (its total).
    const buys = clicks.length > 0 ? clicks.reduce((n, r) => n + r.buys, 0) : (page?.buys ?? 0);
    const listValueCents = clicks.length > 0 ? clicks.reduce((n, r) => n + r.buys * (price.get(r.product) ?? 0), 0) : buys * (price.get(p.id) ?? 0);
    const visitors = page?.visitors ?? 0;
    const buyers = page?.buyers ?? 0;
    return { product: p.id, title: p.title, route: p.route, bundle: p.bundle, views: page?.views ?? 0, visitors, buys, buyers, unviewedBuys: page?.unviewedBuys ?? 0, conversion: ratio(buyers, visitors), captures: page?.captures ?? 0, listValueCents };
  });
}

export interface BlockGroup {
  route: string;
  views: number;
  blocks: { blockId: string | null; blockType: string; clicks: number; share: number; perView: number }[];
}

/** Per page, its blocks by clicks (most first), with each one's share of the page's clicks and clicks per view. */
export function blocksByPage(data: Pick<Insights, 'blocks' | 'pages'>): BlockGroup[] {
  const views = new Map(data.pages.map((p) => [p.route, p.views]));
  const groups = new Map<string, Insights['blocks']>();
  for (const b of data.blocks) groups.set(b.route, [...(groups.get(b.route) ?? []), b]);
  return [...groups]
    .map(([route, rows]) => {
      const total = rows.reduce((n, r) => n + r.clicks, 0);
      const pageViews = views.get(route) ?? 0;
      return {
        route,
        views: pageViews,
        blocks: [...rows]
          .sort((a, b) => b.clicks - a.clicks || (a.blockId ?? '').localeCompare(b.blockId ?? ''))
          .map((r) => ({ blockId: r.blockId, blockType: r.blockType, clicks: r.clicks, share: ratio(r.clicks, total), perView: ratio(r.clicks, pageViews) })),
      };
    })
    .sort((a, b) => b.blocks.reduce((n, r) => n + r.clicks, 0) - a.blocks.reduce((n, r) => n + r.clicks, 0) || a.route.localeCompare(b.route));
}

/** The campaign `npm run demo:traffic` writes its visits under. */
export const DEMO_CAMPAIGN = 'demo';
export const isDemoCampaign = (c: Pick<CampaignRow, 'campaign'>) => (c.campaign ?? '').toLowerCase() === DEMO_CAMPAIGN;

/** Visitors who came by the demo campaign in the period (0: no demo traffic shown). */
export const demoVisitors = (data: Pick<Insights, 'campaigns'>) => data.campaigns.filter(isDemoCampaign).reduce((n, c) => n + c.visitors, 0);

export const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;

/** Everything /admin/insights shows, computed once: the screen renders it and the CSV writes it. */
export interface InsightsView {
  period: Period;
  previous: Period;
  totals: { key: 'visitors' | 'views' | 'buys' | 'captures'; label: string; change: Change }[];
  buyValue: Change;
  daily: Insights['daily'];
  pages: PageRow[];
  referrers: Insights['referrers'];
  campaigns: (CampaignRow & { demo: boolean })[];
  funnels: { id: string; name: string; bars: FunnelBar[] }[];
  family: FamilyRow[];
  blocks: BlockGroup[];
  demoVisitors: number;
  /** Buy clicks with no view of their page by the same visitor that day (a script, a blocked page view): apart from every ratio. */
  unviewedBuys: number;
  /** Visitor-days that clicked buy after viewing the page. */
  buyers: number;
  /** Nothing at all was counted in the period (orders are the sales' to tell). */
  empty: boolean;
}

const TOTAL_LABELS = { visitors: 'Visitors', views: 'Page views', buys: 'Buy clicks', captures: 'Starter-kit sign-ups' } as const;

export function insightsView(input: {
  period: Period;
  current: Insights;
  before: Insights;
  funnels: readonly { id: string; name?: string; steps: FunnelStepConfig[]; counts: { step: number; visitors: number }[] }[];
  catalogue: readonly CatalogueProduct[];
}): InsightsView {
  const { current, before } = input;
  const name = (id: string) => input.catalogue.find((p) => p.id === id)?.title ?? id;
  const t = current.totals;
  return {
    period: input.period,
    previous: previousPeriod(input.period),
    totals: (Object.keys(TOTAL_LABELS) as (keyof typeof TOTAL_LABELS)[]).map((key) => ({ key, label: TOTAL_LABELS[key], change: change(t[key], before.totals[key]) })),
    buyValue: change(t.buyValueCents, before.totals.buyValueCents),
    daily: current.daily,
    pages: [...current.pages].sort((a, b) => b.views - a.views || a.route.localeCompare(b.route)),
    referrers: [...current.referrers].sort((a, b) => b.visitors - a.visitors || a.host.localeCompare(b.host)),
    campaigns: [...current.campaigns].sort((a, b) => b.visitors - a.visitors).map((c) => ({ ...c, demo: isDemoCampaign(c) })),
    funnels: input.funnels.map((f) => ({ id: f.id, name: f.name ?? f.id, bars: funnelBars(f.steps, f.counts, name) })),
    family: platformFamily(input.catalogue, current),
    blocks: blocksByPage(current),
    demoVisitors: demoVisitors(current),
    unviewedBuys: t.unviewedBuys,
    buyers: t.buyers,
    empty: t.unviewedBuys === 0 && t.visitors + t.views + t.buys + t.captures + t.contacts + t.previews + t.notFound === 0 && current.daily.every((d) => d.views + d.visitors + d.buys + d.captures === 0),
  };
}

/** The screen's tables as its CSV writes them: the same numbers, in the same order. */
export function insightsTables(v: InsightsView): CsvTable[] {
  const fraction = (f: number) => Number(f.toFixed(4));
  return [
    { title: 'period', columns: ['from', 'to', 'days', 'compared_from', 'compared_to'], rows: [[v.period.from, v.period.to, v.period.days, v.previous.from, v.previous.to]] },
    {
      title: 'totals',
      columns: ['measure', 'value', 'previous', 'change', 'change_percent'],
      rows: [
        ...v.totals.map((x) => [x.key, x.change.current, x.change.previous, x.change.delta, x.change.percent === null ? null : Number(x.change.percent.toFixed(1))]),
        ['buy_value_cents', v.buyValue.current, v.buyValue.previous, v.buyValue.delta, v.buyValue.percent === null ? null : Number(v.buyValue.percent.toFixed(1))],
        ['unviewed_buys', v.unviewedBuys, null, null, null],
      ],
    },
    { title: 'daily', columns: ['day', 'visitors', 'views', 'buys', 'captures'], rows: v.daily.map((d) => [d.day, d.visitors, d.views, d.buys, d.captures]) },
    { title: 'platforms', columns: ['product', 'route', 'bundle', 'views', 'visitors', 'buys', 'buyers', 'buyers_per_visitor', 'unviewed_buys', 'captures', 'list_value_cents'], rows: v.family.map((f) => [f.product, f.route, f.bundle ? 'yes' : 'no', f.views, f.visitors, f.buys, f.buyers, f.visitors ? fraction(f.conversion) : null, f.unviewedBuys, f.captures, f.listValueCents]) },
    { title: 'funnels', columns: ['funnel', 'step', 'label', 'visitors', 'of_first', 'from_previous', 'drop_off'], rows: v.funnels.flatMap((f) => f.bars.map((b) => [f.id, b.step + 1, b.label, b.visitors, fraction(b.ofFirst), fraction(b.fromPrevious), b.dropOff])) },
    { title: 'pages', columns: ['route', 'views', 'visitors', 'buys', 'buyers', 'unviewed_buys', 'captures', 'ctas', 'buy_value_cents'], rows: v.pages.map((p) => [p.route, p.views, p.visitors, p.buys, p.buyers, p.unviewedBuys, p.captures, p.ctas, p.buyValueCents]) },
    { title: 'referrers', columns: ['host', 'views', 'visitors'], rows: v.referrers.map((r) => [r.host, r.views, r.visitors]) },
    { title: 'campaigns', columns: ['source', 'medium', 'campaign', 'views', 'visitors', 'demo'], rows: v.campaigns.map((c) => [c.source, c.medium, c.campaign, c.views, c.visitors, c.demo ? 'yes' : 'no']) },
    { title: 'blocks', columns: ['route', 'block_id', 'block_type', 'clicks', 'share_of_page', 'per_view'], rows: v.blocks.flatMap((g) => g.blocks.map((b) => [g.route, b.blockId ?? '', b.blockType, b.clicks, fraction(b.share), fraction(b.perView)])) },
  ];
}
