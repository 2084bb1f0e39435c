// Experiments judged on money (issue 41): net revenue per visitor, zeros included and refunds
// subtracted, each order's value capped so one large cart cannot decide. Pure, as experiment-stats.ts;
// the admin and `npm run validate` run it on public.admin_experiment_revenue's sums (moneyReport), the
// bench and the unit tests simulate it.
//
// The test is the same mixture sequential probability ratio test as for conversions (Johari, Pekelis &
// Walsh 2017), in its form for any metric with a finite variance: a normal mixture over the difference
// of means, with the variance plugged in from the data (the sample variance of both arms pooled, which
// under "no difference" is the variance of each). Its p-value stays valid however often it is read. A
// capped order value has a finite variance, which is what the normal approximation needs; a minimum of
// orders keeps the first days, when the plug-in variance is still poor, from deciding.
import type { ExperimentEntry } from './experiment.ts';
import { binomial, MSPRT, normal, normalCdf, seededRandom, smallestReaching, verdict as conversionVerdict, type Verdict } from './experiment-stats.ts';

/** One arm's money: visitors exposed, and over their orders the sum of capped net values and of their squares. */
export interface ArmMoney {
  arm: string;
  visitors: number;
  orders: number;
  /** Sum of min(net value, cap) over the arm's orders, in minor units (visitors without an order add 0). */
  sum: number;
  /** Sum of the squares of the same values. */
  sumSquares: number;
}

/** Goals judged on the checkout's orders rather than on clicks. */
export const isMoneyGoal = (e: ExperimentEntry) => e.goal.event === 'revenue' || e.goal.event === 'order';

/** One currency's money of an experiment's variant, for a sequential test on revenue per visitor. */
export interface VariantMoney {
  currency: string;
  orders: number;
  /** Sum over orders of min(net value, capMinor). */
  netMinor: number;
  /** Sum over orders of min(net value, capMinor)^2 (visitors who bought nothing add 0 to both sums). */
  sumSquares: number;
  /** The cap used: the one asked for, or the currency's 99th percentile of net order values. */
  capMinor: number;
}
/** public.admin_experiment_revenue's row: visitor-days exposed, and per currency the money after exposure. */
export interface VariantRevenue {
  variant: string;
  visitors: number;
  money: VariantMoney[];
}

/** The revenue test's settings: the conversion test's alpha and spread, and the orders it waits for. */
export const REVENUE_MSPRT = { alpha: MSPRT.alpha, relativeSpread: MSPRT.relativeSpread, minOrders: 30 } as const;

/** Revenue per visitor of an arm. */
export const perVisitor = (a: ArmMoney) => (a.visitors ? a.sum / a.visitors : 0);

/** The mSPRT statistic on revenue per visitor for variant b against control a, with the pooled plug-in variance. */
export function revenueLambda(a: ArmMoney, b: ArmMoney): number {
  const n = Math.min(a.visitors, b.visitors);
  if (!n) return 1;
  const all = a.visitors + b.visitors;
  const mean = (a.sum + b.sum) / all;
  const variance = (a.sumSquares + b.sumSquares) / all - mean * mean;
  const v = 2 * variance;
  if (!(v > 0)) return 1;
  const tau2 = (REVENUE_MSPRT.relativeSpread * mean) ** 2;
  const d = perVisitor(b) - perVisitor(a);
  return Math.sqrt(v / (v + n * tau2)) * Math.exp((n * n * tau2 * d * d) / (2 * v * (v + n * tau2)));
}

/** The verdict on revenue per visitor: as experiment-stats.ts's verdict, Bonferroni over the variants. */
export function revenueVerdict(arms: readonly ArmMoney[], alpha: number = REVENUE_MSPRT.alpha): Verdict {
  const [control, ...variants] = arms;
  if (!control || !variants.length) return { kind: 'too-early', reason: 'no variant' };
  const orders = arms.reduce((s, a) => s + a.orders, 0);
  if (orders < REVENUE_MSPRT.minOrders) return { kind: 'too-early', reason: `${orders} order${orders === 1 ? '' : 's'} so far; a verdict on revenue needs at least ${REVENUE_MSPRT.minOrders}` };
  let found: Verdict | undefined;
  for (const v of variants) {
    if (revenueLambda(control, v) < variants.length / alpha) continue;
    const lift = perVisitor(control) ? perVisitor(v) / perVisitor(control) - 1 : Infinity;
    const candidate: Verdict = lift > 0 ? { kind: 'winner', arm: v.arm, lift } : { kind: 'worse', arm: v.arm, lift };
    if (!found || (candidate.kind === 'winner' && (found.kind !== 'winner' || lift > found.lift))) found = candidate;
  }
  return found ?? { kind: 'keep-going' };
}

export interface MoneyReport {
  currency: string | undefined;
  arms: (ArmMoney & { perVisitor: number })[];
  verdict: Verdict;
  capMinor: number | undefined;
}

/** The report in the currency most orders were paid in (sums never mix currencies). */
export function moneyReport(entry: ExperimentEntry, rows: readonly VariantRevenue[]): MoneyReport {
  const totals = new Map<string, number>();
  for (const r of rows) for (const m of r.money) totals.set(m.currency, (totals.get(m.currency) ?? 0) + m.orders);
  const currency = [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
  const byArm = new Map(rows.map((r) => [r.variant, r]));
  const arms = entry.arms.map((arm) => {
    const r = byArm.get(arm);
    const m = r?.money.find((x) => x.currency === currency);
    const visitors = r?.visitors ?? 0;
    const a: ArmMoney = { arm, visitors, orders: m?.orders ?? 0, sum: m?.netMinor ?? 0, sumSquares: m?.sumSquares ?? 0 };
    return { ...a, perVisitor: visitors ? a.sum / visitors : 0 };
  });
  const capMinor = rows.flatMap((r) => r.money).find((m) => m.currency === currency)?.capMinor;
  const verdict = entry.goal.event === 'order' ? conversionVerdict(arms.map((a) => ({ arm: a.arm, visitors: a.visitors, conversions: Math.min(a.orders, a.visitors) }))) : revenueVerdict(arms);
  return { currency, arms, verdict, capMinor };
}

/**
 * Visitors per arm at which the revenue test finds a relative `lift` of revenue per visitor with
 * probability `power`, looking once (daily looks find it sooner): from the per-visitor mean and variance.
 */
export function visitorsToDetectRevenue(mean: number, variance: number, lift: number, opts: { variants?: number; alpha?: number; power?: number } = {}): number {
  const alpha = (opts.alpha ?? REVENUE_MSPRT.alpha) / (opts.variants ?? 1);
  const power = opts.power ?? 0.8;
  const d = mean * lift;
  const v = 2 * variance;
  const tau2 = (REVENUE_MSPRT.relativeSpread * mean * (1 + lift / 2)) ** 2;
  const powerAt = (n: number) => {
    const c = ((2 * v * (v + n * tau2)) / (n * n * tau2)) * (Math.log(1 / alpha) + 0.5 * Math.log((v + n * tau2) / v));
    return normalCdf((Math.abs(d) - Math.sqrt(c)) / Math.sqrt(v / n));
  };
  return smallestReaching(powerAt, power);
}

/** Skewed order values: log-normal with the given median and log-spread, capped at their 99th percentile. */
export function orderValues(median: number, sigma: number) {
  const cap = median * Math.exp(2.3263 * sigma);
  const mean = median * Math.exp((sigma * sigma) / 2);
  return {
    cap,
    draw: (random: () => number) => Math.min(cap, median * Math.exp(sigma * normal(random))),
    /** Mean and second moment of the capped value, by a fixed large sample (for the days estimate). */
    moments(random: () => number, n = 200_000) {
      let s = 0;
      let q = 0;
      for (let i = 0; i < n; i++) {
        const x = Math.min(cap, median * Math.exp(sigma * normal(random)));
        s += x;
        q += x * x;
      }
      return { mean: s / n, second: q / n, uncapped: mean };
    },
  };
}

/**
 * One simulated experiment on revenue, looked at every day: the day it was decided and how. `decide`
 * reads each day's sums (default: this module's test; the unit tests try a fixed-sample one beside it).
 */
export function simulateRevenueExperiment(o: { conversion: number; lift: number; perArmPerDay: number; days: number; values: ReturnType<typeof orderValues>; random: () => number; decide?: (arms: readonly ArmMoney[]) => Verdict }): Verdict & { day?: number } {
  const arms: ArmMoney[] = ['control', 'b'].map((arm) => ({ arm, visitors: 0, orders: 0, sum: 0, sumSquares: 0 }));
  for (let day = 0; day < o.days; day++) {
    arms.forEach((a, i) => {
      a.visitors += o.perArmPerDay;
      // The variant's real lift is in how many buy: the same basket, 20% more buyers.
      const orders = binomial(o.perArmPerDay, o.conversion * (i ? 1 + o.lift : 1), o.random);
      a.orders += orders;
      for (let k = 0; k < orders; k++) {
        const x = o.values.draw(o.random);
        a.sum += x;
        a.sumSquares += x * x;
      }
    });
    const v = (o.decide ?? revenueVerdict)(arms);
    if (v.kind === 'winner' || v.kind === 'worse') return { ...v, day };
  }
  return { kind: 'keep-going' };
}

/**
 * The bench's and the tests' simulation on money: `experiments` A/A experiments with skewed order
 * values read daily for 60 days (false winners), and as many with a real lift of revenue per visitor
 * run for the days estimated from traffic (found).
 */
export function simulateRevenueStatistics(o: { experiments: number; seed: number; conversion?: number; lift?: number; perArmPerDay?: number; median?: number; sigma?: number }) {
  const conversion = o.conversion ?? 0.03;
  const lift = o.lift ?? 0.2;
  const perArmPerDay = o.perArmPerDay ?? 2000;
  const values = orderValues(o.median ?? 2900, o.sigma ?? 1);
  const random = seededRandom(o.seed);
  let falseWinners = 0;
  for (let i = 0; i < o.experiments; i++) {
    const v = simulateRevenueExperiment({ conversion, lift: 0, perArmPerDay, days: 60, values, random });
    if (v.kind === 'winner' || v.kind === 'worse') falseWinners++;
  }
  const m = values.moments(seededRandom(o.seed + 1));
  const mean = conversion * m.mean;
  const variance = conversion * m.second - mean * mean;
  const estimatedDays = Math.ceil(visitorsToDetectRevenue(mean, variance, lift) / perArmPerDay);
  let found = 0;
  for (let i = 0; i < o.experiments; i++) {
    const v = simulateRevenueExperiment({ conversion, lift, perArmPerDay, days: estimatedDays, values, random });
    if (v.kind === 'winner' && v.arm === 'b') found++;
  }
  return { falseWinnerRate: falseWinners / o.experiments, foundRate: found / o.experiments, estimatedDays, cap: values.cap };
}
