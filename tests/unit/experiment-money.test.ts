// Experiments judged on money (issue 41, model/analytics/experiment-money.ts): the mSPRT on revenue per visitor
// with a plug-in variance, simulated with skewed (log-normal) order values. The bench runs 1,000 of
// each; here 200, with the bench's budgets.
import { describe, expect, it } from 'vitest';
import { EXPERIMENT_BUDGET } from '../../generator/bench/experiments.ts';
import { orderValues, perVisitor, revenueVerdict, simulateRevenueExperiment, simulateRevenueStatistics, visitorsToDetectRevenue, type ArmMoney } from '../../model/analytics/experiment-money.ts';
import { seededRandom, type Verdict } from '../../model/analytics/experiment-stats.ts';

const arm = (name: string, visitors: number, values: number[]): ArmMoney => ({ arm: name, visitors, orders: values.length, sum: values.reduce((s, x) => s + x, 0), sumSquares: values.reduce((s, x) => s + x * x, 0) });

describe('the revenue test', () => {
  it('names a false winner in at most 5% of A/A experiments with skewed order values read daily for 60 days, and finds a real +20% in at least 80% within the estimated days', () => {
    for (const sigma of [1, 1.5]) {
      const s = simulateRevenueStatistics({ experiments: 200, seed: 11, sigma });
      expect(s.falseWinnerRate, `sigma ${sigma}`).toBeLessThanOrEqual(EXPERIMENT_BUDGET.falseWinnerRate);
      expect(s.foundRate, `sigma ${sigma}`).toBeGreaterThanOrEqual(EXPERIMENT_BUDGET.foundRate);
      expect(s.estimatedDays).toBeGreaterThan(0);
      expect(s.estimatedDays).toBeLessThan(60);
    }
  });

  it('a fixed-sample t-test peeked at daily on the same A/A money is fooled far more often', () => {
    // The same simulation the bench runs (order values, conversion and traffic as its defaults), each
    // day read by Welch's t statistic on revenue per visitor at 1.96, as if that day were the only look.
    const fixedSample = (arms: readonly ArmMoney[]): Verdict => {
      const [a, b] = arms as [ArmMoney, ArmMoney];
      const variance = (x: ArmMoney) => x.sumSquares / x.visitors - perVisitor(x) ** 2;
      const z = (perVisitor(b) - perVisitor(a)) / Math.sqrt(variance(a) / a.visitors + variance(b) / b.visitors);
      return Math.abs(z) > 1.96 ? { kind: z > 0 ? 'winner' : 'worse', arm: b.arm, lift: perVisitor(b) / perVisitor(a) - 1 } : { kind: 'keep-going' };
    };
    const values = orderValues(2900, 1);
    const falseWinners = (decide?: (arms: readonly ArmMoney[]) => Verdict) => {
      const random = seededRandom(5);
      let decided = 0;
      for (let e = 0; e < 200; e++) {
        const v = simulateRevenueExperiment({ conversion: 0.03, lift: 0, perArmPerDay: 2000, days: 60, values, random, decide });
        if (v.kind === 'winner' || v.kind === 'worse') decided++;
      }
      return decided / 200;
    };
    expect(falseWinners()).toBeLessThanOrEqual(EXPERIMENT_BUDGET.falseWinnerRate);
    expect(falseWinners(fixedSample)).toBeGreaterThan(3 * EXPERIMENT_BUDGET.falseWinnerRate / 2);
  });

  it('waits for orders, counts visitors who bought nothing as zero, and names the arm that earns more per visitor', () => {
    expect(revenueVerdict([arm('control', 500, [2900, 2900]), arm('b', 500, [2900, 2900, 2900, 2900, 2900])]).kind).toBe('too-early');
    // Same revenue per order, more buyers in b: b earns more per visitor.
    const control = arm('control', 40_000, Array.from({ length: 1200 }, (_, i) => 2000 + (i % 7) * 500));
    const b = arm('b', 40_000, Array.from({ length: 1600 }, (_, i) => 2000 + (i % 7) * 500));
    expect(revenueVerdict([control, b])).toMatchObject({ kind: 'winner', arm: 'b' });
    expect(revenueVerdict([b, { ...control, arm: 'b' }])).toMatchObject({ kind: 'worse', arm: 'b' });
    // More orders but each worth much less: b earns less per visitor, so it is not the winner clicks would name.
    const cheap = arm('b', 40_000, Array.from({ length: 1600 }, () => 900));
    expect(revenueVerdict([control, cheap])).toMatchObject({ kind: 'worse', arm: 'b' });
  });

  it('needs more visitors for a smaller change or a more skewed value', () => {
    expect(visitorsToDetectRevenue(100, 40_000, 0.1)).toBeGreaterThan(visitorsToDetectRevenue(100, 40_000, 0.2));
    expect(visitorsToDetectRevenue(100, 80_000, 0.2)).toBeGreaterThan(visitorsToDetectRevenue(100, 40_000, 0.2));
  });
});
