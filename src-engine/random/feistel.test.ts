import { describe, expect, it } from 'vitest';
import { KeyedPermutation } from './feistel';

/** Checks that `p` maps [0, size) onto [0, size) one to one and that `inverse` undoes `forward`. */
function checkBijection(p: KeyedPermutation): void {
  const seen = new Uint8Array(p.size);
  for (let i = 0; i < p.size; i++) {
    const s = p.forward(i);
    if (!(s >= 0 && s < p.size && Number.isInteger(s))) throw new Error(`size ${p.size}: forward(${i}) = ${s}`);
    if (seen[s]) throw new Error(`size ${p.size}: slot ${s} hit twice`);
    seen[s] = 1;
    if (p.inverse(s) !== i) throw new Error(`size ${p.size}: inverse(forward(${i})) = ${p.inverse(s)}`);
  }
}

describe('KeyedPermutation (R2: any single index, both directions)', () => {
  it('is a bijection with an exact inverse for every size from 1 to 5,000', () => {
    for (let size = 1; size <= 5_000; size++) checkBijection(new KeyedPermutation(size, size * 2654435761));
  });

  it('is a bijection under other keys, including at every power of two ± 1', () => {
    const sizes = new Set<number>();
    for (let size = 1_101; size <= 5_000; size += 37) sizes.add(size);
    for (let b = 1; b <= 12; b++) for (const d of [-1, 0, 1]) if (2 ** b + d >= 1) sizes.add(2 ** b + d);
    sizes.add(4_999).add(5_000);
    for (const size of sizes) for (const key of [0, 1, 0xffffffff]) checkBijection(new KeyedPermutation(size, key));
  });

  it.each([300_000, 1_000_000])('is a bijection of the %i units of an official block (bitmap)', (size) => {
    checkBijection(new KeyedPermutation(size, 0x51ed270b));
  });

  it('different keys give different permutations; the same key gives the same one (R1)', () => {
    const size = 300_000;
    const a = new KeyedPermutation(size, 7);
    const b = new KeyedPermutation(size, 8);
    const a2 = new KeyedPermutation(size, 7);
    let same = 0;
    for (let i = 0; i < 10_000; i++) {
      if (a.forward(i) === b.forward(i)) same++;
      expect(a2.forward(i)).toBe(a.forward(i));
    }
    expect(same).toBeLessThan(10); // ~1/300,000 expected by chance for each index
    const sizes = [2, 3, 10, 100, 1000];
    for (const n of sizes) {
      const perms = new Set<string>();
      for (let key = 0; key < 50; key++) {
        const p = new KeyedPermutation(n, key);
        perms.add(Array.from({ length: n }, (_, i) => p.forward(i)).join(','));
      }
      expect(perms.size).toBeGreaterThan(n === 2 ? 1 : n === 3 ? 4 : 45);
    }
  });

  it('does not leave indices in place (it mixes)', () => {
    const p = new KeyedPermutation(1_000_000, 123);
    let fixed = 0;
    let near = 0;
    for (let i = 0; i < 100_000; i++) {
      const s = p.forward(i);
      if (s === i) fixed++;
      if (Math.abs(s - i) < 1_000) near++;
    }
    expect(fixed).toBeLessThan(5);
    expect(near).toBeLessThan(1_000);
  });

  it('forwardRange gives forward() of every index of a range, walks included', () => {
    for (const [size, from, n] of [
      [300_000, 0, 20_000],
      [300_000, 290_000, 10_000],
      [1_000_000, 500_000, 10_000],
      [5, 0, 5],
      [1_025, 100, 925],
    ] as const) {
      const p = new KeyedPermutation(size, size ^ 0x2545f491);
      const out = new Int32Array(n);
      p.forwardRange(from, out, new Int32Array(n));
      for (let k = 0; k < n; k++) expect(out[k]).toBe(p.forward(from + k));
    }
  });

  it('refuses sizes that are not whole numbers from 1 to 2^30', () => {
    for (const bad of [0, -1, 1.5, 2 ** 30 + 1, Number.NaN])
      expect(() => new KeyedPermutation(bad, 1)).toThrow(RangeError);
  });
});
