// The list day by day (public.admin_list_summary's days): addresses given as bars, confirmations as a
// line, departures in the table. Drawn as the insights' daily chart is (plain SVG, HTML labels, the
// numbers as a table beside it), so it reads the same on the insights screen and the list screen.
import type { ListSummary } from '../../model/list/status.ts';
import { axisTicks, ChartTable, formatUtcDay, num } from './insights-charts.tsx';
import type { CsvTable } from './csv.ts';

type Day = ListSummary['days'][number];

/** The table the chart shows, for a screen's CSV. */
export function listDailyTable(days: readonly Day[]): CsvTable {
  return { title: 'The list per day', columns: ['day', 'addresses given', 'confirmed', 'unsubscribed'], rows: days.map((d) => [d.day, d.captured, d.confirmed, d.unsubscribed]) };
}

export function ListDailyChart({ days }: { days: readonly Day[] }) {
  const ticks = axisTicks(Math.max(0, ...days.map((d) => Math.max(d.captured, d.confirmed))));
  const max = ticks.at(-1)!;
  const n = Math.max(1, days.length);
  const w = 100 / n;
  const y = (v: number) => 100 - (v / max) * 100;
  const line = days.map((d, i) => `${i === 0 ? 'M' : 'L'}${(i + 0.5) * w},${y(d.confirmed)}`).join(' ');
  const total = (k: 'captured' | 'confirmed' | 'unsubscribed') => days.reduce((s, d) => s + d[k], 0);
  const first = days[0];
  const last = days[days.length - 1];
  return (
    <figure data-testid="list-daily">
      <div className="flex items-start gap-2">
        <div className="relative h-32 w-10 shrink-0 text-right text-xs tabular-nums text-gray-600" aria-hidden="true">
          {ticks.map((t) => (
            <span key={t} className="absolute right-0 translate-y-1/2 leading-none" style={{ bottom: `${(t / max) * 100}%` }}>{num(t)}</span>
          ))}
        </div>
        <svg
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          className="h-32 w-full overflow-visible border-b border-l border-gray-300"
          role="img"
          aria-label={`The list per day: ${num(total('captured'))} addresses given, ${num(total('confirmed'))} confirmed and ${num(total('unsubscribed'))} unsubscribed over ${days.length} days`}
        >
          {ticks.slice(1).map((t) => (
            <line key={t} x1={0} x2={100} y1={y(t)} y2={y(t)} className="stroke-gray-200" strokeWidth={1} vectorEffect="non-scaling-stroke" />
          ))}
          {days.map((d, i) => (
            <rect key={d.day} x={i * w + w * 0.15} width={w * 0.7} y={y(d.captured)} height={100 - y(d.captured)} className="fill-violet-300" />
          ))}
          {days.length > 1 && <path d={line} fill="none" className="stroke-emerald-600" strokeWidth={2} vectorEffect="non-scaling-stroke" />}
          {days.length === 1 && <circle cx={w / 2} cy={y(days[0]!.confirmed)} r={1.5} className="fill-emerald-600" />}
        </svg>
      </div>
      <div className="ml-12 mt-1 flex justify-between text-xs text-gray-600" aria-hidden="true">
        <span>{first ? formatUtcDay(first.day) : ''}</span>
        <span>{last && last !== first ? formatUtcDay(last.day) : ''}</span>
      </div>
      <figcaption className="ml-12 mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-700">
        <span className="inline-flex items-center gap-1.5"><span className="inline-block h-3 w-3 rounded-sm bg-violet-300" aria-hidden="true" />Addresses given (bars)</span>
        <span className="inline-flex items-center gap-1.5"><span className="inline-block h-0.5 w-4 bg-emerald-600" aria-hidden="true" />Confirmed (line)</span>
      </figcaption>
      <ChartTable summary="The list per day as a table">
        <table className="w-full text-left" data-testid="list-daily-table">
          <thead className="text-xs uppercase tracking-wide text-gray-600">
            <tr>
              <th scope="col" className="py-1 pr-3">Day (UTC)</th>
              <th scope="col" className="py-1 pr-3 text-right">Given</th>
              <th scope="col" className="py-1 pr-3 text-right">Confirmed</th>
              <th scope="col" className="py-1 text-right">Unsubscribed</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row" className="py-1 pr-3 font-medium text-gray-900"><time dateTime={d.day}>{formatUtcDay(d.day)}</time></th>
                <td className="py-1 pr-3 text-right">{num(d.captured)}</td>
                <td className="py-1 pr-3 text-right">{num(d.confirmed)}</td>
                <td className="py-1 text-right">{num(d.unsubscribed)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ChartTable>
    </figure>
  );
}
