import { describe, expect, it } from 'vitest';
import { MAX_SEED, SEGMENT_UNITS } from '../../../src-engine/index';
import { planRanges, randomSeed } from './plan';

describe('planRanges', () => {
  it('splits one block so that every worker has work (segment boundaries, R1)', () => {
    const r = planRanges(1_000_000, 1, 2);
    expect(r).toEqual([
      { block: 0, from: 0, to: 500_000 },
      { block: 0, from: 500_000, to: 1_000_000 },
    ]);
    for (const x of r) expect(x.from % SEGMENT_UNITS).toBe(0);
  });
  it('gives one range per block when there are as many blocks as workers or more', () => {
    const r = planRanges(300_000, 20, 2);
    expect(r).toHaveLength(20);
    expect(r.every((x) => x.from === 0 && x.to === 300_000)).toBe(true);
    expect(r.map((x) => x.block)).toEqual([...Array(20).keys()]);
  });
  it('covers every block exactly with 3 blocks on 8 workers, 3 ranges a worker', () => {
    const r = planRanges(300_000, 3, 8);
    expect(r).toHaveLength(24);
    for (let b = 0; b < 3; b++) {
      const mine = r.filter((x) => x.block === b);
      expect(mine).toHaveLength(8);
      expect(mine[0]!.from).toBe(0);
      expect(mine.at(-1)!.to).toBe(300_000);
      mine.slice(1).forEach((x, i) => expect(x.from).toBe(mine[i]!.to));
    }
  });
  it('cuts an odd block count in halves on 2 workers, so that neither waits on the last block', () => {
    const r = planRanges(1_000_000, 3, 2);
    expect(r).toHaveLength(6);
    expect(r.map((x) => [x.block, x.from, x.to])).toEqual([
      [0, 0, 500_000],
      [0, 500_000, 1_000_000],
      [1, 0, 500_000],
      [1, 500_000, 1_000_000],
      [2, 0, 500_000],
      [2, 500_000, 1_000_000],
    ]);
    expect(planRanges(300_000, 100, 12)).toHaveLength(300); // 25 ranges a worker
  });
});

describe('randomSeed', () => {
  it('draws a random seed that any block count keeps valid', () => {
    expect(randomSeed(() => Uint32Array.of(MAX_SEED))).toBeLessThanOrEqual(MAX_SEED - 99);
    const s = randomSeed();
    expect(Number.isInteger(s) && s >= 0 && s <= MAX_SEED - 99).toBe(true);
  });
});
