// The admin's charts, in plain SVG and HTML: a day-by-day chart (bars and a line) and horizontal bars. No charting
// library: these are two shapes, and the text stays HTML (legible at any width, read by screen
// readers); each chart has its numbers as a table beside it.
import type { ReactNode } from 'react';
import type { DailyRow } from '../backend/insights.ts';
import { WideTable } from './wide-table.tsx';

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
export const formatUtcDay = (iso: string) => dayLabel.format(new Date(`${iso}T00:00:00Z`));
export const num = (n: number) => n.toLocaleString('en-US');

/** A table that says what a chart shows, behind a disclosure so the chart stays the first thing seen. */
export function ChartTable({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-semibold text-violet-700">{summary}</summary>
      {/* Focusable, so a keyboard can scroll a long period's rows. */}
      <WideTable label={summary} className="mt-2 max-h-80 overflow-y-auto">{children}</WideTable>
    </details>
  );
}

/**
 * The y axis' marks: 0 and round steps (1, 2 or 5 times a power of ten) up to the first one at or above
 * `max`, about `count` of them, so the gridlines fall on numbers a person reads at a glance.
 */
export function axisTicks(max: number, count = 4): number[] {
  const rough = Math.max(1, max) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!);
  const top = Math.max(step, Math.ceil(max / step) * step);
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}

/** One series of a day-by-day chart: what it counts, and its number for a day. */
export interface DaySeries<D> {
  label: string;
  value: (d: D) => number;
}

// Written out whole, so Tailwind finds each class.
const LINE_TONE = { pink: { stroke: 'stroke-pink-600', fill: 'fill-pink-600', key: 'bg-pink-600' }, emerald: { stroke: 'stroke-emerald-600', fill: 'fill-emerald-600', key: 'bg-emerald-600' } };
const HEIGHT = { short: 'h-32', tall: 'h-40' };

/**
 * One series as bars and one as a line, a column a day, with its numbers as a table beside it (`table`).
 * The SVG stretches to its box (preserveAspectRatio none) while the labels are HTML, so a phone and a
 * desktop both read them. The insights' daily chart and the list's chart are this one.
 */
export function BarLineChart<D extends { day: string }>(props: {
  days: readonly D[];
  bars: DaySeries<D>;
  line: DaySeries<D> & { tone: keyof typeof LINE_TONE };
  height: keyof typeof HEIGHT;
  /** What the chart says to a screen reader, its totals included. */
  label: string;
  testId?: string;
  yLabelsTestId?: string;
  gridTestId?: string;
  /** The numbers as a table behind a disclosure: a row a day, a column for each of `columns`. */
  table: { summary: string; testId: string; columns: DaySeries<D>[] };
}) {
  const { days, bars, line, table } = props;
  const tone = LINE_TONE[line.tone];
  const height = HEIGHT[props.height];
  const ticks = axisTicks(Math.max(0, ...days.map((d) => Math.max(bars.value(d), line.value(d)))));
  const max = ticks.at(-1)!;
  const w = 100 / Math.max(1, days.length);
  const y = (v: number) => 100 - (v / max) * 100;
  const path = days.map((d, i) => `${i === 0 ? 'M' : 'L'}${(i + 0.5) * w},${y(line.value(d))}`).join(' ');
  const first = days[0];
  const last = days[days.length - 1];
  return (
    <figure data-testid={props.testId}>
      <div className="flex items-start gap-2">
        <div className={`relative ${height} w-10 shrink-0 text-right text-xs tabular-nums text-gray-600`} aria-hidden="true" data-testid={props.yLabelsTestId}>
          {ticks.map((t) => (
            <span key={t} className="absolute right-0 translate-y-1/2 leading-none" style={{ bottom: `${(t / max) * 100}%` }}>{num(t)}</span>
          ))}
        </div>
        <svg viewBox="0 0 100 100" preserveAspectRatio="none" className={`${height} w-full overflow-visible border-b border-l border-gray-300`} role="img" aria-label={props.label}>
          {ticks.slice(1).map((t) => (
            <line key={t} x1={0} x2={100} y1={y(t)} y2={y(t)} className="stroke-gray-200" strokeWidth={1} vectorEffect="non-scaling-stroke" data-testid={props.gridTestId} />
          ))}
          {days.map((d, i) => (
            <rect key={d.day} x={i * w + w * 0.15} width={w * 0.7} y={y(bars.value(d))} height={100 - y(bars.value(d))} className="fill-violet-300" />
          ))}
          {days.length > 1 && <path d={path} fill="none" className={tone.stroke} strokeWidth={2} vectorEffect="non-scaling-stroke" />}
          {days.length === 1 && <circle cx={w / 2} cy={y(line.value(days[0]!))} r={1.5} className={tone.fill} />}
        </svg>
      </div>
      <div className="ml-12 mt-1 flex justify-between text-xs text-gray-600" aria-hidden="true">
        <span>{first ? formatUtcDay(first.day) : ''}</span>
        <span>{last && last !== first ? formatUtcDay(last.day) : ''}</span>
      </div>
      <figcaption className="ml-12 mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-700">
        <span className="inline-flex items-center gap-1.5"><span className="inline-block h-3 w-3 rounded-sm bg-violet-300" aria-hidden="true" />{bars.label} (bars)</span>
        <span className="inline-flex items-center gap-1.5"><span className={`inline-block h-0.5 w-4 ${tone.key}`} aria-hidden="true" />{line.label} (line)</span>
      </figcaption>
      <ChartTable summary={table.summary}>
        <table className="w-full text-left" data-testid={table.testId}>
          <thead className="text-xs uppercase tracking-wide text-gray-600">
            <tr>
              <th scope="col" className="py-1 pr-3">Day (UTC)</th>
              {table.columns.map((c, i) => <th key={c.label} scope="col" className={cell(i, table.columns.length)}>{c.label}</th>)}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row" className="py-1 pr-3 font-medium text-gray-900"><time dateTime={d.day}>{formatUtcDay(d.day)}</time></th>
                {table.columns.map((c, i) => <td key={c.label} className={cell(i, table.columns.length)}>{num(c.value(d))}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </ChartTable>
    </figure>
  );
}

/** A number's cell: right-aligned, spaced from the next but for the last. */
const cell = (i: number, count: number) => (i < count - 1 ? 'py-1 pr-3 text-right' : 'py-1 text-right');

/** The sum of one number over the days. */
export const totalOf = <D,>(days: readonly D[], value: (d: D) => number) => days.reduce((s, d) => s + value(d), 0);

/** Page views as bars and visitors as a line, one column a day. */
export function DailyChart({ daily }: { daily: readonly DailyRow[] }) {
  const views = (d: DailyRow) => d.views;
  const visitors = (d: DailyRow) => d.visitors;
  return (
    <BarLineChart
      days={daily}
      bars={{ label: 'Page views', value: views }}
      line={{ label: 'Visitors', value: visitors, tone: 'pink' }}
      height="tall"
      label={`Daily chart: ${num(totalOf(daily, views))} page views and ${num(totalOf(daily, visitors))} visitor-days over ${daily.length} days`}
      yLabelsTestId="chart-y-labels"
      gridTestId="chart-gridline"
      table={{
        summary: 'The daily numbers as a table',
        testId: 'insights-daily-table',
        columns: [
          { label: 'Visitors', value: visitors },
          { label: 'Page views', value: views },
          { label: 'Buy clicks', value: (d) => d.buys },
          { label: 'Sign-ups', value: (d) => d.captures },
        ],
      }}
    />
  );
}

/** A horizontal bar: `fraction` of the track, at least a sliver when above zero so it is seen. */
export function Bar({ fraction, tone = 'violet' }: { fraction: number; tone?: 'violet' | 'pink' | 'gray' }) {
  const colour = { violet: 'bg-violet-500', pink: 'bg-pink-500', gray: 'bg-gray-400' }[tone];
  const width = fraction > 0 ? Math.max(1, Math.min(100, fraction * 100)) : 0;
  return (
    <div className="h-2.5 w-full rounded-full bg-gray-100" aria-hidden="true">
      <div className={`h-2.5 rounded-full ${colour}`} style={{ width: `${width}%` }} />
    </div>
  );
}
