// The proof-of-work bench's verdict (generator/bench/proof-of-work.ts): the figure of each solver is the
// median of its runs, and the bench fails when a native solver is under 0.5 s or a phone-class browser
// over 2 s at that median, naming which and what to change.
import { describe, expect, it } from 'vitest';
import { describeProofOfWork, medianSolve, proofOfWorkOverBudget, type ProofOfWorkFigures } from '../../generator/bench/proof-of-work.ts';

const figures = (nativeMs: number[], phoneMs: number[]): ProofOfWorkFigures => ({ maxnumber: 900_000, runs: nativeMs.length, nativeMs, phoneMs, workerMs: 400, load: 1 });

describe('the proof-of-work bench', () => {
  it('takes the median of the runs, which one slow run does not move', () => {
    expect(medianSolve([700, 9_000, 650, 720, 690])).toBe(700);
    expect(medianSolve([600, 800])).toBe(700);
  });

  it('passes inside both budgets and fails outside either, at the medians', () => {
    expect(proofOfWorkOverBudget(figures([400, 700, 720], [1_500, 1_600, 2_600]))).toEqual([]);
    const cheap = proofOfWorkOverBudget(figures([450, 480, 2_000], [900, 950, 1_000]));
    expect(cheap).toHaveLength(1);
    expect(cheap[0]).toMatch(/native solver needs 480 ms \(median\), under the 500 ms.*raise private\.proof_of_work\.maxnumber/);
    const slow = proofOfWorkOverBudget(figures([700, 700, 700], [1_900, 2_100, 2_200]));
    expect(slow).toHaveLength(1);
    expect(slow[0]).toMatch(/phone-class browser needs 2100 ms \(median\), over the 2000 ms.*lower private\.proof_of_work\.maxnumber/);
  });

  it('prints both medians and the range of maxnumber where both budgets hold', () => {
    const text = describeProofOfWork(figures([700, 710, 690], [1_400, 1_390, 1_410]));
    expect(text).toContain('native solver (Node crypto.createHash, one core): 0.70 s median solve');
    expect(text).toContain('phone-class browser (Chromium, CPU 4x slower): 1.40 s median solve');
    // 450,001 numbers tried: a native number costs 0.7 s / 450,001, a phone's 1.4 s / 450,001.
    expect(text).toMatch(/pays 2\.0 times what a script pays; both budgets hold for maxnumber 642,859 to 1,285,717$/m);
  });
});
