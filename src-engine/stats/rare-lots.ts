/**
 * The rare lots together: the levels with too few lots for a test of their own (fewer than
 * {@link KS_MIN_LOTS}: the single top lots of both games, art. 3) are tested as one set of r
 * positions. In a fixed-count block those r positions are a uniformly random r-subset of the n
 * units, so the laws below are exact (no approximation, r is small):
 * - all too early: P(max ≤ M) = C(M + 1, r) / C(n, r);
 * - all too late: P(min ≥ m) = C(n − m, r) / C(n, r);
 * - all too close together: the subsets of range exactly j number (n − j)·C(j − 1, r − 2), so
 *   P(range ≤ D) = [n·C(D, r − 1) − (r − 1)·C(D + 1, r)] / C(n, r)
 *               = C(D, r − 1)/C(n, r) · (n − (r − 1)(D + 1)/r).
 * The test's p-value is the smallest of the three times 3 (Bonferroni: valid, a little
 * conservative); for a single rare lot, two-sided on its position.
 */
import { KS_MIN_LOTS, LOSING_LEVEL, passes } from './placement-constants';
import type { PlacementTest } from './placement-constants';
import type { PrizeTable } from '../rules/types';

/** Π_{i=0}^{k−1} (a − i)/(b − i), i.e. C(a, k)/C(b, k) for a ≤ b; 0 when a < k. */
function chooseRatio(a: number, b: number, k: number): number {
  if (a < k) return 0;
  let r = 1;
  for (let i = 0; i < k; i++) r *= (a - i) / (b - i);
  return r;
}

/** P(max ≤ M), P(min ≥ m) and P(max − min ≤ D) for r positions drawn without replacement among n. */
export function rareLotsLaw(
  n: number,
  r: number,
  min: number,
  max: number,
): { early: number; late: number; together: number } {
  const early = chooseRatio(max + 1, n, r);
  const late = chooseRatio(n - min, n, r);
  const d = max - min;
  // C(D, r − 1)/C(n, r) = (r/n)·C(D, r − 1)/C(n − 1, r − 1)
  const together = r < 2 ? 1 : Math.min(1, (r / n) * chooseRatio(d, n - 1, r - 1) * (n - ((r - 1) * (d + 1)) / r));
  return { early, late, together };
}

/** Level indices of the rare levels: those with at least one lot and fewer than {@link KS_MIN_LOTS}. */
export function rareLevels(table: PrizeTable): number[] {
  return table.levels.flatMap((l, i) => (l.lots > 0 && l.lots < KS_MIN_LOTS ? [i] : []));
}

/** The rare lots' positions against their exact laws; null when the table has no rare level. */
export function rareLotsTest(levels: Uint8Array, table: PrizeTable): PlacementTest | null {
  const rare = rareLevels(table);
  if (rare.length === 0) return null;
  const isRare = new Uint8Array(256);
  for (const li of rare) isRare[li] = 1;
  const n = levels.length;
  let r = 0;
  let min = n;
  let max = -1;
  for (let i = 0; i < n; i++) {
    const l = levels[i]!;
    if (l !== LOSING_LEVEL && isRare[l]) {
      r++;
      if (i < min) min = i;
      max = i;
    }
  }
  if (r === 0) return null;
  const law = rareLotsLaw(n, r, min, max);
  const parts = r < 2 ? [law.early, law.late] : [law.early, law.late, law.together];
  const smallest = Math.min(...parts);
  const p = Math.min(1, parts.length * smallest);
  const which = smallest === law.early ? 'early' : smallest === law.late ? 'late' : 'together';
  const levelsText = `${rare.length} ${rare.length === 1 ? 'level' : 'levels'} with fewer than ${KS_MIN_LOTS} lots`;
  // a single lot spans no units: it has no range, only a position, tested on both sides
  if (r === 1)
    return {
      id: 'rareLots',
      statisticName: 'position',
      statistic: min,
      n: r,
      pValue: p,
      pass: passes(p),
      detail: `the single lot of the ${levelsText} lies in unit ${min}: a single lot has no range, its position alone is tested: P(at or before ${min}) = ${law.early.toExponential(3)}, P(at or after ${min}) = ${law.late.toExponential(3)} (exact); smallest: ${which}`,
      where: { from: min, to: max + 1 },
    };
  return {
    id: 'rareLots',
    statisticName: 'range',
    statistic: max - min,
    n: r,
    pValue: p,
    pass: passes(p),
    detail: `the ${r} lots of the ${levelsText} lie in units ${min}–${max}: P(all ≤ ${max}) = ${law.early.toExponential(3)}, P(all ≥ ${min}) = ${law.late.toExponential(3)}, P(range ≤ ${max - min}) = ${law.together.toExponential(3)} (exact); smallest: ${which}`,
    where: { from: min, to: max + 1 },
  };
}
