import { describe, expect, it } from 'vitest';
import { UnitStream } from './mix';

describe('UnitStream draws (R1: integer paths give the same values as the float formula)', () => {
  it('belowSmall(n) equals floor(next() · n / 2^32) for every n up to 32,767', () => {
    const a = new UnitStream();
    const b = new UnitStream();
    const ns = [1, 2, 3, 7, 9, 10, 12, 24, 255, 1000, 4096, 32_766, 32_767];
    for (let seed = 0; seed < 200; seed++) {
      a.reseed(0x2545f491, seed);
      b.reseed(0x2545f491, seed);
      for (const n of ns) {
        const want = Math.floor((a.next() * n) / 4294967296);
        expect(b.belowSmall(n)).toBe(want);
      }
    }
  });

  it('below(n) keeps the same value on both sides of the integer path (n = 32,767 and 32,768)', () => {
    const a = new UnitStream();
    const b = new UnitStream();
    for (const n of [32_767, 32_768, 1_000_000, 2 ** 32]) {
      a.reseed(7, n);
      b.reseed(7, n);
      for (let k = 0; k < 1000; k++) expect(b.below(n)).toBe(Math.floor((a.next() * n) / 4294967296));
    }
  });

  it('draws near the top of the 32-bit range land in the last bucket, never outside [0, n)', () => {
    // a 32-bit draw of 0xfff00000 or more is in the last twelfth: index 11
    const s = new UnitStream();
    const probe = new UnitStream();
    let found = 0;
    for (let i = 0; i < 100_000 && found < 5; i++) {
      probe.reseed(1, i);
      s.reseed(1, i);
      const r = probe.next();
      const j = s.belowSmall(12);
      if (r >= 0xfff00000) {
        expect(j).toBe(11);
        found++;
      }
      expect(j).toBeGreaterThanOrEqual(0);
      expect(j).toBeLessThan(12);
    }
    expect(found).toBe(5);
  });

  it('belowSmall3 draws what three belowSmall calls draw, and leaves the stream where they do', () => {
    const a = new UnitStream();
    const b = new UnitStream();
    const out = new Int32Array(3);
    for (const n of [1, 2, 10, 255, 32_767]) {
      for (let i = 0; i < 2_000; i++) {
        a.reseed(0xdeadbeef, i);
        b.reseed(0xdeadbeef, i);
        a.belowSmall3(n, out);
        expect([out[0], out[1], out[2]]).toEqual([b.belowSmall(n), b.belowSmall(n), b.belowSmall(n)]);
        expect(a.next()).toBe(b.next());
      }
    }
  });

  it('seedsInto then start gives each unit the stream reseed gives it (R2)', () => {
    const seeds = new Int32Array(1_000);
    const a = new UnitStream();
    const b = new UnitStream();
    for (const [key, from] of [
      [0, 0],
      [0xffffffff, 299_000],
      [0x9e3779b9, 2 ** 30 - 1_000],
    ] as const) {
      UnitStream.seedsInto(key, from, seeds);
      for (let k = 0; k < seeds.length; k++) {
        a.start(seeds[k]!);
        b.reseed(key, from + k);
        expect(a.next()).toBe(b.next());
        expect(a.next()).toBe(b.next());
      }
    }
  });
});
