import { describe, expect, it } from 'vitest';
import { LOSING_LEVEL } from '../stats/placement-constants';
import { hypergeometricUpper, reuseOfPair, reuseOverEmission } from './permutation-reuse';
import { winnerSketch } from './winner-sketch';

/** A small seeded generator (xorshift32), so each figure below is the same on every run. */
function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
}

/** A block of `units` with `winners` winning units at uniformly drawn places (level 0). */
function fairLevels(units: number, winners: number, r: () => number): Uint8Array {
  const levels = new Uint8Array(units).fill(LOSING_LEVEL);
  const order = Array.from({ length: units }, (_, i) => i);
  for (let i = units - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  for (let i = 0; i < winners; i++) levels[order[i]!] = 0;
  return levels;
}

/** `levels` laid again: mirrored or not, shifted by `shift`, then a share `redrawn` of its winners moved to losing places. */
function reused(levels: Uint8Array, mirror: boolean, shift: number, redrawn: number, r: () => number): Uint8Array {
  const n = levels.length;
  const out = new Uint8Array(n).fill(LOSING_LEVEL);
  for (let i = 0; i < n; i++) if (levels[i] !== LOSING_LEVEL) out[((mirror ? n - 1 - i : i) + shift) % n] = 0;
  const wins = [...out.keys()].filter((i) => out[i] !== LOSING_LEVEL);
  for (const w of wins) {
    if (r() >= redrawn) continue;
    let to = Math.floor(r() * n);
    while (out[to] !== LOSING_LEVEL) to = Math.floor(r() * n);
    out[w] = LOSING_LEVEL;
    out[to] = 0;
  }
  return out;
}

const UNITS = 2000;
const WINNERS = 600;

describe('hypergeometric tail', () => {
  it('equals the sum of the probabilities counted by hand', () => {
    const choose = (n: number, k: number): number => {
      let c = 1;
      for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
      return c;
    };
    for (const x of [0, 3, 5, 8, 10]) {
      let want = 0;
      for (let j = x; j <= 10; j++) want += (choose(12, j) * choose(28, 10 - j)) / choose(40, 10);
      expect(hypergeometricUpper(40, 12, 10, x)).toBeCloseTo(Math.min(1, want), 10);
    }
    expect(hypergeometricUpper(40, 12, 10, 11)).toBe(0);
  });
});

describe('winners at the same, shifted or mirrored positions', () => {
  it('false alarms: 400 pairs of fair blocks (2,000 units, 600 winners) give no pair at p ≤ 1 %', () => {
    const r = rng(7);
    let alarms = 0;
    let smallest = 1;
    for (let t = 0; t < 400; t++) {
      const p = reuseOfPair(winnerSketch(fairLevels(UNITS, WINNERS, r)), winnerSketch(fairLevels(UNITS, WINNERS, r))).p;
      if (p <= 0.01) alarms++;
      smallest = Math.min(smallest, p);
    }
    // Bonferroni over the 2N layouts bounds the rate by 1 %; it is far below (every p is 1 here)
    expect(alarms).toBe(0);
    expect(smallest).toBeGreaterThan(0.01);
  });

  it('finds a block reused as it is, shifted, mirrored, or mirrored and shifted, naming the layout', () => {
    const r = rng(11);
    const a = fairLevels(UNITS, WINNERS, r);
    for (const [mirror, shift] of [
      [false, 0],
      [false, 733],
      [true, 0],
      [true, 1201],
    ] as const) {
      const got = reuseOfPair(winnerSketch(a), winnerSketch(reused(a, mirror, shift, 0, r)));
      // B's unit i lies on A's unit i + shift: the layout that brings A back from B
      const back = mirror ? { mirror: true, shift } : { mirror: false, shift: (UNITS - shift) % UNITS };
      expect(got.shared).toBe(WINNERS);
      expect(got.layout).toEqual(back);
      expect(got.p).toBeLessThan(1e-100);
    }
  });

  it('power: a shifted block with part of its winners redrawn is found as often as measured', () => {
    const r = rng(13);
    const rate = (redrawn: number): number => {
      let found = 0;
      for (let t = 0; t < 40; t++) {
        const a = fairLevels(UNITS, WINNERS, r);
        const b = reused(a, t % 2 === 1, Math.floor(r() * UNITS), redrawn, r);
        if (reuseOfPair(winnerSketch(a), winnerSketch(b)).p <= 0.01) found++;
      }
      return found / 40;
    };
    // measured (seeded, 40 pairs each): every pair up to 30 % of the winners redrawn, about 8 in 10
    // at half (the shift is found from the runs of winners left whole), next to none from 70 % on
    expect(rate(0)).toBe(1);
    expect(rate(0.3)).toBe(1);
    expect(rate(0.5)).toBeGreaterThanOrEqual(0.6);
    expect(rate(0.9)).toBeLessThanOrEqual(0.1);
  });

  it('Holm over an emission: one reused pair among fair blocks is the only finding; other tables are not paired', () => {
    const r = rng(17);
    const blocks = Array.from({ length: 8 }, () => fairLevels(UNITS, WINNERS, r));
    blocks.push(reused(blocks[2]!, true, 99, 0, r));
    const sketches = blocks.map((l, i) => ({ group: i === 5 ? 'other' : 'one', sketch: winnerSketch(l) }));
    const e = reuseOverEmission([...sketches, null]);
    expect(e.pairs).toBe(28);
    expect(e.findings.map((f) => [f.a, f.b])).toEqual([[2, 8]]);
  });
});
