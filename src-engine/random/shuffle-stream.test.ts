import { chacha20 } from '@noble/ciphers/chacha.js';
import { describe, expect, it } from 'vitest';
import { ShuffleStream } from './shuffle-stream';

const words = (s: ShuffleStream, n: number): number[] => Array.from({ length: n }, () => s.next());

describe('ShuffleStream', () => {
  it('is the ChaCha20 keystream of its seed and trial, across the chunks it makes at a time', () => {
    const s = new ShuffleStream();
    s.reseed(7, 3);
    const got = words(s, 40_000); // 2.4 chunks of 16,384 words
    const key = new Uint8Array(32);
    const view = new DataView(key.buffer);
    view.setUint32(0, 7, true);
    view.setUint32(4, 3, true);
    view.setUint32(8, 0x4c414343, true);
    const stream = chacha20(key, new Uint8Array(12), new Uint8Array(40_000 * 4));
    const expected = Array.from(new Uint32Array(stream.buffer, stream.byteOffset, 40_000));
    expect(got).toEqual(expected);
  });

  it('starts again from its first word on reseed, and another trial or seed draws other words', () => {
    const s = new ShuffleStream();
    s.reseed(1, 0);
    const first = words(s, 20_000);
    s.reseed(1, 0);
    expect(words(s, 20_000)).toEqual(first);
    s.reseed(1, 1);
    const otherTrial = words(s, 8);
    s.reseed(2, 0);
    const otherSeed = words(s, 8);
    expect(otherTrial).not.toEqual(first.slice(0, 8));
    expect(otherSeed).not.toEqual(first.slice(0, 8));
    expect(otherSeed).not.toEqual(otherTrial);
  });

  it('below(n) is each of 0 … n − 1 equally often, within a χ² bound, and never n', () => {
    const s = new ShuffleStream();
    s.reseed(11, 0);
    for (const n of [1, 2, 6, 1_000_001, 3 * 2 ** 30]) {
      const draws = 60_000;
      const bins = Math.min(n, 6);
      const counts = new Array<number>(bins).fill(0);
      let outside = 0;
      for (let i = 0; i < draws; i++) {
        const x = s.below(n);
        if (!(x >= 0 && x < n && Number.isInteger(x))) outside++;
        else counts[Math.floor((x * bins) / n)]!++;
      }
      expect(outside).toBe(0);
      // χ² with bins − 1 ≤ 5 df: 20.5 is its 0.999 quantile at 5 df (seeded: the same draws each run)
      const e = draws / bins;
      const chi2 = counts.reduce((a, c) => a + (c - e) ** 2 / e, 0);
      expect(chi2).toBeLessThan(20.5);
    }
  });
});
