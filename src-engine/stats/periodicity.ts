/**
 * Periodicity at short periods: the winners' residues modulo every period P from 2 to 32 (a
 * generator favouring even indices, or every seventh unit, leaves a residue in excess).
 *
 * For each P the units fall into P residue classes of known sizes m_r; the winners' counts over
 * them form a 2 × P table of wins and losses with fixed margins, whose Pearson χ²,
 * χ²_wins·(n − 1)/(n − w), has the moments of χ²(P − 1) under permutation (Haldane 1940, as for the
 * segments test). The 31 periods are one test: its p-value is the smallest over them times 31
 * (Bonferroni: valid whatever their dependence, a little conservative since the residues modulo
 * P and 2P overlap). Longer periods are the spectral test's ({@link spectralTest}).
 */
import { chiSquareUpper } from './distributions';
import { passes } from './placement-constants';
import type { PlacementTest } from './placement-constants';

export const MIN_PERIOD = 2;
export const MAX_PERIOD = 32;

export interface PeriodResult {
  readonly period: number;
  readonly chi2: number;
  readonly p: number;
  /** The residue whose count most exceeds its expectation, and its count against the expected. */
  readonly residue: number;
  readonly count: number;
  readonly expected: number;
}

/** The χ² of the winners' residues modulo `period`, from the winners' indices in a block of `n`. */
export function residuesChiSquare(winners: Int32Array, n: number, period: number): PeriodResult {
  const counts = new Float64Array(period);
  for (let i = 0; i < winners.length; i++) counts[winners[i]! % period]!++;
  const w = winners.length;
  let chi2 = 0;
  let residue = 0;
  let excess = -Infinity;
  for (let r = 0; r < period; r++) {
    const units = r < n ? Math.floor((n - 1 - r) / period) + 1 : 0;
    const e = (w * units) / n;
    if (e > 0) chi2 += (counts[r]! - e) ** 2 / e;
    if (counts[r]! - e > excess) {
      excess = counts[r]! - e;
      residue = r;
    }
  }
  const expected = (w * (Math.floor((n - 1 - residue) / period) + 1)) / n;
  if (w === 0 || w === n || n < period) return { period, chi2: 0, p: 1, residue, count: counts[residue]!, expected };
  chi2 = (chi2 * (n - 1)) / (n - w);
  return { period, chi2, p: chiSquareUpper(chi2, period - 1), residue, count: counts[residue]!, expected };
}

/** Residues modulo every period from {@link MIN_PERIOD} to {@link MAX_PERIOD}, as one test. */
export function periodicityTest(winners: Int32Array, n: number): PlacementTest {
  const results: PeriodResult[] = [];
  for (let P = MIN_PERIOD; P <= MAX_PERIOD; P++) results.push(residuesChiSquare(winners, n, P));
  const worst = results.reduce((a, b) => (b.p < a.p ? b : a));
  const p = Math.min(1, results.length * worst.p);
  return {
    id: 'periodicity',
    statisticName: 'χ²',
    statistic: worst.chi2,
    df: worst.period - 1,
    n: results.length,
    pValue: p,
    pass: passes(p),
    detail: `winners' residues modulo ${MIN_PERIOD}–${MAX_PERIOD} (Bonferroni over ${results.length} periods); most telling: modulo ${worst.period}, χ² ${worst.chi2.toFixed(1)} on ${worst.period - 1} df (p ${worst.p.toExponential(2)}), residue ${worst.residue} holds ${worst.count} for ${worst.expected.toFixed(1)} expected`,
    where: { from: 0, to: n, period: worst.period, residue: worst.residue },
  };
}
