// An experiment judged on money (issue 41): for a goal of kind 'revenue' (net revenue per visitor,
// refunds subtracted, visitors who bought nothing counted as 0, each order capped) or 'order' (orders
// per visitor), per version and per currency the visitors, orders and revenue per visitor from the
// verified webhooks (public.admin_experiment_revenue), and the verdict: the revenue mSPRT with a
// plug-in variance (model/analytics/experiment-money.ts), or for orders the conversion mSPRT on orders. Buy
// clicks stay beside it, in the experiment's ordinary table, as a guardrail.
import { CONTROL, type ExperimentEntry } from '../../model/analytics/experiment.ts';
import { moneyReport, type MoneyReport } from '../../model/analytics/experiment-money.ts';
import type { Verdict } from '../../model/analytics/experiment-stats.ts';
import { toMinor } from '../../model/sales/money.ts';
import { experimentRevenue } from '../backend/sales.ts';
import { VersionTable } from './version-table.tsx';
import { formatMoney } from './insights-sales-maths.ts';

/** The same goal's clicks, for the guardrail table: buy clicks on the goal's product. */
export function guardrailOf(e: ExperimentEntry): ExperimentEntry {
  return { ...e, goal: { id: `${e.goal.id} (buy clicks)`, event: 'buy', ...(e.goal.product ? { product: e.goal.product } : {}) } };
}

/** The goal's declared cap in the site's currency's minor units (undefined: the 99th percentile). */
export async function loadMoney(entry: ExperimentEntry, to: string, currency: string): Promise<MoneyReport> {
  const cap = typeof entry.goal.cap === 'number' ? toMinor(entry.goal.cap, currency) : undefined;
  return moneyReport(entry, await experimentRevenue(entry, to, cap));
}

function verdictText(v: Verdict, goal: 'revenue' | 'order'): string {
  const what = goal === 'revenue' ? 'revenue per visitor' : 'orders per visitor';
  switch (v.kind) {
    case 'winner':
      return `${v.arm} earns more than the control (${what} ${v.lift === Infinity ? 'where the control has none' : `+${(v.lift * 100).toFixed(0)}%`}). The answer is real: you can end the experiment.`;
    case 'worse':
      return `${v.arm} earns less than the control (${what} ${(v.lift * 100).toFixed(0)}%). The answer is real: keep the control.`;
    case 'keep-going':
      return 'No answer on money yet: the difference so far could be noise. Keep it running.';
    case 'too-early':
      return `Too early to say: ${v.reason}.`;
  }
}

export function MoneyTable({ entry, report }: { entry: ExperimentEntry; report: MoneyReport }) {
  const c = report.currency;
  return (
    <div className="mt-3" data-testid="experiment-money">
      <p className="text-sm text-gray-700">
        Judged on {entry.goal.event === 'revenue' ? 'net revenue per visitor (refunds subtracted, visitors who bought nothing count as 0' : 'orders per visitor (from the checkout'}
        {entry.goal.event === 'revenue' && report.capMinor !== undefined && c ? `; one order counts for at most ${formatMoney(report.capMinor, c)}` : ''}), from the checkout's verified webhooks.
      </p>
      <VersionTable
        className="mt-2"
        label={`${entry.id}: each version's money`}
        arms={report.arms}
        rowTestId="experiment-money-arm"
        name={(a) => (a.arm === CONTROL ? 'control' : a.arm)}
        columns={[
          { label: 'Visitors', cell: (a) => a.visitors.toLocaleString('en-US') },
          { label: 'Orders', testId: 'experiment-money-orders', cell: (a) => a.orders.toLocaleString('en-US') },
          { label: 'Revenue per visitor', cell: (a) => (c && a.visitors > 0 ? formatMoney(Math.round(a.perVisitor), c) : '–') },
        ]}
      />
      <p className="mt-3 font-semibold text-gray-900" data-testid="experiment-money-verdict">{verdictText(report.verdict, entry.goal.event as 'revenue' | 'order')}</p>
      <p className="mt-1 text-sm text-gray-700">The buy clicks in the table above are a guardrail: a version that draws clicks but not orders is not selling.</p>
    </div>
  );
}
