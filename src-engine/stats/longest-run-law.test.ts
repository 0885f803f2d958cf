import { describe, expect, it } from 'vitest';
import { longestRunAbove, longestRunAtMost, longestRunP } from './longest-run-law';

/** The law of the longest losing run by enumerating every placement of w winners among n units. */
function enumerated(n: number, w: number): number[] {
  const counts = new Array<number>(n + 1).fill(0);
  let total = 0;
  for (let mask = 0; mask < 1 << n; mask++) {
    let bits = 0;
    for (let m = mask; m; m &= m - 1) bits++;
    if (bits !== w) continue;
    let longest = 0;
    let cur = 0;
    for (let i = 0; i < n; i++) {
      if (mask & (1 << i)) cur = 0;
      else longest = Math.max(longest, ++cur);
    }
    counts[longest]!++;
    total++;
  }
  return counts.map((c) => c / total);
}

describe('exact law of the longest losing run of a fixed-count block', () => {
  it('equals the law enumerated over every placement of small blocks', () => {
    for (const [n, w] of [
      [12, 3],
      [14, 5],
      [16, 8],
      [15, 1],
      [13, 12],
    ] as const) {
      const law = enumerated(n, w);
      for (let L = 0; L <= n - w; L++) {
        const above = law.slice(L + 1).reduce((a, b) => a + b, 0);
        expect(longestRunAbove(n, w, L).p).toBeCloseTo(above, 13);
        // the lower tail within its stated rounding bound (at most a few 1e-13 here)
        expect(longestRunAtMost(n, w, L)).toBeCloseTo(1 - above, 11);
      }
    }
  });

  it('the randomised p-value is exactly uniform: P(p ≤ a) = a over the law and U', () => {
    const n = 16;
    const w = 5;
    const law = enumerated(n, w);
    for (const a of [0.01, 0.2]) {
      // for each t, P(p ≤ a) over U uniform, by a fine grid of U
      let total = 0;
      const grid = 4_000;
      law.forEach((pt, t) => {
        if (pt === 0) return;
        let hits = 0;
        for (let k = 0; k < grid; k++) if (longestRunP(n, w, t, (k + 0.5) / grid).p <= a) hits++;
        total += (pt * hits) / grid;
      });
      expect(total).toBeCloseTo(a, 3);
    }
  });

  it('a block spread too evenly is seen far in the lower tail, with a bound from above', () => {
    // 200,000 winners among 1,000,000 units with no losing run longer than 4: a lattice
    const atMost = longestRunAtMost(1_000_000, 200_000, 4);
    expect(atMost).toBeGreaterThanOrEqual(0);
    expect(atMost).toBeLessThan(1e-100);
    const r = longestRunP(1_000_000, 200_000, 4, 0.5);
    expect(r.p).toBeLessThan(1e-100);
    // the usual range of a fair block (about 55 expected) is not in either tail
    expect(longestRunP(1_000_000, 200_000, 55, 0.5).p).toBeGreaterThan(0.05);
  });
});
