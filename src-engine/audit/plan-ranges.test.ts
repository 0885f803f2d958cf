import { describe, expect, it } from 'vitest';
import { MAX_SEED, randomSeed } from '../block/spec';
import { SEGMENT_UNITS, planRanges } from './segments';
import type { PlannedRange } from './segments';

describe('planRanges', () => {
  /** Every block covered once, in order, by ranges on segment boundaries (R1). */
  const expectCovered = (r: readonly PlannedRange[], units: number, blocks: number): void => {
    for (let b = 0; b < blocks; b++) {
      const mine = r.filter((x) => x.block === b);
      expect(mine[0]!.from).toBe(0);
      expect(mine.at(-1)!.to).toBe(units);
      mine.slice(1).forEach((x, i) => expect(x.from).toBe(mine[i]!.to));
      for (const x of mine) expect(x.from % SEGMENT_UNITS).toBe(0);
    }
  };
  it('cuts one block into 8 ranges a worker on 2 workers, on segment boundaries (R1)', () => {
    const r = planRanges(1_000_000, 1, 2);
    expect(r).toHaveLength(16);
    expectCovered(r, 1_000_000, 1);
  });
  it('gives whole blocks to one worker', () => {
    expect(planRanges(1_000_000, 3, 1)).toEqual([0, 1, 2].map((block) => ({ block, from: 0, to: 1_000_000 })));
  });
  it('gives one range per block once there are 8 blocks a worker or more', () => {
    const r = planRanges(300_000, 20, 2);
    expect(r).toHaveLength(20);
    expect(r.every((x) => x.from === 0 && x.to === 300_000)).toBe(true);
    expect(r.map((x) => x.block)).toEqual([...Array(20).keys()]);
  });
  it('never cuts a block finer than its segments: one Les 3 Gongs block on 8 workers', () => {
    // 64 ranges would be wanted; the block has 30 segments
    const r = planRanges(300_000, 1, 8);
    expect(r).toHaveLength(30);
    expectCovered(r, 300_000, 1);
    // 3 blocks on 8 workers: 24 ranges a block, 9 a worker
    expect(planRanges(300_000, 3, 8)).toHaveLength(72);
    expectCovered(planRanges(300_000, 3, 8), 300_000, 3);
  });
  it('cuts an odd block count so that both workers get as many ranges', () => {
    const r = planRanges(1_000_000, 3, 2);
    expect(r).toHaveLength(18);
    expectCovered(r, 1_000_000, 3);
    expect(planRanges(300_000, 100, 12)).toHaveLength(300); // 25 ranges a worker
  });
});

describe('randomSeed', () => {
  it('draws a random seed that any block count keeps valid', () => {
    expect(randomSeed(100, () => Uint32Array.of(MAX_SEED))).toBeLessThanOrEqual(MAX_SEED - 99);
    expect(randomSeed(1, () => Uint32Array.of(MAX_SEED))).toBe(MAX_SEED);
    const s = randomSeed(100);
    expect(Number.isInteger(s) && s >= 0 && s <= MAX_SEED - 99).toBe(true);
  });
});
