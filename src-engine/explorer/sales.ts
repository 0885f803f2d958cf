/**
 * Sales of one block: how the realised RTP moves as the block is sold.
 *
 * Units are sold in a uniformly random order (the block's keyed permutation, art. 3 and R1). After
 * n of N units are sold, the mean prize of the sold units has mean μ and variance
 * σ²/n × (N − n)/(N − 1) (sampling without replacement, finite-population correction; Cochran,
 * Sampling Techniques, 3rd ed., th. 2.2). Bands are μ ± 1.96 × sd (normal approximation: with a
 * few very large lots, the realised RTP is skewed, so the band is indicative, and its low bound is
 * cut at 0). It is not an exact 95 % band: {@link salesBandCoverage} measures what it covers on
 * shuffled blocks (87 – 100 % of blocks depending on the point for the official tables).
 */
import type { PrizeTable } from '../rules/types';
import { ShuffleStream } from '../random/shuffle-stream';
import { Z95 } from './session-odds';

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

/** Several blocks' sales curves summed up at one point: what a product manager reads off 100 lines. */
export interface BlocksSalesPoint {
  readonly sold: number;
  readonly share: number;
  /** Mean realised RTP of the blocks at this point. */
  readonly mean: number;
  /** 10th and 90th percentiles of the blocks' realised RTPs (linear interpolation). */
  readonly p10: number;
  readonly p90: number;
  readonly min: number;
  readonly max: number;
  /** The 95 % band a single block is expected in ({@link salesCurve}'s, low bound cut at 0). */
  readonly expectedLow: number;
  readonly expectedHigh: number;
}

/** The q-quantile of sorted values, interpolated linearly between order statistics (Hyndman–Fan type 7). */
export function quantileSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

/**
 * The realised RTP of many blocks of `table` as they are sold: at each of `soldUnits`, the mean,
 * 10th–90th percentiles, extremes over the blocks, and the expected 95 % band of one block.
 * `paidCents[b][i]` is the cumulative amount block b paid after soldUnits[i] units.
 */
export function blocksSalesBand(
  table: PrizeTable,
  soldUnits: readonly number[],
  paidCents: readonly (readonly number[])[],
): BlocksSalesPoint[] {
  const N = table.blockUnits;
  const { mean, sd } = moments(table);
  return soldUnits.map((sold, i) => {
    const rtps = paidCents.map((p) => p[i]! / (sold * table.stakeCents)).sort((a, b) => a - b);
    const fpc = N > 1 ? (N - sold) / (N - 1) : 0;
    const half = Z95 * sd * Math.sqrt(fpc / sold);
    return {
      sold,
      share: sold / N,
      mean: rtps.reduce((a, b) => a + b, 0) / rtps.length,
      p10: quantileSorted(rtps, 0.1),
      p90: quantileSorted(rtps, 0.9),
      min: rtps[0] ?? Number.NaN,
      max: rtps[rtps.length - 1] ?? Number.NaN,
      expectedLow: Math.max(0, mean - half),
      expectedHigh: mean + half,
    };
  });
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
 * What the normal 95 % band really covers: the realised RTP of `blocks` uniformly
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
  const rng = new ShuffleStream();
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
