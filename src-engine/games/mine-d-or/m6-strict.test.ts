import { describe, expect, it } from 'vitest';
import { explainUnit, iterateUnits, officialBlock, prepareGame } from '../../index';
import { m6Amounts } from './presentations';

/** Per M6 level: units seen, and units showing one combination only (necessarily doubled on a line). */
function singleGainUnits(strict: boolean): Map<number, { units: number; single: number }> {
  const spec = officialBlock('mine-d-or', 50, 11, 2, strict);
  const m6 = m6Amounts(50);
  const out = new Map(m6.map((a) => [a, { units: 0, single: 0 }]));
  iterateUnits(spec, 0, spec.table.blockUnits, (_i, prize, view) => {
    const row = out.get(prize);
    if (!row) return;
    const e = explainUnit('mine-d-or', 50, view);
    expect(e.lotCents).toBe(prize);
    row.units++;
    if (e.gains.length === 1) {
      expect(e.gains[0]!.line).toBeGreaterThanOrEqual(0); // art. 3, 4.5: no symbol pays these lots unaligned
      row.single++;
    }
  });
  return out;
}

describe('M6: the strict reading of art. 3 (10 € and 1 € lots, 0.50 € table)', () => {
  it('art. 3: the M6 lots are 10 € and 1 € at 0.50 €, 20 € and 2 € at 1 €, 40 € and 4 € at 2 €', () => {
    expect(m6Amounts(50)).toEqual([1_000, 100]);
    expect(m6Amounts(100)).toEqual([2_000, 200]);
    expect(m6Amounts(200)).toEqual([4_000, 400]);
  });

  it('M6 strict: over a whole 0.50 € block, no 10 € or 1 € unit shows a single doubled combination', () => {
    const strict = singleGainUnits(true);
    expect(strict.get(1_000)).toEqual({ units: 20_000, single: 0 });
    expect(strict.get(100)).toEqual({ units: 75_000, single: 0 });
  });

  it('M6 default reading: the same block shows some as one combination doubled (the test is not vacuous)', () => {
    const loose = singleGainUnits(false);
    expect(loose.get(1_000)!.single).toBeGreaterThan(0);
    expect(loose.get(100)!.single).toBeGreaterThan(0);
  });

  it('M6 strict: every level of every stake stays reachable (M4) and other levels keep their presentations', () => {
    for (const stake of [50, 100, 200] as const) {
      const strict = prepareGame(officialBlock('mine-d-or', stake, 1, 2, true));
      expect(strict.unreachable).toEqual([]);
    }
  });
});
