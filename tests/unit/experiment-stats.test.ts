// The experiments' statistics (model/analytics/experiment-stats.ts), with fixed seeds: the simulations the bench
// runs at 1,000 experiments each run here at 200, and the description of arms behaves as it must.
import { describe, expect, it } from 'vitest';
import { daysToDetect, describeArms, seededRandom, simulateExperiment, simulateStatistics, verdict, verdictOverDays, visitorsToDetect, type ArmCounts, type Verdict } from '../../model/analytics/experiment-stats.ts';

describe('experiment statistics', () => {
  it('declares a false winner in at most 5% of A/A experiments looked at daily for 60 days, and finds a real +30% in at least 80% within the estimated days', () => {
    const s = simulateStatistics({ experiments: 200, seed: 1 });
    expect(s.falseWinnerRate).toBeLessThanOrEqual(0.05);
    expect(s.foundRate).toBeGreaterThanOrEqual(0.8);
    expect(s.estimatedDays).toBeGreaterThan(0);
    expect(s.estimatedDays).toBeLessThan(60);
  });

  it('a fixed-sample test looked at daily would not be honest: the same A/A data cross 1.96 far more often', () => {
    // The point of the sequential test, shown on the same simulation (its baseline and traffic): each
    // day read by a pooled two-proportion z-test at 1.96, as if that day were the only look.
    const s = simulateStatistics({ experiments: 200, seed: 1 });
    const fixedSample = (arms: readonly ArmCounts[]): Verdict => {
      const [a, b] = arms as [ArmCounts, ArmCounts];
      const p = (a.conversions + b.conversions) / (a.visitors + b.visitors);
      const z = (b.conversions / b.visitors - a.conversions / a.visitors) / Math.sqrt(p * (1 - p) * (1 / a.visitors + 1 / b.visitors));
      return Math.abs(z) > 1.96 ? { kind: z > 0 ? 'winner' : 'worse', arm: b.arm, lift: 0 } : { kind: 'keep-going' };
    };
    const random = seededRandom(7);
    let naive = 0;
    for (let e = 0; e < 200; e++) {
      const v = simulateExperiment({ baseline: 0.03, lift: 0, perArmPerDay: 400, days: 60, random, decide: fixedSample });
      if (v.kind === 'winner' || v.kind === 'worse') naive++;
    }
    expect(naive / 200).toBeGreaterThan(3 * Math.max(s.falseWinnerRate, 0.02));
  });

  it('describes arms: intervals around the rate, P(best) summing to one, less expected loss for the better arm, the same for a seed', () => {
    const arms = [
      { arm: 'control', visitors: 2000, conversions: 60 },
      { arm: 'b', visitors: 2000, conversions: 95 },
    ];
    const [a, b] = describeArms(arms, { seed: 5 });
    for (const x of [a!, b!]) expect(x.low < x.rate && x.rate < x.high).toBe(true);
    expect(a!.probabilityBest + b!.probabilityBest).toBeCloseTo(1, 10);
    expect(b!.probabilityBest).toBeGreaterThan(0.95);
    expect(b!.expectedLoss).toBeLessThan(a!.expectedLoss);
    expect(describeArms(arms, { seed: 5 })).toEqual([a, b]);
  });

  it('waits for data, then names the winner', () => {
    expect(verdict([{ arm: 'control', visitors: 50, conversions: 1 }, { arm: 'b', visitors: 50, conversions: 3 }]).kind).toBe('too-early');
    expect(verdict([{ arm: 'control', visitors: 5000, conversions: 150 }, { arm: 'b', visitors: 5000, conversions: 160 }]).kind).toBe('keep-going');
    expect(verdict([{ arm: 'control', visitors: 20000, conversions: 600 }, { arm: 'b', visitors: 20000, conversions: 800 }])).toMatchObject({ kind: 'winner', arm: 'b' });
    expect(verdict([{ arm: 'control', visitors: 20000, conversions: 800 }, { arm: 'b', visitors: 20000, conversions: 600 }])).toMatchObject({ kind: 'worse', arm: 'b' });
    const days = [1, 2, 3].map((d) => [{ arm: 'control', visitors: d * 10000, conversions: d * 300 }, { arm: 'b', visitors: d * 10000, conversions: d * 400 }]);
    expect(verdictOverDays(days)).toMatchObject({ kind: 'winner', arm: 'b', day: 0 });
  });

  it('estimates days from traffic: more traffic or more visitors already seen means fewer days; smaller changes need more', () => {
    const base = { baseline: 0.03, lift: 0.2, arms: 2, recentVisitors: 14 * 400, visitorsPerArm: 0 };
    const days = daysToDetect(base);
    expect(days).toBeGreaterThan(0);
    expect(daysToDetect({ ...base, recentVisitors: 14 * 800 })).toBeLessThan(days);
    expect(daysToDetect({ ...base, visitorsPerArm: 5000 })).toBeLessThan(days);
    expect(daysToDetect({ ...base, visitorsPerArm: 10_000_000 })).toBe(0);
    expect(daysToDetect({ ...base, lift: 0.1 })).toBeGreaterThan(days);
    expect(daysToDetect({ ...base, recentVisitors: 0 })).toBe(Infinity);
    expect(visitorsToDetect(0.03, 0.3, { variants: 2 })).toBeGreaterThan(visitorsToDetect(0.03, 0.3));
  });
});
