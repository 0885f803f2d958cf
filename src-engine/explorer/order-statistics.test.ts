import { describe, expect, it } from 'vitest';
import jStatLib from 'jstat';
import { UnitStream } from '../random/mix';
import { CountedSample, orderStatisticOfCounts, quantileRanks } from './order-statistics';

// src-engine/stats/jstat.d.ts types the part of jStat the statistics use; this test also uses the
// binomial cdf. @see https://jstat.github.io/distributions.html
const jStat = jStatLib as unknown as { binomial: { cdf(k: number, n: number, p: number): number } };

describe('order statistics', () => {
  it('ranks are the binomial quantiles: P(Bin < l) ≤ 0.5 % < P(Bin ≤ l), P(Bin ≥ u) ≤ 0.5 % < P(Bin ≥ u − 1)', () => {
    for (const [P, q] of [
      [1000, 0.1],
      [10_000, 0.01],
      [200, 0.5],
      [5000, 0.99],
    ] as const) {
      const { low, high } = quantileRanks(P, q);
      const below = (k: number) => (k < 0 ? 0 : jStat.binomial.cdf(k, P, q)); // P(Bin ≤ k)
      expect(below(low - 1)).toBeLessThanOrEqual(0.005);
      expect(below(low)).toBeGreaterThan(0.005);
      expect(1 - below(high - 1)).toBeLessThanOrEqual(0.005 + 1e-12);
      expect(1 - below(high - 2)).toBeGreaterThan(0.005);
    }
  });

  it('a sample quantile is the smallest value with at least a share q at or below it', () => {
    // 1 … 10 once each, given out of order
    const ten = new CountedSample(new Map([7, 3, 10, 1, 2, 9, 4, 8, 5, 6].map((v) => [v, 1])));
    expect(ten.size).toBe(10);
    expect(ten.quantile(0.1)).toBe(1); // 0.1 × 10 = 1.0000000000000002 in floating point: still rank 1
    expect(ten.quantile(0.5)).toBe(5);
    expect(ten.quantile(0.51)).toBe(6);
    expect(ten.quantile(0.99)).toBe(10);
    expect(ten.max()).toBe(10);
    // ties: 0 three times, 50 once, 200 twice
    const tied = new CountedSample(
      new Map([
        [200, 2],
        [0, 3],
        [50, 1],
      ]),
    );
    expect([1, 2, 3, 4, 5, 6].map((k) => tied.at(k))).toEqual([0, 0, 0, 50, 200, 200]);
    expect(orderStatisticOfCounts([0, 3, 0, 2], 3)).toBe(1);
    expect(orderStatisticOfCounts([0, 3, 0, 2], 4)).toBe(3);
  });

  it('the interval covers the true quantile of a discrete law at least 99 % of the time', () => {
    // a die with faces 0 … 5: the median is 2 (P(X ≤ 2) = 1/2), a tie-heavy lattice law
    const stream = new UnitStream();
    const P = 60;
    const { low, high } = quantileRanks(P, 0.5);
    let covered = 0;
    const runs = 4000;
    for (let r = 0; r < runs; r++) {
      stream.reseed(0x0d1ce, r);
      const counts = new Map<number, number>();
      for (let i = 0; i < P; i++) {
        const v = stream.below(6);
        counts.set(v, (counts.get(v) ?? 0) + 1);
      }
      const s = new CountedSample(counts);
      if (s.at(low) <= 2 && 2 <= s.at(high)) covered++;
    }
    // the rate is at least 99 %, up to the sampling error of 4,000 runs (3 standard errors)
    expect(covered / runs).toBeGreaterThan(0.99 - 3 * Math.sqrt((0.99 * 0.01) / runs));
  });
});
