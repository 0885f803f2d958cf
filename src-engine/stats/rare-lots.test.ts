import { describe, expect, it } from 'vitest';
import { rareLotsLaw, rareLotsTest } from './rare-lots';
import { LOSING_LEVEL } from './placement-constants';
import type { PrizeTable } from '../rules/types';

/** Every r-subset of {0 … n − 1}, for the exact laws by enumeration. */
function* subsets(n: number, r: number, from = 0): Generator<number[]> {
  if (r === 0) return yield [];
  for (let i = from; i <= n - r; i++) for (const rest of subsets(n, r - 1, i + 1)) yield [i, ...rest];
}

describe('the rare lots together: exact laws of their positions', () => {
  it('P(all ≤ max), P(all ≥ min), P(range ≤ D) equal the shares of every subset of a small block', () => {
    for (const [n, r] of [
      [12, 2],
      [11, 3],
      [10, 4],
      [9, 1],
    ] as const) {
      const all = [...subsets(n, r)];
      for (const [min, max] of [
        [0, n - 1],
        [2, 5],
        [1, n - 3],
        [3, 3 + r - 1],
      ] as const) {
        const law = rareLotsLaw(n, r, min, max);
        const share = (f: (s: number[]) => boolean): number => all.filter(f).length / all.length;
        expect(law.early).toBeCloseTo(
          share((s) => s[r - 1]! <= max),
          14,
        );
        expect(law.late).toBeCloseTo(
          share((s) => s[0]! >= min),
          14,
        );
        if (r >= 2)
          expect(law.together).toBeCloseTo(
            share((s) => s[r - 1]! - s[0]! <= max - min),
            14,
          );
      }
    }
  });

  it('the four single top lots of Mine d’or all in the first 1 % have chance about 1e-8', () => {
    const law = rareLotsLaw(1_000_000, 4, 100, 9_999);
    expect(law.early).toBeGreaterThan(0.99e-8);
    expect(law.early).toBeLessThan(1.0e-8);
  });

  it('a single rare lot has no range: its position is the statistic, and the words say so', () => {
    const table = (lots: number): PrizeTable => ({
      game: 'les-3-gongs',
      stakeCents: 50,
      blockUnits: 1_000,
      levels: [
        { prizeCents: 300_000, lots },
        { prizeCents: 50, lots: 100 },
      ],
      source: 'test',
    });
    const levels = new Uint8Array(1_000).fill(LOSING_LEVEL);
    levels[417] = 0;
    const one = rareLotsTest(levels, table(1))!;
    expect(one.statisticName).toBe('position');
    expect(one.statistic).toBe(417);
    expect(one.detail).toContain('the single lot of the 1 level with fewer than 5 lots lies in unit 417');
    expect(one.detail).toContain('a single lot has no range');
    expect(one.detail).not.toMatch(/range ≤|P\(all/);
    levels[600] = 0;
    const two = rareLotsTest(levels, table(2))!;
    expect([two.statisticName, two.statistic]).toEqual(['range', 183]);
    expect(two.detail).toContain('the 2 lots of the 1 level with fewer than 5 lots lie in units 417–600');
  });
});
