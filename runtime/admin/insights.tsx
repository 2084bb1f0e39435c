// /admin/insights: what visitors saw, clicked and bought in a period, against the period before:
// totals with a daily chart, the platform pages and the bundle side by side, each declared funnel,
// top pages, referrers and campaigns, each page's calls to action, and a CSV of all of it. The
// numbers come from ../backend/insights.ts (the database decides who may read them), the arithmetic from
// insights-maths.ts; the period is in the address (?range=7, or ?range=custom&from=…&to=…).
import { useMemo, useState, type ReactNode } from 'react';
import { Form, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { toast } from '../client/toast.ts';
import { AdminDataError } from '../backend/admin.ts';
import type { AdminAppProps } from './context.ts';
import { download } from './download.ts';
import { Bar, DailyChart, formatUtcDay, num } from './insights-charts.tsx';
import { loadFunnel, loadInsights } from '../backend/insights.ts';
import { ExperimentsSection } from './experiments.tsx';
import { InsightsListSection } from './insights-list.tsx';
import { SalesSection } from './insights-sales.tsx';
import { loadSalesView, type SalesView } from './insights-sales-data.ts';
import type { ExperimentEntry } from '../../model/analytics/experiment.ts';
import {
  RANGES, changeLabel, dollars, insightsTables, insightsView, isoDay, parseRange, percent, periodFor, previousPeriod, ratio, share,
  type Change, type InsightsView, type Period, type RangeKey,
} from './insights-maths.ts';
import { ScreenTables, useScreenTables, useTablesOnScreen } from './screen-tables.tsx';
import { tablesCsv } from './csv.ts';
import { signedInAdmin } from './session.ts';
import { inputClass, link, panel, primaryButton, secondaryButton } from './ui.ts';
import { WideTable } from './wide-table.tsx';

type InsightsData = { state: 'ready'; range: RangeKey; view: InsightsView; sales?: SalesView } | { state: 'missing'; range: RangeKey; period: Period; message: string };

/** PostgREST's "no such function" and PostgreSQL's: the database has not got the insights migration. */
const MISSING_FUNCTION = new Set(['PGRST202', '42883']);

export function insightsLoader(props: Pick<AdminAppProps, 'products' | 'funnels'>) {
  return async ({ request }: LoaderFunctionArgs): Promise<InsightsData | null> => {
    if (!(await signedInAdmin())) return null;
    const params = new URL(request.url).searchParams;
    const range = parseRange(params.get('range'));
    const period = periodFor(range, isoDay(Date.now()), { from: params.get('from'), to: params.get('to') });
    const before = previousPeriod(period);
    const funnels = props.funnels ?? [];
    try {
      const [current, previous, ...counts] = await Promise.all([
        loadInsights(period.from, period.to),
        loadInsights(before.from, before.to),
        ...funnels.map((f) => loadFunnel(period.from, period.to, f.steps)),
      ]);
      const view = insightsView({ period, current: current!, before: previous!, catalogue: props.products ?? [], funnels: funnels.map((f, i) => ({ ...f, counts: counts[i] ?? [] })) });
      return { state: 'ready', range, view, sales: await loadSalesView(view, funnels) };
    } catch (e) {
      if (e instanceof AdminDataError && e.code && MISSING_FUNCTION.has(e.code)) return { state: 'missing', range, period, message: e.message };
      throw e;
    }
  };
}

const h2 = 'text-lg font-bold text-gray-900';
const th = 'px-3 py-2 font-bold';
const thNum = `${th} text-right`;
const td = 'px-3 py-2 text-right tabular-nums text-gray-800';
const code = 'rounded bg-gray-100 px-1.5 py-0.5 font-mono text-sm text-gray-900';

const periodText = (p: Period) => (p.days === 1 ? formatUtcDay(p.from) : `${formatUtcDay(p.from)} – ${formatUtcDay(p.to)}`);

function RangePicker({ range, period }: { range: RangeKey; period: Period }) {
  const custom = `?range=custom&from=${period.from}&to=${period.to}`;
  return (
    <div className="flex flex-col gap-3">
      <nav aria-label="Period">
        <ul className="flex flex-wrap gap-2">
          {RANGES.map((r) => (
            <li key={r.key}>
              <Link
                to={r.key === 'custom' ? custom : `?range=${r.key}`}
                aria-current={r.key === range ? 'page' : undefined}
                className={`block rounded-full border px-3 py-1.5 text-sm font-semibold ${r.key === range ? 'border-violet-600 bg-violet-600 text-white' : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-100'}`}
              >
                {r.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {range === 'custom' && (
        <Form method="get" className="flex flex-wrap items-end gap-3" data-testid="insights-custom-range">
          <input type="hidden" name="range" value="custom" />
          <div>
            <label htmlFor="insights-from" className="block text-sm font-semibold text-gray-800">From</label>
            <input id="insights-from" name="from" type="date" defaultValue={period.from} key={`f${period.from}`} className={`${inputClass} py-2`} />
          </div>
          <div>
            <label htmlFor="insights-to" className="block text-sm font-semibold text-gray-800">To</label>
            <input id="insights-to" name="to" type="date" defaultValue={period.to} key={`t${period.to}`} className={`${inputClass} py-2`} />
          </div>
          <button type="submit" className={`${secondaryButton} py-2.5`}>Show</button>
        </Form>
      )}
    </div>
  );
}

function ExportButton({ view }: { view: InsightsView }) {
  const [busy, setBusy] = useState(false);
  const tablesOnScreen = useTablesOnScreen();
  const onExport = () => {
    setBusy(true);
    try {
      download(`insights-${view.period.from}-to-${view.period.to}.csv`, tablesCsv(tablesOnScreen()));
      toast.success('Export ready', { description: 'Every table on this screen is in the CSV file.' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" onClick={onExport} disabled={busy} className={`${primaryButton} py-2`} data-testid="insights-export">
      Export CSV
    </button>
  );
}

function Section({ id, title, note, children, testId }: { id: string; title: string; note?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section aria-labelledby={id} className={`${panel} p-4 sm:p-5`} data-testid={testId}>
      <h2 id={id} className={h2}>{title}</h2>
      {note && <p className="mt-1 text-sm text-gray-600">{note}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

function ChangeText({ c, days }: { c: Change; days: number }) {
  const tone = c.delta > 0 ? 'text-emerald-700' : c.delta < 0 ? 'text-red-700' : 'text-gray-600';
  return (
    <p className="mt-1 text-sm text-gray-600">
      <span className={`font-semibold ${tone}`}>{changeLabel(c)}</span> against the {days === 1 ? 'day' : `${days} days`} before ({num(c.previous)})
    </p>
  );
}

function Totals({ view }: { view: InsightsView }) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {view.totals.map((t) => (
        <div key={t.key} className={`${panel} p-4`} data-testid={`insights-total-${t.key}`}>
          <p className="text-xs font-semibold uppercase tracking-wide text-gray-600 sm:text-sm">{t.label}</p>
          <p className="mt-1 text-3xl font-extrabold tabular-nums text-gray-900" data-testid="value">{num(t.change.current)}</p>
          <ChangeText c={t.change} days={view.period.days} />
        </div>
      ))}
    </div>
  );
}

function Funnels({ view, declared }: { view: InsightsView; declared: boolean }) {
  if (!declared) {
    return (
      <Section id="insights-funnels" title="Funnels">
        <p className="text-gray-700">No funnel is declared. Add one under <code className={code}>analytics.funnels</code> in <code className={code}>site.config.yaml</code>: its steps (pages, route patterns or events) are drawn here.</p>
      </Section>
    );
  }
  return (
    <Section id="insights-funnels" title="Funnels" note="Visitors who took each step after the ones before it, on the same day. Each bar is a share of the first step.">
      <div className="grid gap-6 lg:grid-cols-2">
        {view.funnels.map((f) => (
          <div key={f.id} data-testid={`insights-funnel-${f.id}`}>
            <h3 className="font-bold text-gray-900">{f.name}</h3>
            <ol className="mt-2 space-y-3">
              {f.bars.map((b) => (
                <li key={b.step} data-testid="funnel-step">
                  <div className="flex items-baseline justify-between gap-3 text-sm">
                    <span className="font-medium text-gray-900">{b.step + 1}. {b.label}</span>
                    <span className="shrink-0 tabular-nums text-gray-900"><strong data-testid="funnel-visitors">{num(b.visitors)}</strong> {b.visitors === 1 ? 'visitor' : 'visitors'}</span>
                  </div>
                  <Bar fraction={b.ofFirst} />
                  {b.step > 0 && (
                    <p className="mt-0.5 text-xs text-gray-600">
                      {percent(b.fromPrevious)} of the step before went on; {num(b.dropOff)} dropped off ({percent(1 - b.fromPrevious)}).{b.step > 1 && ` ${percent(b.ofFirst)} of the first step.`}
                    </p>
                  )}
                </li>
              ))}
            </ol>
          </div>
        ))}
      </div>
    </Section>
  );
}

function Family({ view }: { view: InsightsView }) {
  const most = Math.max(0, ...view.family.map((f) => f.conversion));
  if (view.family.length === 0) return null;
  return (
    <Section id="insights-family" title="Platform pages and the bundle" note="Each guide's page side by side. Clicked buy is the share of the page's visitors who clicked its buy button; value is the buy clicks at list price." testId="insights-family">
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {view.family.map((f) => (
          <li key={f.product} className={`rounded-xl border p-4 ${f.bundle ? 'border-violet-300 bg-violet-50' : 'border-gray-200'}`} data-testid="family-row" data-route={f.route}>
            <div className="flex items-baseline justify-between gap-2">
              <h3 className="font-bold text-gray-900">{f.title}</h3>
              {f.bundle && <span className="rounded-full bg-violet-700 px-2 py-0.5 text-xs font-bold text-white">Bundle</span>}
            </div>
            <p className="break-all font-mono text-xs text-gray-600">{f.route}</p>
            <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              <dt className="text-gray-600">Page views</dt><dd className="text-right tabular-nums text-gray-900" data-testid="family-views">{num(f.views)}</dd>
              <dt className="text-gray-600">Buy clicks</dt><dd className="text-right tabular-nums text-gray-900" data-testid="family-buys">{num(f.buys)}</dd>
              <dt className="text-gray-600">Clicked buy</dt><dd className="text-right tabular-nums font-semibold text-gray-900" data-testid="family-conversion">{share(f.buyers, f.visitors)}</dd>
              <dt className="text-gray-600">Sign-ups</dt><dd className="text-right tabular-nums text-gray-900" data-testid="family-captures">{num(f.captures)}</dd>
              <dt className="text-gray-600">Value at list price</dt><dd className="text-right tabular-nums text-gray-900" data-testid="family-value">{dollars(f.listValueCents)}</dd>
            </dl>
            {f.unviewedBuys > 0 && <p className="mt-2 text-xs text-gray-600" data-testid="family-unviewed">{num(f.unviewedBuys)} more buy {f.unviewedBuys === 1 ? 'click' : 'clicks'} without a view of the page, not counted</p>}
            <div className="mt-3"><Bar fraction={ratio(f.conversion, most)} tone={f.bundle ? 'pink' : 'violet'} /></div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Rows shown before "Show all": a site has dozens of pages, and the first ones tell the story. */
const FIRST_ROWS = 10;

/** A "Show all N" button under a list cut at `limit`; nothing when the list is short enough. */
function useShowAll<T>(rows: readonly T[], limit: number, what: string): [readonly T[], ReactNode] {
  const [all, setAll] = useState(false);
  if (rows.length <= limit) return [rows, null];
  return [
    all ? rows : rows.slice(0, limit),
    <button type="button" className={`${secondaryButton} mt-3 text-sm`} onClick={() => setAll(!all)} aria-expanded={all}>
      {all ? `Show the first ${limit}` : `Show all ${rows.length} ${what}`}
    </button>,
  ];
}

/**
 * A top list, ten rows first: the first column names the row, with a bar of its share of the largest
 * `rank` beside it. Its caption says what is ranked by what ("Referrers by visitors").
 */
function TopTable<T>({ what, by, rank, rows: allRows, keyOf, cols, empty }: {
  what: 'pages' | 'referrers' | 'campaigns';
  by: string;
  rank: (r: T) => number;
  rows: readonly T[];
  keyOf: (r: T) => string;
  cols: { label: string; cell: (r: T) => ReactNode }[];
  empty: string;
}) {
  const caption = `${what[0]!.toUpperCase()}${what.slice(1)} by ${by}`;
  const most = Math.max(1, ...allRows.map(rank));
  const [rows, more] = useShowAll(allRows, FIRST_ROWS, what);
  if (rows.length === 0) return <p className="text-sm text-gray-600">{empty}</p>;
  const [first, ...rest] = cols;
  return (
    <div>
      <WideTable label={caption}>
        <table className="w-full text-left text-sm" data-testid={`insights-${what}-table`}>
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-gray-200 text-xs uppercase tracking-wide text-gray-600">
            <tr>
              <th scope="col" className={`${th} pl-0`}>{first!.label}</th>
              {rest.map((c) => <th key={c.label} scope="col" className={`${thNum} whitespace-nowrap`}>{c.label}</th>)}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {rows.map((r) => (
              <tr key={keyOf(r)}>
                <th scope="row" className="min-w-[9rem] py-2 pr-3 text-left font-medium text-gray-900">
                  <div className="break-words">{first!.cell(r)}</div>
                  <div className="mt-1 max-w-xs"><Bar fraction={rank(r) / most} tone="gray" /></div>
                </th>
                {rest.map((c) => <td key={c.label} className={td}>{c.cell(r)}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </WideTable>
      {more}
    </div>
  );
}

/** The columns the referrers and the campaigns share after their name. */
const visitorsAndViews = [
  { label: 'Visitors', cell: (r: { visitors: number }) => num(r.visitors) },
  { label: 'Views', cell: (r: { views: number }) => num(r.views) },
];

function Tops({ view }: { view: InsightsView }) {
  const visitors = (r: { visitors: number }) => r.visitors;
  return (
    <>
      <Section id="insights-pages" title="Top pages">
        <TopTable
          what="pages"
          by="page views"
          rank={(p) => p.views}
          rows={view.pages}
          keyOf={(p) => p.route}
          empty="No page was viewed in this period."
          cols={[
            { label: 'Page', cell: (p) => <span className="font-mono">{p.route}</span> },
            { label: 'Views', cell: (p) => num(p.views) },
            { label: 'Visitors', cell: (p) => num(p.visitors) },
            { label: 'Buy clicks', cell: (p) => num(p.buys) },
            { label: 'Sign-ups', cell: (p) => num(p.captures) },
            { label: 'CTA clicks', cell: (p) => num(p.ctas) },
          ]}
        />
      </Section>
      <div className="grid gap-6 lg:grid-cols-2">
        <Section id="insights-referrers" title="Referrers" note="The site that linked here, by its host only.">
          <TopTable
            what="referrers"
            by="visitors"
            rank={visitors}
            rows={view.referrers}
            keyOf={(r) => r.host}
            empty="No visitor came from another site in this period: they typed the address, or their browser did not say."
            cols={[{ label: 'Site', cell: (r) => r.host }, ...visitorsAndViews]}
          />
        </Section>
        <Section id="insights-campaigns" title="Campaigns" note={<>From the <code className={code}>utm_source</code>, <code className={code}>utm_medium</code> and <code className={code}>utm_campaign</code> of the links you share.</>}>
          <TopTable
            what="campaigns"
            by="visitors"
            rank={visitors}
            rows={view.campaigns}
            keyOf={(c) => `${c.source}|${c.medium}|${c.campaign}`}
            empty="No visit came through a tagged link in this period."
            cols={[
              {
                label: 'Campaign',
                cell: (c) => (
                  <span>
                    {c.campaign ?? '(none)'}{' '}
                    {c.demo && <span className="ml-1 rounded-full bg-amber-200 px-2 py-0.5 text-xs font-bold text-amber-950" data-testid="demo-badge">Demo</span>}
                    <span className="block text-xs font-normal text-gray-600">{[c.source, c.medium].filter(Boolean).join(' / ') || 'no source'}</span>
                  </span>
                ),
              },
              ...visitorsAndViews,
            ]}
          />
        </Section>
      </div>
    </>
  );
}

function Blocks({ view }: { view: InsightsView }) {
  const [groups, more] = useShowAll(view.blocks, 6, 'pages');
  return (
    <Section id="insights-blocks" title="Calls to action, page by page" note="Clicks on each block's button or link. Per view: clicks divided by the page's views." testId="insights-blocks">
      {view.blocks.length === 0 ? (
        <p className="text-sm text-gray-600">No call to action was clicked in this period.</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          {groups.map((g) => (
            <div key={g.route} data-testid="blocks-page" data-route={g.route}>
              <h3 className="font-mono text-sm font-bold text-gray-900">{g.route} <span className="font-sans font-normal text-gray-600">· {num(g.views)} views</span></h3>
              <WideTable label={`Block clicks on ${g.route}`} className="mt-2">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Block clicks on {g.route}</caption>
                  <thead className="text-xs uppercase tracking-wide text-gray-600">
                    <tr><th scope="col" className="py-1 pr-3">Block</th><th scope="col" className="py-1 pr-3 text-right">Clicks</th><th scope="col" className="py-1 text-right">Per view</th></tr>
                  </thead>
                  <tbody className="divide-y divide-gray-100">
                    {g.blocks.map((b) => (
                      <tr key={`${b.blockId ?? ''}:${b.blockType}`} data-testid="block-row" data-block={b.blockId ?? undefined}>
                        <th scope="row" className="py-1.5 pr-3 font-medium text-gray-900">
                          <span className="break-all">{b.blockId ?? 'a block without an id'}</span> <span className="text-xs font-normal text-gray-600">({b.blockType})</span>
                          <div className="mt-1"><Bar fraction={b.share} /></div>
                        </th>
                        <td className="py-1.5 pr-3 text-right tabular-nums" data-testid="block-clicks">{num(b.clicks)}</td>
                        <td className="py-1.5 text-right tabular-nums">{share(b.clicks, g.views)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </WideTable>
            </div>
          ))}
        </div>
      )}
      {more}
    </Section>
  );
}

function NoData({ children }: { children: ReactNode }) {
  return (
    <div className={`${panel} p-6 text-gray-700`} data-testid="insights-empty">
      {children}
    </div>
  );
}

export function InsightsScreen({ funnelsDeclared, experiments = [] }: { funnelsDeclared: boolean; experiments?: readonly ExperimentEntry[] }) {
  const data = useLoaderData() as InsightsData | null;
  if (!data) return null;
  const period = data.state === 'ready' ? data.view.period : data.period;
  return (
    <ScreenTables>
      <div className="space-y-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <RangePicker range={data.range} period={period} />
            <p className="mt-3 text-sm text-gray-700" data-testid="insights-period">
              <strong>{periodText(period)}</strong> ({period.days === 1 ? '1 day' : `${period.days} days`}, UTC), compared with {periodText(previousPeriod(period))}.
            </p>
          </div>
          {data.state === 'ready' && (!data.view.empty || !!data.sales?.totals.length) && <ExportButton view={data.view} />}
        </div>
        {data.state === 'missing' ? (
          <NoData>
            <h2 className={h2}>The insights are not in this database yet</h2>
            <p className="mt-2">Its functions are missing ({data.message}). Apply the migrations in <code className={code}>supabase/migrations</code>: <code className={code}>npm start</code> does it locally; for a hosted project see <code className={code}>supabase/README.md</code>.</p>
          </NoData>
        ) : (
          <Ready view={data.view} sales={data.sales} funnelsDeclared={funnelsDeclared} />
        )}
        <ExperimentsSection experiments={experiments} />
      </div>
    </ScreenTables>
  );
}

function Ready({ view, sales, funnelsDeclared }: { view: InsightsView; sales?: SalesView; funnelsDeclared: boolean }) {
  useScreenTables('insights', useMemo(() => insightsTables(view), [view]));
  return (
    <>
      {view.demoVisitors > 0 && (
        <p role="note" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="insights-demo">
          <strong>Demo traffic:</strong> {num(view.demoVisitors)} of these visitors are made up (campaign <code className={code}>demo</code>, from <code className={code}>npm run demo:traffic</code>). Real visitors are counted the same way.
        </p>
      )}
      {/* Only when nothing at all is there: an order with no counted visit is data too. */}
      {view.empty && !sales?.totals.length && (
        <NoData>
          <h2 className={h2}>No data yet for this period</h2>
          <p className="mt-2">
            Visit the site with <code className={code}>npm start</code> (each page view, buy click and sign-up is counted), or fill the local database with demo traffic: <code className={code}>npm run demo:traffic</code>. Or pick a longer period above.
          </p>
        </NoData>
      )}
      <Totals view={view} />
      <p className="text-sm text-gray-700" data-testid="insights-buy-value">
        Buy clicks at the price shown: <strong>{dollars(view.buyValue.current)}</strong>. A click is not a sale: the sales are below, from the checkout's verified webhooks.
      </p>
      {view.unviewedBuys > 0 && (
        <p role="note" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="insights-unviewed-buys">
          <strong>{num(view.unviewedBuys)} buy {view.unviewedBuys === 1 ? 'click' : 'clicks'}</strong> came without a view of the page by the same visitor that day (a script, or a browser whose page view was not counted). {view.unviewedBuys === 1 ? 'It is' : 'They are'} counted apart: in no buy count and no ratio on this screen.
        </p>
      )}
      <SalesSection sales={sales} />
      <Section id="insights-daily" title="Day by day">
        <DailyChart daily={view.daily} />
      </Section>
      <InsightsListSection from={view.period.from} to={view.period.to} />
      <Family view={view} />
      <Funnels view={view} declared={funnelsDeclared} />
      <Tops view={view} />
      <Blocks view={view} />
      <p className="text-sm text-gray-600">
        Counted without cookies: a visitor is a day's anonymous hash that cannot be linked to another day. Visitors who ask not to be tracked (Global Privacy Control, Do Not Track) and bots are not counted. <Link to="/privacy-policy" reloadDocument className={link}>What is counted</Link>
      </p>
    </>
  );
}
