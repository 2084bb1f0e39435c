// /admin/insights' experiments section (issue 33): for each experiment of the site, per version, the
// visitors and conversions on its goal, the rate with its 95% interval, the probability of being best,
// the expected loss of choosing it, the verdict (mSPRT, honest however often it is read; see
// model/analytics/experiment-stats.ts) and how many more days a change of a given size needs at the recent
// traffic. Mounted by the insights screen with one line: <ExperimentsSection experiments={props.experiments ?? []} />.
import { useEffect, useMemo, useState } from 'react';
import { CONTROL, type ExperimentEntry, type VariantCounts } from '../../model/analytics/experiment.ts';
import { daysToDetect, describeArms, verdictOfCounts, type ArmCounts, type ArmSummary, type Verdict } from '../../model/analytics/experiment-stats.ts';
import { experimentCounts } from '../backend/experiments.ts';
import type { CsvTable } from './csv.ts';
import { useScreenTables } from './screen-tables.tsx';
import { panel, plural } from './ui.ts';
import { isMoneyGoal, type MoneyReport } from '../../model/analytics/experiment-money.ts';
import { guardrailOf, loadMoney, MoneyTable } from './experiment-money.tsx';
import { VersionTable, type VersionColumn } from './version-table.tsx';

/** The change the days estimate is for: +20%, a realistic headline change. */
export const DETECT_LIFT = 0.2;

export interface ExperimentReport {
  entry: ExperimentEntry;
  arms: ArmSummary[];
  verdict: Verdict & { day?: number };
  /** More days needed to detect DETECT_LIFT at the last 14 days' traffic (Infinity: no traffic). */
  moreDays: number;
  ended: boolean;
  /** Before its start every visitor sees the control (model/analytics/choose-variant.ts) and nothing is counted. */
  started: boolean;
  /** On a money goal (issue 41): the verdict on money; the table above it is then the buy clicks' guardrail. */
  money?: MoneyReport;
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** What the section shows for one experiment, from admin_experiment's answer. Pure: the unit tests call it. */
export function experimentReport(entry: ExperimentEntry, counts: readonly VariantCounts[], today: string): ExperimentReport {
  const byArm = new Map(counts.map((c) => [c.variant, c]));
  const arms: ArmCounts[] = entry.arms.map((arm) => ({ arm, visitors: byArm.get(arm)?.visitors ?? 0, conversions: byArm.get(arm)?.conversions ?? 0 }));
  const control = arms.find((a) => a.arm === CONTROL)!;
  const pooled = arms.reduce((s, a) => s + a.conversions, 0) / Math.max(1, arms.reduce((s, a) => s + a.visitors, 0));
  const fortnightAgo = utcDay(new Date(Date.parse(`${today}T00:00:00Z`) - 13 * 86_400_000));
  const recentVisitors = counts.reduce((s, c) => s + c.daily.filter((d) => d.day >= fortnightAgo).reduce((t, d) => t + d.visitors, 0), 0);
  const verdict = verdictOfCounts(entry.arms, counts);
  return {
    entry,
    arms: describeArms(arms),
    verdict,
    moreDays: daysToDetect({ baseline: control.visitors && control.conversions ? control.conversions / control.visitors : pooled, lift: DETECT_LIFT, arms: arms.length, recentVisitors, visitorsPerArm: Math.min(...arms.map((a) => a.visitors)) }),
    ended: !!entry.end && entry.end < today,
    started: entry.start <= today,
  };
}

/** What the goal counts, as a column names it: on a money goal the table beside the money counts buy clicks. */
export function goalColumn(entry: ExperimentEntry): string {
  const goal = entry.goal;
  if (isMoneyGoal(entry) || goal.event === 'buy') return 'Buy clicks';
  const names: Record<string, string> = { cta: 'Clicks', capture: 'Sign-ups', contact: 'Messages', preview: 'Previews opened', '404': 'Pages not found' };
  if (goal.event === 'view') return goal.route ? `Visits to ${goal.route}` : 'Page views';
  return names[goal.event] ?? 'Conversions';
}

/** A figure of an arm, or a dash where there is no data to compute it from (never a prior's 50% or 2.73%–97.81%). */
const orDash = (known: boolean, text: string) => (known ? text : '–');

const percent = (x: number, digits = 1) => `${(x * 100).toFixed(digits)}%`;

export function verdictText(v: ExperimentReport['verdict']): string {
  switch (v.kind) {
    case 'winner':
      return `${v.arm} converts better than the control (${v.lift === Infinity ? 'the control has none' : `+${percent(v.lift, 0)}`}). The answer is real: you can end the experiment.`;
    case 'worse':
      return `${v.arm} converts worse than the control (${percent(v.lift, 0)}). The answer is real: keep the control.`;
    case 'keep-going':
      return 'No answer yet: the difference so far could be noise. Keep it running.';
    case 'too-early':
      return `Too early to say: ${v.reason}.`;
  }
}

export function daysText(days: number): string {
  if (days === Infinity) return `At your traffic, detecting a +${percent(DETECT_LIFT, 0)} change cannot be estimated yet: no visitors in the last 14 days.`;
  if (days === 0) return `At your traffic, a +${percent(DETECT_LIFT, 0)} change would already show.`;
  return `At your traffic, detecting a +${percent(DETECT_LIFT, 0)} change needs about ${plural(days, 'more day')}.`;
}

/** The section's table in the screen's CSV: one row per experiment and version, as the tables show them. */
export function experimentsTable(reports: readonly ExperimentReport[]): CsvTable {
  const fraction = (f: number) => Number(f.toFixed(4));
  return {
    title: 'experiments',
    columns: ['experiment', 'route', 'goal', 'version', 'visitors', 'conversions', 'counted', 'rate', 'rate_low_95', 'rate_high_95', 'chance_best', 'expected_loss', 'verdict'],
    // No statistic from no data: an arm without visitors has no rate, and no arm a chance until all have some.
    rows: reports.flatMap((r) => {
      const compared = r.arms.every((a) => a.visitors > 0);
      const known = (ok: boolean, f: number) => (ok ? fraction(f) : null);
      return r.arms.map((a) => [r.entry.id, r.entry.route, r.entry.goal.id, a.arm, a.visitors, a.conversions, goalColumn(r.entry), known(a.visitors > 0, a.rate), known(a.visitors > 0, a.low), known(a.visitors > 0, a.high),
        known(compared, a.probabilityBest), known(compared, a.expectedLoss), r.started ? verdictText(r.verdict) : `starts ${r.entry.start}`]);
    }),
  };
}

/**
 * Each version's figures on the goal; `counted` names what the goal counts. Chance of being best and
 * expected loss compare every arm: `compared` once each has visitors, a dash before.
 */
const goalColumns = (counted: string, compared: boolean): VersionColumn<ArmSummary>[] => [
  { label: 'Visitors', cell: (a) => a.visitors.toLocaleString('en-US') },
  { label: counted, headerTestId: 'experiment-counted', cell: (a) => a.conversions.toLocaleString('en-US') },
  { label: 'Per visitor (95% interval)', nowrap: true, testId: 'experiment-rate', cell: (a) => (a.visitors > 0 ? <>{percent(a.rate, 2)} <span className="text-gray-600">({percent(a.low, 2)}–{percent(a.high, 2)})</span></> : '–') },
  { label: 'Chance best', testId: 'experiment-best', cell: (a) => orDash(compared, percent(a.probabilityBest, 0)) },
  { label: 'Expected loss', cell: (a) => orDash(compared, percent(a.expectedLoss, 2)) },
];

export function ExperimentTable({ report }: { report: ExperimentReport }) {
  const { entry } = report;
  const counted = goalColumn(entry);
  // Chance of being best and expected loss compare every arm: only once each has visitors.
  const compared = report.arms.every((a) => a.visitors > 0);
  // min-w-0: a grid item is otherwise as wide as its table, and the panel ran off a phone's screen; the table scrolls instead.
  return (
    <article className={`${panel} min-w-0 p-5`} data-testid="experiment" aria-labelledby={`experiment-${entry.id}`}>
      <h3 id={`experiment-${entry.id}`} className="text-lg font-bold text-gray-900">
        {entry.id} <span className="font-mono text-sm font-normal text-gray-600">{entry.route}</span>
      </h3>
      <p className="mt-1 text-sm text-gray-700">
        Goal: {entry.goal.id} · {report.started ? 'since' : 'starts'} {entry.start}
        {entry.end ? ` · ${report.ended ? 'ended' : 'planned end'} ${entry.end}` : ''}
      </p>
      {report.started ? <ExperimentFigures report={report} counted={counted} compared={compared} /> : (
        <p className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950" data-testid="experiment-not-started">
          Starts on <strong>{entry.start}</strong> (UTC). Until then every visitor sees the control, the page as written, and nothing is counted.
        </p>
      )}
    </article>
  );
}

function ExperimentFigures({ report, counted, compared }: { report: ExperimentReport; counted: string; compared: boolean }) {
  const { entry } = report;
  return (
    <>
      {/* Scrolls sideways on a phone, and says so. */}
      <div className="mt-3">
        <VersionTable
          label={`${entry.id}: each version's figures`}
          tableClassName="w-full min-w-[36rem] text-left text-sm"
          arms={report.arms}
          rowTestId="experiment-arm"
          columns={goalColumns(counted, compared)}
        />
      </div>
      {report.money && <MoneyTable entry={entry} report={report.money} />}
      <p className="mt-3 font-semibold text-gray-900" data-testid="experiment-verdict">{report.money ? `Buy clicks: ${verdictText(report.verdict)}` : verdictText(report.verdict)}</p>
      <p className="mt-1 text-sm text-gray-700" data-testid="experiment-days">{daysText(report.moreDays)}</p>
    </>
  );
}

/** The section: loads each experiment through admin_experiment, then shows its table. */
export function ExperimentsSection({ experiments, today = utcDay(new Date()), currency = 'USD' }: { experiments: readonly ExperimentEntry[]; today?: string; currency?: string }) {
  const [reports, setReports] = useState<ExperimentReport[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // A money goal is judged on the webhooks' orders; its buy clicks are read beside it, as a guardrail.
    const report = async (e: ExperimentEntry) => {
      const to = e.end && e.end < today ? e.end : today;
      if (!isMoneyGoal(e)) return experimentReport(e, await experimentCounts(e, to), today);
      const [counts, money] = await Promise.all([experimentCounts(guardrailOf(e), to), loadMoney(e, to, currency)]);
      return { ...experimentReport(e, counts, today), money };
    };
    Promise.all(experiments.map(report))
      .then((r) => live && setReports(r))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [experiments, today, currency]);
  useScreenTables('experiments', useMemo(() => (reports?.length ? [experimentsTable(reports)] : []), [reports]));
  if (!experiments.length) return null;
  return (
    <section aria-labelledby="experiments-heading" className="mt-8" data-testid="experiments">
      <h2 id="experiments-heading" className="text-xl font-bold text-gray-900">Experiments</h2>
      <p className="mt-1 text-sm text-gray-700">Each version's visitors and conversions on its goal. The verdict uses a sequential test, so reading it every day does not make noise look like a winner.</p>
      {error ? <p role="alert" className="mt-3 text-red-800">Could not load the experiments: {error}</p> : null}
      {!reports && !error ? <p className="mt-3 text-gray-700">Loading the experiments…</p> : null}
      <div className="mt-4 grid gap-4">{reports?.map((r) => <ExperimentTable key={`${r.entry.route}#${r.entry.id}`} report={r} />)}</div>
    </section>
  );
}
