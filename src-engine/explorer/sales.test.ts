import { describe, expect, it } from 'vitest';
import { officialTable } from '../rules/load';
import { tableFigures } from '../rules/table-stats';
import { prizesRemaining, salesCurve, unitsForPrecision } from './sales';
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
