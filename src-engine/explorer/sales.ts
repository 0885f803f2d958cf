/**
 * Sales of one block: how the realised RTP moves as the block is sold.
 *
 * Units are sold in a uniformly random order (the block's keyed permutation, art. 3 and R1). After
 * n of N units are sold, the mean prize of the sold units has mean μ and variance
 * σ²/n × (N − n)/(N − 1) (sampling without replacement, finite-population correction; Cochran,
 * Sampling Techniques, 3rd ed., th. 2.2). Bands are μ ± 1.96 × sd (normal approximation: with a
 * few very large lots, the realised RTP is skewed, so the band is indicative, and its low bound is
 * cut at 0). It is not an exact 95 % band: {@link salesBandCoverage} measures what it covers on
 * shuffled blocks (87 – 100 % of blocks depending on the point for the official tables, issue 14).
 */
import type { PrizeTable } from '../rules/types';
import { UnitStream } from '../random/mix';
import { Z95 } from './sessions';

export interface SalesPoint {
  readonly sold: number;
  readonly share: number;
  readonly rtp: number;
  readonly low: number;
  readonly high: number;
}

/** Population mean and sd of one unit's prize, in stakes. */
function moments(table: PrizeTable): { mean: number; sd: number } {
  const N = table.blockUnits;
  let m1 = 0;
  let m2 = 0;
  for (const l of table.levels) {
    const x = l.prizeCents / table.stakeCents;
    m1 += (l.lots * x) / N;
    m2 += (l.lots * x * x) / N;
  }
  return { mean: m1, sd: Math.sqrt(Math.max(0, m2 - m1 * m1)) };
}

/** Realised-RTP band at `points` shares of the block (log-spaced from 1/1000 of it to all of it). */
export function salesCurve(table: PrizeTable, points = 60): SalesPoint[] {
  const N = table.blockUnits;
  const { mean, sd } = moments(table);
  const out: SalesPoint[] = [];
  const minShare = Math.min(1, Math.max(1 / N, 0.001));
  for (let i = 0; i < points; i++) {
    const share = minShare * Math.pow(1 / minShare, i / (points - 1));
    const sold = Math.max(1, Math.min(N, Math.round(share * N)));
    const fpc = N > 1 ? (N - sold) / (N - 1) : 0;
    const half = Z95 * sd * Math.sqrt(fpc / sold);
    if (out.length > 0 && out[out.length - 1]!.sold === sold) continue;
    // a realised RTP is never below 0: the normal band is cut there
    out.push({ sold, share: sold / N, rtp: mean, low: Math.max(0, mean - half), high: mean + half });
  }
  return out;
}

/**
 * Units to sell before the realised RTP is within ±`points` of the table's RTP with 95 %
 * confidence: smallest n with z σ √((N − n) / ((N − 1) n)) ≤ d, i.e. n ≥ N / (1 + c (N − 1)),
 * c = (d / (z σ))², d and σ in stakes.
 */
export function unitsForPrecision(table: PrizeTable, points = 0.01): number {
  const N = table.blockUnits;
  const { sd } = moments(table);
  if (sd === 0) return 1;
  const c = (points / (Z95 * sd)) ** 2;
  return Math.min(N, Math.ceil(N / (1 + c * (N - 1)) - 1e-9));
}

/** Expected lots of each level still in the block after `sold` units: K × (N − sold) / N. */
export function prizesRemaining(
  table: PrizeTable,
  sold: number,
): { prizeCents: number; lots: number; expected: number }[] {
  const N = table.blockUnits;
  return table.levels.map((l) => ({ prizeCents: l.prizeCents, lots: l.lots, expected: (l.lots * (N - sold)) / N }));
}

export interface SalesBandCoverage {
  readonly sold: number;
  readonly share: number;
  /** Share of blocks whose realised RTP after `sold` units is inside the band, below it, above it. */
  readonly inside: number;
  readonly below: number;
  readonly above: number;
}

/**
 * What the normal 95 % band really covers (issue 14): the realised RTP of `blocks` uniformly
 * shuffled blocks (Fisher–Yates from a seeded stream) checked against the band at each point of
 * {@link salesCurve}. Late in a block with one very large lot the band is lopsided: the realised
 * RTP sits below it whenever that lot is still unsold.
 */
export function salesBandCoverage(table: PrizeTable, blocks: number, seed: number, points = 60): SalesBandCoverage[] {
  const N = table.blockUnits;
  const curve = salesCurve(table, points);
  const values = new Float64Array(N);
  let at = 0;
  for (const l of table.levels) values.fill(l.prizeCents / table.stakeCents, at, (at += l.lots));
  const below = new Float64Array(curve.length);
  const above = new Float64Array(curve.length);
  const rng = new UnitStream();
  for (let b = 0; b < blocks; b++) {
    rng.reseed(seed, b);
    for (let i = N - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      const t = values[i]!;
      values[i] = values[j]!;
      values[j] = t;
    }
    let sum = 0;
    let sold = 0;
    curve.forEach((pt, k) => {
      while (sold < pt.sold) sum += values[sold++]!;
      const rtp = sum / pt.sold;
      // a tolerance of 1e-12 stakes: a realised RTP equal to a bound is inside
      if (rtp < pt.low - 1e-12) below[k]!++;
      else if (rtp > pt.high + 1e-12) above[k]!++;
    });
  }
  return curve.map((pt, k) => ({
    sold: pt.sold,
    share: pt.share,
    inside: 1 - (below[k]! + above[k]!) / blocks,
    below: below[k]! / blocks,
    above: above[k]! / blocks,
  }));
}
