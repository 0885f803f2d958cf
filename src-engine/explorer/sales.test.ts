import { describe, expect, it } from 'vitest';
import { officialTable } from '../rules/load';
import { tableFigures } from '../rules/table-stats';
import {
  blocksSalesBand,
  prizesRemaining,
  quantileSorted,
  salesBandCoverage,
  salesCurve,
  unitsForPrecision,
} from './sales';
import type { PrizeTable } from '../rules/types';
import { Z95 } from './sessions';

describe('sales of a block (finite-population correction)', () => {
  const t = officialTable('mine-d-or', 50);
  const sd = tableFigures(t).sdStakes;
  const half = (n: number) => Z95 * sd * Math.sqrt((t.blockUnits - n) / ((t.blockUnits - 1) * n));

  it('the band is centred on the table RTP and closes when the whole block is sold', () => {
    const c = salesCurve(t);
    expect(c[0]!.rtp).toBeCloseTo(0.7, 12);
    const last = c.at(-1)!;
    expect(last.sold).toBe(t.blockUnits);
    expect(last.high - last.low).toBe(0);
    expect(c[10]!.high - c[10]!.rtp).toBeCloseTo(half(c[10]!.sold), 12);
  });

  it('units for ±1 point at 95 %: the smallest n whose half-width is ≤ 0.01', () => {
    const n = unitsForPrecision(t, 0.01);
    expect(half(n)).toBeLessThanOrEqual(0.01 + 1e-12);
    expect(half(n - 1)).toBeGreaterThan(0.01);
    // sd 17.02 stakes: without the correction it would be (1.96 × 17.02 / 0.01)² ≈ 11.1 million > N
    expect(n).toBeLessThan(t.blockUnits);
    expect(n).toBeGreaterThan(900_000);
  });

  it('expected prizes still in the block: K × (N − sold) / N', () => {
    const r = prizesRemaining(t, 250_000);
    expect(r[0]).toEqual({ prizeCents: 750_000, lots: 1, expected: 0.75 });
    expect(r.at(-1)!.expected).toBe(75_015);
  });
});

describe('many blocks sold: mean, percentiles and the expected band at each point', () => {
  const t = officialTable('les-3-gongs', 50);

  it('quantiles interpolate between order statistics (type 7)', () => {
    expect(quantileSorted([1, 2, 3, 4, 5], 0.1)).toBeCloseTo(1.4, 12);
    expect(quantileSorted([1, 2, 3, 4, 5], 0.9)).toBeCloseTo(4.6, 12);
    expect(quantileSorted([7], 0.9)).toBe(7);
    expect(quantileSorted([], 0.5)).toBeNaN();
  });

  it('summarises the blocks at each point, and every block ends at the table RTP', () => {
    const sold = [30_000, 150_000, 300_000];
    const total = 10_499_000; // cents paid by a whole block at 0,50 € (104 990 €)
    // three blocks: realised RTP at 10 % sold of 60 %, 70 % and 80 %; at half 69 %, 70 %, 71 %
    const paid = [
      [0.6 * 30_000 * 50, 0.69 * 150_000 * 50, total],
      [0.7 * 30_000 * 50, 0.7 * 150_000 * 50, total],
      [0.8 * 30_000 * 50, 0.71 * 150_000 * 50, total],
    ];
    const band = blocksSalesBand(t, sold, paid);
    expect(band[0]!.share).toBeCloseTo(0.1, 12);
    expect(band[0]!.mean).toBeCloseTo(0.7, 12);
    expect(band[0]!.min).toBeCloseTo(0.6, 12);
    expect(band[0]!.max).toBeCloseTo(0.8, 12);
    expect(band[0]!.p10).toBeCloseTo(0.62, 12);
    expect(band[0]!.p90).toBeCloseTo(0.78, 12);
    expect(band[1]!.p90).toBeCloseTo(0.708, 12);
    const end = band[2]!;
    expect(end.mean).toBeCloseTo(104_990 / 150_000, 12);
    expect(end.p10).toBeCloseTo(end.p90, 12);
    // the expected band is salesCurve's: centred on the RTP, closed when the block is sold
    expect(end.expectedHigh - end.expectedLow).toBe(0);
    const sd = tableFigures(t).sdStakes;
    const half = Z95 * sd * Math.sqrt((300_000 - 30_000) / (299_999 * 30_000));
    expect(band[0]!.expectedHigh).toBeCloseTo(104_990 / 150_000 + half, 12);
  });
});

describe('what the normal band covers', () => {
  it('one lot of 10 stakes in 10 units: the realised RTP is 0 or 10/n, and the coverage counts each outcome', () => {
    const t: PrizeTable = {
      game: 'mine-d-or',
      stakeCents: 100,
      blockUnits: 10,
      levels: [{ prizeCents: 1_000, lots: 1 }],
      source: 'test',
    };
    const blocks = 20_000;
    const cov = salesBandCoverage(t, blocks, 4, 10);
    const curve = salesCurve(t, 10);
    expect(cov.map((c) => c.sold)).toEqual(curve.map((c) => c.sold));
    cov.forEach((c, k) => {
      const pt = curve[k]!;
      const pSold = c.sold / 10; // the lot is among the n sold units
      const expBelow = (0 < pt.low ? 1 - pSold : 0) + (10 / c.sold < pt.low ? pSold : 0);
      const expAbove = 10 / c.sold > pt.high + 1e-12 ? pSold : 0;
      const tol = 4 * Math.sqrt(0.25 / blocks);
      expect(c.below).toBeCloseTo(expBelow, 0);
      expect(Math.abs(c.below - expBelow)).toBeLessThan(tol);
      expect(Math.abs(c.above - expAbove)).toBeLessThan(tol);
      expect(c.inside + c.below + c.above).toBeCloseTo(1, 12);
    });
    // Three units sold: the band is 1 ± 1.96 × 3 × √(7/27), i.e. [0, 3.99]; the lot sold (3.33) is inside,
    // and so is 0 (the band's low bound is cut at 0): full coverage, though the law has only two values.
    expect(cov.find((c) => c.sold === 3)?.inside).toBe(1);
  });
});
