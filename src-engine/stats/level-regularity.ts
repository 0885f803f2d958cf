/**
 * Whether a level's lots are spaced too regularly: on a grid with jitter, or never closer than some
 * distance. The Kolmogorov–Smirnov test of its positions only rejects positions too uneven, and the
 * tests over all the winners drown a level of 1,000 lots among 200,000 winners; a player who
 * learned the grid could time purchases.
 *
 * Law. A level of k lots in a block of n units, placed at random (art. 3: every k-subset equally
 * likely): the N = n − k other units fall into the k + 1 parts d₀ (before the first lot),
 * d₁ … d_{k−1} (between consecutive lots) and d_k (after the last) as a uniformly random
 * composition of N into K = k + 1 non-negative parts (the same law as the longest run's,
 * `longest-run-law.ts`). The two ends are left out: only the k − 1 inner parts are tested, so
 * that no wrap joins the block's last unit to its first.
 *
 * (a) Smallest inner part. The compositions with d_i ≥ m for the k − 1 inner parts are, after
 * d_i − m, the compositions of N − (k − 1)m into K parts (stars and bars; Feller, An Introduction
 * to Probability Theory I, §II.5 and §II.11), so
 *
 *   P(min d_i ≥ m) = C(n − (k − 1)m, k) / C(n, k) = Π_{i<k} (n − (k − 1)m − i)/(n − i),
 *
 * i.e. consecutive lots at least g = m + 1 units apart: C(n − (k − 1)(g − 1), k)/C(n, k). The
 * test is one-sided (lots too far apart); its p-value is randomised like the longest run's, so it
 * fails exactly 1 % of fair levels.
 *
 * The gaps' dispersion (Q = Σ d_i², small for a grid) has an exact mean, variance and skewness
 * under the same law (the Dirichlet-multinomial's factorial moments), but neither the normal law
 * (0.2 % of fair levels of 20 lots rejected at 1 %) nor Pearson's type III (3.4 %) calibrated it
 * at the family's thresholds, so it is not tested: the smallest gap alone catches a grid jittered
 * by up to ±45 % of its step and a floor on the distance between lots.
 */
import type { PrizeTable } from '../rules/types';
import { LOSING_LEVEL, passes } from './placement-constants';
import type { PlacementTest } from './placement-constants';

/**
 * A level is tested for regular spacing when it has at least this many lots. A grid jittered by
 * ±25 % of its step has a smallest gap of half a step, whose p-value is about e^(−k/2): it reaches
 * the family's threshold (1 %/27 ≈ 3.7·10⁻⁴) only from k ≈ 16 lots, so below 20 a test would
 * mostly enlarge the family and cost the other tests power.
 */
export const REGULARITY_MIN_LOTS = 20;

const GOLDEN = (Math.sqrt(5) - 1) / 2;

/** P(smallest inner part ≥ m) for k lots among n units placed at random (see the module comment). */
export function minGapAtLeast(n: number, k: number, m: number): number {
  if (m <= 0 || k < 2) return 1;
  const a = n - (k - 1) * m;
  if (a < k) return 0;
  let log = 0;
  for (let i = 0; i < k; i++) log += Math.log1p(-((k - 1) * m) / (n - i));
  return Math.exp(log);
}

/**
 * The smallest inner part of one level's sorted positions among n units and its randomised p-value
 * P(min > t) + u·P(min = t) (u the tie-breaking uniform), exactly uniform under a random placement
 * (Lehmann & Romano, Testing Statistical Hypotheses, §3.2; the same as the longest run's).
 */
export function regularityOf(positions: Int32Array, n: number, u: number): { minGap: number; p: number } {
  const k = positions.length;
  let minGap = Infinity;
  for (let i = 1; i < k; i++) minGap = Math.min(minGap, positions[i]! - positions[i - 1]! - 1);
  const above = minGapAtLeast(n, k, minGap + 1);
  return { minGap, p: above + u * (minGapAtLeast(n, k, minGap) - above) };
}

/**
 * Expected smallest distance between consecutive lots of a level placed at random, in units:
 * 1 + E[min d_i] = 1 + Σ_{m ≥ 1} P(min ≥ m), for the finding's « expected … ».
 */
export function expectedMinGap(n: number, k: number): number {
  let e = 1;
  for (let m = 1; ; m++) {
    const p = minGapAtLeast(n, k, m);
    e += p;
    if (p < 1e-12) return e;
  }
}

/**
 * One regularity test per level of at least {@link REGULARITY_MIN_LOTS} lots (levels array: 255 =
 * losing); `u` is the block's tie-breaking uniform, turned for each level by a golden-ratio step so
 * that the levels' draws differ.
 */
export function levelRegularityTests(levels: Uint8Array, table: PrizeTable, u: number): PlacementTest[] {
  const n = levels.length;
  const counts = new Array<number>(table.levels.length).fill(0);
  for (let i = 0; i < n; i++) if (levels[i] !== LOSING_LEVEL) counts[levels[i]!]!++;
  const pos = counts.map((c) => new Int32Array(c));
  const fill = new Array<number>(table.levels.length).fill(0);
  for (let i = 0; i < n; i++) {
    const l = levels[i]!;
    if (l !== LOSING_LEVEL && pos[l]) pos[l][fill[l]!++] = i;
  }
  const out: PlacementTest[] = [];
  table.levels.forEach((lvl, li) => {
    const k = counts[li]!;
    if (k < REGULARITY_MIN_LOTS || k >= n) return;
    const r = regularityOf(pos[li]!, n, (u + (li + 1) * GOLDEN) % 1);
    const expected = expectedMinGap(n, k);
    out.push({
      id: 'levelRegularity',
      level: li,
      prizeCents: lvl.prizeCents,
      statisticName: 'min gap',
      statistic: r.minGap + 1,
      n: k,
      pValue: r.p,
      pass: passes(r.p),
      detail: `spacing of the ${k} lots of level ${li + 1}: smallest distance between consecutive lots ${r.minGap + 1} units (about ${expected.toFixed(1)} expected), exact law, randomised, one-sided (too far apart)`,
      where: { from: pos[li]![0]!, to: pos[li]![k - 1]! + 1, minGap: r.minGap + 1, expectedMinGap: expected },
    });
  });
  return out;
}
