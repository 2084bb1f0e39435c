// /admin/insights' charts, in plain SVG and HTML: a daily chart and horizontal bars. No charting
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

/**
 * Page views as bars and visitors as a line, one column a day. The SVG stretches to its box
 * (preserveAspectRatio none) while the labels are HTML, so a phone and a desktop both read them.
 */
export function DailyChart({ daily }: { daily: readonly DailyRow[] }) {
  const ticks = axisTicks(Math.max(0, ...daily.map((d) => Math.max(d.views, d.visitors))));
  const max = ticks.at(-1)!;
  const n = Math.max(1, daily.length);
  const w = 100 / n;
  const y = (v: number) => 100 - (v / max) * 100;
  const line = daily.map((d, i) => `${i === 0 ? 'M' : 'L'}${(i + 0.5) * w},${y(d.visitors)}`).join(' ');
  const total = (k: 'views' | 'visitors') => daily.reduce((s, d) => s + d[k], 0);
  const first = daily[0];
  const last = daily[daily.length - 1];
  return (
    <figure>
      <div className="flex items-start gap-2">
        <div className="relative h-40 w-10 shrink-0 text-right text-xs tabular-nums text-gray-600" aria-hidden="true" data-testid="chart-y-labels">
          {ticks.map((t) => (
            <span key={t} className="absolute right-0 translate-y-1/2 leading-none" style={{ bottom: `${(t / max) * 100}%` }}>{num(t)}</span>
          ))}
        </div>
        <svg
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          className="h-40 w-full overflow-visible border-b border-l border-gray-300"
          role="img"
          aria-label={`Daily chart: ${num(total('views'))} page views and ${num(total('visitors'))} visitor-days over ${daily.length} days`}
        >
          {ticks.slice(1).map((t) => (
            <line key={t} x1={0} x2={100} y1={y(t)} y2={y(t)} className="stroke-gray-200" strokeWidth={1} vectorEffect="non-scaling-stroke" data-testid="chart-gridline" />
          ))}
          {daily.map((d, i) => (
            <rect key={d.day} x={i * w + w * 0.15} width={w * 0.7} y={y(d.views)} height={100 - y(d.views)} className="fill-violet-300" />
          ))}
          {daily.length > 1 && <path d={line} fill="none" className="stroke-pink-600" strokeWidth={2} vectorEffect="non-scaling-stroke" />}
          {daily.length === 1 && <circle cx={w / 2} cy={y(daily[0]!.visitors)} r={1.5} className="fill-pink-600" />}
        </svg>
      </div>
      <div className="ml-12 mt-1 flex justify-between text-xs text-gray-600" aria-hidden="true">
        <span>{first ? formatUtcDay(first.day) : ''}</span>
        <span>{last && last !== first ? formatUtcDay(last.day) : ''}</span>
      </div>
      <figcaption className="ml-12 mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-700">
        <span className="inline-flex items-center gap-1.5"><span className="inline-block h-3 w-3 rounded-sm bg-violet-300" aria-hidden="true" />Page views (bars)</span>
        <span className="inline-flex items-center gap-1.5"><span className="inline-block h-0.5 w-4 bg-pink-600" aria-hidden="true" />Visitors (line)</span>
      </figcaption>
      <ChartTable summary="The daily numbers as a table">
        <table className="w-full text-left" data-testid="insights-daily-table">
          <thead className="text-xs uppercase tracking-wide text-gray-600">
            <tr><th scope="col" className="py-1 pr-3">Day (UTC)</th><th scope="col" className="py-1 pr-3 text-right">Visitors</th><th scope="col" className="py-1 pr-3 text-right">Page views</th><th scope="col" className="py-1 pr-3 text-right">Buy clicks</th><th scope="col" className="py-1 text-right">Sign-ups</th></tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {daily.map((d) => (
              <tr key={d.day}>
                <th scope="row" className="py-1 pr-3 font-medium text-gray-900"><time dateTime={d.day}>{formatUtcDay(d.day)}</time></th>
                <td className="py-1 pr-3 text-right">{num(d.visitors)}</td>
                <td className="py-1 pr-3 text-right">{num(d.views)}</td>
                <td className="py-1 pr-3 text-right">{num(d.buys)}</td>
                <td className="py-1 text-right">{num(d.captures)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ChartTable>
    </figure>
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
