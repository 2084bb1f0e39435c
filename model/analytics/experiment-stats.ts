// The statistics of an experiment, pure (the admin runs them in the browser; the bench and the unit
// tests simulate them). Two parts, each doing one job:
// - Describing: per arm, the conversion rate with a 95% credible interval, the probability of being
//   best and the expected loss of choosing it, from Beta(1 + conversions, 1 + misses) posteriors by
//   Monte Carlo with a seeded generator (the same figures on every render).
// - Deciding: the verdict is a mixture sequential probability ratio test (mSPRT; Johari, Pekelis &
//   Walsh, "Always valid inference", 2017) of each variant against the control. Its p-value stays
//   valid however often it is looked at, so an owner reading the admin every day is not fooled by
//   noise as a fixed-sample test would fool them (five peeks at 1.96 give 14% false winners, not 5%).
//   With several variants each is tested at alpha / variants (Bonferroni).

import type { VariantCounts } from './experiment.ts';

export interface ArmCounts {
  arm: string;
  visitors: number;
  conversions: number;
}

export interface ArmSummary extends ArmCounts {
  rate: number;
  /** 95% credible interval of the rate. */
  low: number;
  high: number;
  probabilityBest: number;
  /** Expected conversion rate given up by choosing this arm (absolute, e.g. 0.002 = 0.2 points). */
  expectedLoss: number;
}

export type Verdict =
  | { kind: 'too-early'; reason: string }
  | { kind: 'keep-going' }
  | { kind: 'winner'; arm: string; lift: number }
  | { kind: 'worse'; arm: string; lift: number };

/** A small, fast seeded generator (sfc32): simulations and Monte Carlo repeat exactly for a seed. */
export function seededRandom(seed: number): () => number {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 15; i++) next();
  return next;
}

export function normal(random: () => number): number {
  let u = 0;
  while (u === 0) u = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Gamma(shape, 1) by Marsaglia and Tsang (shape < 1 boosted). */
function gamma(shape: number, random: () => number): number {
  if (shape < 1) return gamma(shape + 1, random) * Math.pow(random() || Number.MIN_VALUE, 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(random);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = random();
    if (u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

function beta(a: number, b: number, random: () => number): number {
  const x = gamma(a, random);
  return x / (x + gamma(b, random));
}

/** The Bayesian description of each arm (Beta(1,1) prior), from `draws` Monte Carlo samples. */
export function describeArms(arms: readonly ArmCounts[], opts: { draws?: number; seed?: number } = {}): ArmSummary[] {
  const draws = opts.draws ?? 20_000;
  const random = seededRandom(opts.seed ?? 33);
  const samples = arms.map((a) => Float64Array.from({ length: draws }, () => beta(1 + a.conversions, 1 + Math.max(0, a.visitors - a.conversions), random)));
  const best = new Array<number>(arms.length).fill(0);
  const loss = new Array<number>(arms.length).fill(0);
  for (let i = 0; i < draws; i++) {
    let max = -1;
    let at = 0;
    samples.forEach((s, k) => {
      if (s[i]! > max) [max, at] = [s[i]!, k];
    });
    best[at]!++;
    samples.forEach((s, k) => (loss[k]! += max - s[i]!));
  }
  return arms.map((a, k) => {
    const sorted = Float64Array.from(samples[k]!).sort();
    return {
      ...a,
      rate: a.visitors ? a.conversions / a.visitors : 0,
      low: sorted[Math.floor(draws * 0.025)]!,
      high: sorted[Math.floor(draws * 0.975)]!,
      probabilityBest: best[k]! / draws,
      expectedLoss: loss[k]! / draws,
    };
  });
}

/** The test's settings: alpha, and the mixing spread as a share of the pooled rate (the size of change it is tuned to find). */
export const MSPRT = { alpha: 0.05, relativeSpread: 0.25, minConversions: 10 } as const;

/**
 * The mSPRT statistic for a variant (b) against the control (a), per-arm normal approximation with
 * the pooled variance: Lambda = sqrt(V / (V + n tau^2)) exp(n^2 tau^2 d^2 / (2 V (V + n tau^2))), with n
 * the smaller arm's visitors, d the difference of rates and tau = spread x pooled rate.
 */
export function msprtLambda(a: ArmCounts, b: ArmCounts): number {
  const n = Math.min(a.visitors, b.visitors);
  if (!n) return 1;
  const pooled = (a.conversions + b.conversions) / (a.visitors + b.visitors);
  const v = 2 * pooled * (1 - pooled);
  if (v <= 0) return 1;
  const tau2 = (MSPRT.relativeSpread * pooled) ** 2;
  const d = b.conversions / b.visitors - a.conversions / a.visitors;
  return Math.sqrt(v / (v + n * tau2)) * Math.exp((n * n * tau2 * d * d) / (2 * v * (v + n * tau2)));
}

/**
 * The verdict: a variant whose mSPRT statistic has reached variants/alpha at this or any earlier look
 * (`reached`, kept by the caller across looks, or read from the daily series) is a winner or worse
 * than the control. Otherwise keep going.
 */
export function verdict(arms: readonly ArmCounts[], alpha: number = MSPRT.alpha): Verdict {
  const [control, ...variants] = arms;
  if (!control || !variants.length) return { kind: 'too-early', reason: 'no variant' };
  const conversions = arms.reduce((s, a) => s + a.conversions, 0);
  if (conversions < MSPRT.minConversions) return { kind: 'too-early', reason: `${conversions} conversion${conversions === 1 ? '' : 's'} so far; a verdict needs at least ${MSPRT.minConversions}` };
  let found: Verdict | undefined;
  for (const v of variants) {
    if (msprtLambda(control, v) < variants.length / alpha) continue;
    const lift = control.conversions ? (v.conversions / v.visitors) / (control.conversions / control.visitors) - 1 : Infinity;
    const candidate: Verdict = lift > 0 ? { kind: 'winner', arm: v.arm, lift } : { kind: 'worse', arm: v.arm, lift };
    if (!found || (candidate.kind === 'winner' && (found.kind !== 'winner' || lift > found.lift))) found = candidate;
  }
  return found ?? { kind: 'keep-going' };
}

/** The verdict over a daily series (cumulative counts per arm per day): the first day the test decided, or keep going. */
export function verdictOverDays(days: readonly (readonly ArmCounts[])[], alpha: number = MSPRT.alpha): Verdict & { day?: number } {
  for (let i = 0; i < days.length; i++) {
    const v = verdict(days[i]!, alpha);
    if (v.kind === 'winner' || v.kind === 'worse') return { ...v, day: i };
  }
  return days.length ? verdict(days[days.length - 1]!, alpha) : { kind: 'too-early', reason: 'no data' };
}

/**
 * The verdict as the owner would have read it each day, from admin_experiment's answer (per version,
 * its counts per day): cumulative counts per arm per day, through verdictOverDays. The admin screen and
 * `npm run validate` both read it so.
 */
export function verdictOfCounts(arms: readonly string[], counts: readonly VariantCounts[]): Verdict & { day?: number } {
  const byArm = new Map(counts.map((c) => [c.variant, c]));
  const days = [...new Set(counts.flatMap((c) => c.daily.map((d) => d.day)))].sort();
  const running = new Map(arms.map((a) => [a, { visitors: 0, conversions: 0 }]));
  const series = days.map((day) =>
    arms.map((arm) => {
      const d = byArm.get(arm)?.daily.find((x) => x.day === day);
      const r = running.get(arm)!;
      r.visitors += d?.visitors ?? 0;
      r.conversions += d?.conversions ?? 0;
      return { arm, ...r };
    }),
  );
  return series.length ? verdictOverDays(series) : { kind: 'too-early', reason: 'no visitors yet' };
}

export function normalCdf(x: number): number {
  // Abramowitz and Stegun 7.1.26 through erf; ample for a power estimate.
  const t = 1 / (1 + 0.3275911 * Math.abs(x / Math.SQRT2));
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

/**
 * Visitors per arm at which this mSPRT finds a relative `lift` over `baseline` with probability
 * `power`, looking once at that size (looking daily only finds it sooner, so this is an upper bound).
 */
export function visitorsToDetect(baseline: number, lift: number, opts: { variants?: number; alpha?: number; power?: number } = {}): number {
  const alpha = (opts.alpha ?? MSPRT.alpha) / (opts.variants ?? 1);
  const power = opts.power ?? 0.8;
  const d = baseline * lift;
  const pooled = baseline * (1 + lift / 2);
  const v = 2 * pooled * (1 - pooled);
  const tau2 = (MSPRT.relativeSpread * pooled) ** 2;
  const powerAt = (n: number) => {
    // Reject when d^2 >= c(n), from Lambda >= 1/alpha.
    const c = ((2 * v * (v + n * tau2)) / (n * n * tau2)) * (Math.log(1 / alpha) + 0.5 * Math.log((v + n * tau2) / v));
    const sd = Math.sqrt((baseline * (1 - baseline) + (baseline + d) * (1 - baseline - d)) / n);
    return normalCdf((Math.abs(d) - Math.sqrt(c)) / sd);
  };
  return smallestReaching(powerAt, power);
}

/** The smallest n at which `powerAt(n)` (rising with n) reaches `power`: doubling, then bisection; Infinity past 1e10. */
export function smallestReaching(powerAt: (n: number) => number, power: number): number {
  let lo = 1;
  let hi = 1;
  while (powerAt(hi) < power) {
    hi *= 2;
    if (hi > 1e10) return Infinity;
  }
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (powerAt(mid) >= power) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * "At your traffic, detecting a +X% change needs about N more days": from the visitors of the last
 * 14 days (all arms), the baseline rate, and the visitors each arm has already had.
 */
export function daysToDetect(o: { baseline: number; lift: number; arms: number; recentVisitors: number; recentDays?: number; visitorsPerArm: number }): number {
  const perDayPerArm = o.recentVisitors / (o.recentDays ?? 14) / o.arms;
  if (o.baseline <= 0 || perDayPerArm <= 0) return Infinity;
  const needed = visitorsToDetect(o.baseline, o.lift, { variants: o.arms - 1 });
  return Math.max(0, Math.ceil((needed - o.visitorsPerArm) / perDayPerArm));
}

/** Binomial(n, p) draw: by inversion for small means, normal approximation past that (simulation only). */
export function binomial(n: number, p: number, random: () => number): number {
  const mean = n * p;
  if (mean > 50) return Math.max(0, Math.min(n, Math.round(mean + Math.sqrt(mean * (1 - p)) * normal(random))));
  let k = 0;
  for (let i = 0; i < n; i++) if (random() < p) k++;
  return k;
}

/**
 * One simulated experiment, control against one variant, looked at every day: the day it was decided
 * and how. `decide` reads each day's counts (default: the mSPRT verdict; the unit tests try a
 * fixed-sample test beside it).
 */
export function simulateExperiment(o: { baseline: number; lift: number; perArmPerDay: number; days: number; random: () => number; decide?: (arms: readonly ArmCounts[]) => Verdict }): Verdict & { day?: number } {
  const a = { arm: 'control', visitors: 0, conversions: 0 };
  const b = { arm: 'b', visitors: 0, conversions: 0 };
  for (let day = 0; day < o.days; day++) {
    a.visitors += o.perArmPerDay;
    b.visitors += o.perArmPerDay;
    a.conversions += binomial(o.perArmPerDay, o.baseline, o.random);
    b.conversions += binomial(o.perArmPerDay, o.baseline * (1 + o.lift), o.random);
    const v = (o.decide ?? verdict)([a, b]);
    if (v.kind === 'winner' || v.kind === 'worse') return { ...v, day };
  }
  return { kind: 'keep-going' };
}

/** The simulation the unit tests run small and the bench runs at 1,000 each: false winners in A/A, and A/B found within the estimated days. */
export function simulateStatistics(o: { experiments: number; seed: number; baseline?: number; lift?: number; perArmPerDay?: number }) {
  const baseline = o.baseline ?? 0.03;
  const lift = o.lift ?? 0.3;
  const perArmPerDay = o.perArmPerDay ?? 400;
  const random = seededRandom(o.seed);
  let falseWinners = 0;
  for (let i = 0; i < o.experiments; i++) {
    const v = simulateExperiment({ baseline, lift: 0, perArmPerDay, days: 60, random });
    if (v.kind === 'winner' || v.kind === 'worse') falseWinners++;
  }
  const estimatedDays = daysToDetect({ baseline, lift, arms: 2, recentVisitors: perArmPerDay * 2 * 14, visitorsPerArm: 0 });
  let found = 0;
  for (let i = 0; i < o.experiments; i++) {
    const v = simulateExperiment({ baseline, lift, perArmPerDay, days: estimatedDays, random });
    if (v.kind === 'winner' && v.arm === 'b') found++;
  }
  return { falseWinnerRate: falseWinners / o.experiments, foundRate: found / o.experiments, estimatedDays };
}
