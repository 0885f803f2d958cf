import { describe, expect, it } from 'vitest';
import { MIN_RANGES_PER_WORKER, SEGMENT_UNITS, partsPerBlock, splitOnSegments } from './segments';

describe('partsPerBlock', () => {
  it('gives every worker the same number of ranges, at least MIN_RANGES_PER_WORKER of them', () => {
    for (const workers of [2, 3, 4, 8, 12])
      for (let blocks = 1; blocks <= 120; blocks++) {
        const parts = partsPerBlock(blocks, workers);
        expect(Number.isInteger(parts)).toBe(true);
        expect((blocks * parts) % workers).toBe(0);
        expect((blocks * parts) / workers).toBeGreaterThanOrEqual(MIN_RANGES_PER_WORKER);
        // and no more parts than needed: whole blocks once there are enough of them
        if (blocks % workers === 0 && blocks >= MIN_RANGES_PER_WORKER * workers) expect(parts).toBe(1);
      }
    expect(partsPerBlock(1, 2)).toBe(16);
    expect(partsPerBlock(3, 2)).toBe(6);
    expect(partsPerBlock(4, 2)).toBe(4);
    expect(partsPerBlock(20, 2)).toBe(1);
    expect(partsPerBlock(100, 12)).toBe(3);
  });
  it('gives one worker whole blocks', () => {
    for (const blocks of [1, 3, 4, 100]) expect(partsPerBlock(blocks, 1)).toBe(1);
  });
  it('never cuts a block into more parts than it has segments (R1: ranges end on segments)', () => {
    expect(partsPerBlock(1, 2, 30)).toBe(16);
    expect(partsPerBlock(1, 8, 30)).toBe(30);
    expect(partsPerBlock(1, 8, 0)).toBe(1);
  });
});

describe('splitOnSegments', () => {
  it('cuts on segment boundaries and covers the block', () => {
    const r = splitOnSegments(300_000, 4);
    expect(r[0]!.from).toBe(0);
    expect(r.at(-1)!.to).toBe(300_000);
    r.forEach((x, i) => {
      expect(x.from % SEGMENT_UNITS).toBe(0);
      if (i > 0) expect(x.from).toBe(r[i - 1]!.to);
    });
  });
});
