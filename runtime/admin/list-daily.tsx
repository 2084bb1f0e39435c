// The list day by day (public.admin_list_summary's days): addresses given as bars, confirmations as a
// line, departures in the table: the insights' own day-by-day chart (BarLineChart), so it reads the same
// on the insights screen and the list screen.
import type { ListSummary } from '../../model/list/status.ts';
import { BarLineChart, num, totalOf } from './insights-charts.tsx';
import type { CsvTable } from './csv.ts';

type Day = ListSummary['days'][number];

/** The table the chart shows, for a screen's CSV. */
export function listDailyTable(days: readonly Day[]): CsvTable {
  return { title: 'The list per day', columns: ['day', 'addresses given', 'confirmed', 'unsubscribed'], rows: days.map((d) => [d.day, d.captured, d.confirmed, d.unsubscribed]) };
}

export function ListDailyChart({ days }: { days: readonly Day[] }) {
  const captured = (d: Day) => d.captured;
  const confirmed = (d: Day) => d.confirmed;
  return (
    <BarLineChart
      days={days}
      bars={{ label: 'Addresses given', value: captured }}
      line={{ label: 'Confirmed', value: confirmed, tone: 'emerald' }}
      height="short"
      label={`The list per day: ${num(totalOf(days, captured))} addresses given, ${num(totalOf(days, confirmed))} confirmed and ${num(totalOf(days, (d) => d.unsubscribed))} unsubscribed over ${days.length} days`}
      testId="list-daily"
      table={{
        summary: 'The list per day as a table',
        testId: 'list-daily-table',
        columns: [
          { label: 'Given', value: captured },
          { label: 'Confirmed', value: confirmed },
          { label: 'Unsubscribed', value: (d) => d.unsubscribed },
        ],
      }}
    />
  );
}
