import { describe, expect, it } from 'vitest';
import { SEGMENT_UNITS, partsPerBlock, splitOnSegments } from './segments';

describe('partsPerBlock', () => {
  it('gives every worker the same number of ranges', () => {
    for (const workers of [1, 2, 3, 4, 8, 12])
      for (let blocks = 1; blocks <= 40; blocks++) {
        const parts = partsPerBlock(blocks, workers);
        expect(Number.isInteger(parts)).toBe(true);
        expect((blocks * parts) % workers).toBe(0);
        // and no more parts than needed: whole blocks when they share out evenly
        if (blocks % workers === 0) expect(parts).toBe(1);
      }
    expect(partsPerBlock(1, 2)).toBe(2);
    expect(partsPerBlock(3, 2)).toBe(2);
    expect(partsPerBlock(100, 12)).toBe(3);
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
