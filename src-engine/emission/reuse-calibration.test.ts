/**
 * The calibration of the reuse check on Les 3 Gongs blocks (300,000 units: the size the check
 * meets in an emission): a reused block keeps the table's counts; the stated strength is caught in
 * 19 of 20 trials at least; fair emissions raise no reuse alarm and one reused pair raises one.
 */
import { describe, expect, it } from 'vitest';
import { UnitStream } from '../random/mix';
import { officialTable } from '../rules/load';
import { shuffleInPlace, sortedLevels } from '../stats/calibration';
import { LOSING_LEVEL } from '../stats/placement-constants';
import { EmissionAlarmCounter, REUSE_PLAN, reusedLevels, reusePower } from './reuse-calibration';

const table = officialTable('les-3-gongs', 50);
const counts = (l: Uint8Array): number[] => {
  const c = new Array<number>(256).fill(0);
  for (const x of l) c[x]!++;
  return c;
};
function fair(seed: number, t: number): Uint8Array {
  const rng = new UnitStream();
  rng.reseed(seed, t);
  const l = sortedLevels(table);
  shuffleInPlace(l, rng);
  return l;
}

describe('a block laid again', () => {
  it('shifted or mirrored, every winner where the layout puts it; redrawn, the counts kept', () => {
    const a = fair(1, 0);
    const n = a.length;
    const rng = new UnitStream();
    rng.reseed(2, 0);
    const shifted = reusedLevels(a, false, 17, 0, rng);
    const mirrored = reusedLevels(a, true, 17, 0, rng);
    for (const i of [0, 1, 999, n - 1]) {
      expect(shifted[(i + 17) % n]).toBe(a[i]);
      expect(mirrored[(n - 1 - i + 17) % n]).toBe(a[i]);
    }
    const half = reusedLevels(a, false, 17, 0.5, rng);
    expect(counts(half)).toEqual(counts(a));
    let kept = 0;
    let winners = 0;
    for (let i = 0; i < n; i++)
      if (a[i] !== LOSING_LEVEL) {
        winners++;
        if (half[(i + 17) % n] === a[i]) kept++;
      }
    // about half the winners stay where the shift puts them (a few moved land on a kept place's level)
    expect(kept / winners).toBeGreaterThan(0.45);
    expect(kept / winners).toBeLessThan(0.56);
  });
});

describe('the power of the reuse check', () => {
  for (const plan of REUSE_PLAN)
    it(`${plan.bias}: its stated strength (${plan.strengths[0]}) caught in at least 19 of 20 emissions of 20 blocks`, () => {
      const r = reusePower(table, { trials: 20, seed: 1, bias: plan.bias, strength: plan.strengths[0]!, setSize: 20 });
      expect(r.detected).toBeGreaterThanOrEqual(19);
    });

  it('a block with nearly all its winners moved is a fair block: next to never caught', () => {
    const r = reusePower(table, { trials: 10, seed: 1, bias: 'reused-shifted', strength: 0.98, setSize: 20 });
    expect(r.detected).toBeLessThanOrEqual(1);
  });
});

describe('false alarms over emissions', () => {
  it('fair emissions: no reuse alarm; one reused pair: one, beside the placement family', () => {
    const counter = new EmissionAlarmCounter(5);
    for (let t = 0; t < 9; t++) counter.add(fair(3, t));
    const rng = new UnitStream();
    rng.reseed(4, 0);
    counter.add(reusedLevels(fair(3, 5), true, 1234, 0.2, rng));
    // the last block alone makes no emission of 5
    counter.add(fair(3, 99));
    const blockP = Array.from({ length: 11 }, (_, i) => (i === 2 ? 1e-6 : 0.5));
    expect(counter.result(blockP)).toEqual({ sets: 2, placement: 1, reuse: 1, either: 2 });
  });
});
