import { describe, expect, it } from 'vitest';
import { MAX_SEED, SEGMENT_UNITS } from '../../../src-engine/index';
import { checkBlocks, checkSeed, checkSeedSpan, planRanges, randomSeed } from './plan';

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
  it('covers every block exactly with 3 blocks on 8 workers', () => {
    const r = planRanges(300_000, 3, 8);
    for (let b = 0; b < 3; b++) {
      const mine = r.filter((x) => x.block === b);
      expect(mine).toHaveLength(3);
      expect(mine[0]!.from).toBe(0);
      expect(mine.at(-1)!.to).toBe(300_000);
    }
  });
});

describe('input checks', () => {
  it('accepts 0 and the largest seed, refuses letters, negatives and 2^32', () => {
    expect(checkSeed('0')).toEqual({ seed: 0 });
    expect(checkSeed(' 4294967295 ')).toEqual({ seed: MAX_SEED });
    expect(checkSeed('12a')).toMatchObject({ error: { key: 'seedDigits' } });
    expect(checkSeed('-1')).toMatchObject({ error: { key: 'seedDigits' } });
    const big = checkSeed('4294967296');
    expect(big).toMatchObject({ error: { key: 'seedRange', params: { max: MAX_SEED } } });
    // the engine's own message is kept with the error
    expect('error' in big && big.error.engine).toContain('expected a whole number from 0 to 4294967295');
  });
  it('accepts 1 to 100 blocks only', () => {
    expect(checkBlocks('1')).toEqual({ blocks: 1 });
    expect(checkBlocks('100')).toEqual({ blocks: 100 });
    for (const bad of ['0', '101', '2.5', 'x', '']) expect(checkBlocks(bad)).toHaveProperty('error');
  });
  it('refuses a seed whose last block would pass the largest seed', () => {
    expect(checkSeedSpan(MAX_SEED, 1)).toBeNull();
    expect(checkSeedSpan(MAX_SEED, 2)).toMatchObject({ key: 'seedSpan', params: { max: MAX_SEED - 1 } });
  });
  it('draws a random seed that any block count keeps valid', () => {
    expect(randomSeed(() => Uint32Array.of(MAX_SEED))).toBeLessThanOrEqual(MAX_SEED - 99);
    const s = randomSeed();
    expect(Number.isInteger(s) && s >= 0 && s <= MAX_SEED - 99).toBe(true);
  });
});
