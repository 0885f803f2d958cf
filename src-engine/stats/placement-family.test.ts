import { describe, expect, it } from 'vitest';
import { blockPlacementP, holmOverSet, setFalseAlarms } from './placement-family';
import { UnitStream } from '../random/mix';

describe('family-wise error over the tests of a block and the blocks of a set', () => {
  it('a block’s overall p is m·min p, capped at 1', () => {
    expect(blockPlacementP([0.5, 0.001, 0.2])).toBeCloseTo(0.003, 12);
    expect(blockPlacementP([0.9, 0.8])).toBe(1);
    expect(blockPlacementP([])).toBe(1);
  });

  it('Holm over a set: the textbook step-down (adjusted p monotone, in the given order)', () => {
    const d = holmOverSet([0.04, 0.001, 0.03, 0.5], 0.05);
    // sorted 0.001·4, 0.03·3, 0.04·2, 0.5·1 → 0.004, 0.09, 0.09, 0.5
    expect(d.adjusted.map((x) => Number(x.toFixed(6)))).toEqual([0.09, 0.004, 0.09, 0.5]);
    expect(d.rejected).toEqual([false, true, false, false]);
  });

  it('20 fair blocks judged together: false alarms under 1 % (40,000 simulated sets of uniform block p-values)', () => {
    // a fair block's overall p is uniform or larger (Bonferroni): the worst case is uniform
    const rng = new UnitStream();
    rng.reseed(7, 0);
    const ps = Float64Array.from({ length: 800_000 }, () => (rng.next() + 0.5) / 4294967296);
    const { sets, alarms } = setFalseAlarms(ps, 20);
    expect(sets).toBe(40_000);
    // 1 − (1 − 0.01/20)^20 = 0.995 % for uniform p-values; the 99 % interval of 40,000 sets
    expect(alarms / sets).toBeLessThan(0.0112);
    expect(alarms / sets).toBeGreaterThan(0.0087);
    // each block judged alone at 1 % instead: 1 − 0.99^20 = 18 %
    let alone = 0;
    for (let s = 0; s < sets; s++) if (Array.from(ps.subarray(s * 20, s * 20 + 20)).some((p) => p < 0.01)) alone++;
    expect(alone / sets).toBeGreaterThan(0.17);
  });
});
