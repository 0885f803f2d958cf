/**
 * Clustering at several scales: the winners' counts in windows of 10², 10³, 10⁴ and 10⁵ units, each
 * scale against the law of a fixed-count block, two-sided (too uneven: hot and cold windows; too
 * even: a quota of winners per window).
 *
 * At scale L the first k·L units (k = ⌊n/L⌋ windows; the few units after them are left out: given
 * their count, the windows' units are still a uniform arrangement) form a 2 × k table of wins and
 * losses with fixed margins; Pearson's χ² over it, χ²_wins·(n′ − 1)/(n′ − w′), has the moments of
 * χ²(k − 1) under permutation (Haldane 1940, as for the segments test), and its law is taken as
 * χ²(k − 1), two-sided. The test's p-value is the smallest over the scales times their number
 * (Bonferroni: valid, a little conservative); a scale needs at least 10 windows.
 */
import { chiSquareTwoSided } from './distributions';
import { passes } from './placement-constants';
import type { PlacementTest } from './placement-constants';

/** Window lengths of the multi-scale test. */
export const CLUSTER_SCALES: readonly number[] = [100, 1_000, 10_000, 100_000];

export interface ScaleResult {
  readonly scale: number;
  readonly windows: number;
  readonly chi2: number;
  readonly df: number;
  readonly p: number;
  readonly tooEven: boolean;
  /** The window whose count is farthest from its expectation, and that count. */
  readonly extremeWindow: number;
  readonly extremeCount: number;
  readonly expected: number;
}

/** The two-sided χ² of the winners' counts in windows of `scale` units, from the winners' indices. */
export function scaleChiSquare(winners: Int32Array, n: number, scale: number): ScaleResult | null {
  const k = Math.floor(n / scale);
  if (k < 10) return null;
  const used = k * scale;
  const counts = new Float64Array(k);
  let w = 0;
  for (let i = 0; i < winners.length; i++) {
    const x = winners[i]!;
    if (x >= used) break;
    counts[Math.floor(x / scale)]!++;
    w++;
  }
  const e = (w * scale) / used;
  let chi2 = 0;
  let extremeWindow = 0;
  for (let j = 0; j < k; j++) {
    const d = counts[j]! - e;
    chi2 += d * d;
    if (Math.abs(d) > Math.abs(counts[extremeWindow]! - e)) extremeWindow = j;
  }
  const df = k - 1;
  if (w === 0 || w === used)
    return { scale, windows: k, chi2: 0, df, p: 1, tooEven: false, extremeWindow, extremeCount: 0, expected: e };
  chi2 = ((chi2 / e) * (used - 1)) / (used - w);
  const t = chiSquareTwoSided(chi2, df);
  return {
    scale,
    windows: k,
    chi2,
    df,
    p: t.p,
    tooEven: t.tooEven,
    extremeWindow,
    extremeCount: counts[extremeWindow]!,
    expected: e,
  };
}

/** Every scale of {@link CLUSTER_SCALES} that has 10 windows, as one test; null when none has. */
export function scalesTest(winners: Int32Array, n: number): PlacementTest | null {
  const results = CLUSTER_SCALES.map((s) => scaleChiSquare(winners, n, s)).filter((r): r is ScaleResult => r !== null);
  if (results.length === 0) return null;
  const worst = results.reduce((a, b) => (b.p < a.p ? b : a));
  const p = Math.min(1, results.length * worst.p);
  const perScale = results.map((r) => `${r.scale}: χ² ${r.chi2.toFixed(1)} on ${r.df} df, p ${r.p.toExponential(2)}`);
  return {
    id: 'scales',
    statisticName: 'χ²',
    statistic: worst.chi2,
    df: worst.df,
    n: results.length,
    pValue: p,
    pass: passes(p),
    detail: `winners per window at ${results.length} scales, two-sided (${perScale.join('; ')}); most telling: windows of ${worst.scale} units, ${worst.tooEven ? 'too even' : `too uneven, window ${worst.extremeWindow} holds ${worst.extremeCount} for ${worst.expected.toFixed(1)} expected`}`,
    where: worst.tooEven
      ? { from: 0, to: worst.windows * worst.scale, scale: worst.scale }
      : {
          from: worst.extremeWindow * worst.scale,
          to: (worst.extremeWindow + 1) * worst.scale,
          scale: worst.scale,
        },
  };
}
