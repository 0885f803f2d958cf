import { describe, expect, it } from 'vitest';
import { dft, maxExponentialUpper, spectralTest } from './spectral';
import { scaleChiSquare } from './scales';
import { residuesChiSquare } from './periodicity';
import { segmentsTest } from './placement-tests';
import { LOSING_LEVEL, winnerIndices } from './placement-constants';
import { UnitStream } from '../random/mix';

function randomBlock(n: number, w: number, seed: number): Uint8Array {
  const levels = new Uint8Array(n).fill(LOSING_LEVEL);
  levels.fill(0, 0, w);
  const rng = new UnitStream();
  rng.reseed(seed, 0);
  for (let i = n - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    const t = levels[i]!;
    levels[i] = levels[j]!;
    levels[j] = t;
  }
  return levels;
}

describe('periodicity and clustering tests', () => {
  it('Bluestein’s DFT equals the direct sum at lengths that are no power of two', () => {
    for (const m of [7, 100, 625, 1_000]) {
      const x = Array.from({ length: m }, (_, j) => Math.sin(j * 1.7) + (j % 3));
      const y = dft(x);
      for (const k of [0, 1, 2, Math.floor(m / 3), m - 1]) {
        let re = 0;
        let im = 0;
        for (let j = 0; j < m; j++) {
          re += x[j]! * Math.cos((2 * Math.PI * j * k) / m);
          im -= x[j]! * Math.sin((2 * Math.PI * j * k) / m);
        }
        expect(y[2 * k]!).toBeCloseTo(re, 8);
        expect(y[2 * k + 1]!).toBeCloseTo(im, 8);
      }
    }
  });

  it('the largest of K Exp(1) ordinates: P(max ≥ t) = 1 − (1 − e^−t)^K', () => {
    expect(maxExponentialUpper(Math.log(2), 1)).toBeCloseTo(0.5, 14);
    // far in the tail: K·e^−t − C(K, 2)·e^−2t to 1e-9 relative
    const k = 31_249;
    const series = k * Math.exp(-20) - ((k * (k - 1)) / 2) * Math.exp(-40);
    expect(Math.abs(maxExponentialUpper(20, k) / series - 1)).toBeLessThan(1e-9);
  });

  it('500-unit windows alternately hot and cold are one frequency far above the others', () => {
    const n = 200_000;
    const levels = randomBlock(n, 40_000, 3);
    expect(spectralTest(winnerIndices(levels), n)!.pass).toBe(true);
    // move 6 % of the winners of each cold window into the hot one before it
    const rng = new UnitStream();
    rng.reseed(4, 0);
    for (let s = 500; s < n; s += 1_000)
      for (let i = s; i < s + 500; i++)
        if (levels[i] !== LOSING_LEVEL && rng.next() / 4294967296 < 0.06) {
          const j = s - 500 + rng.below(500);
          if (levels[j] === LOSING_LEVEL) [levels[i], levels[j]] = [levels[j]!, levels[i]!];
        }
    const t = spectralTest(winnerIndices(levels), n)!;
    expect(t.pValue).toBeLessThan(1e-10);
    expect(t.where!.period).toBeCloseTo(1_000, 6);
  });

  it('winners favoured at even indices leave residue 0 modulo 2 in excess', () => {
    const n = 100_000;
    const levels = randomBlock(n, 20_000, 5);
    for (let i = 1, moved = 0; i < n && moved < 600; i += 2)
      if (levels[i] !== LOSING_LEVEL && levels[i - 1] === LOSING_LEVEL) {
        levels[i - 1] = levels[i]!;
        levels[i] = LOSING_LEVEL;
        moved++;
      }
    const r = residuesChiSquare(winnerIndices(levels), n, 2);
    expect(r.p).toBeLessThan(1e-6);
    expect(r.residue).toBe(0);
  });

  it('an exact quota of winners per window is caught in the lower tail, two-sided (χ² ≈ 0 on 99 df: p ≈ 1e-170)', () => {
    const n = 1_000_000;
    const levels = new Uint8Array(n).fill(LOSING_LEVEL);
    // 2 winners in every 10 units: every window of 10,000 holds exactly 2,000
    for (let i = 0; i < n; i += 10) levels[i + 3] = levels[i + 7] = 0;
    const seg = segmentsTest(levels);
    expect(seg.statistic).toBe(0);
    expect(seg.pass).toBe(false);
    const scale = scaleChiSquare(winnerIndices(levels), n, 1_000)!;
    expect(scale.tooEven).toBe(true);
    expect(scale.p).toBeLessThan(1e-100);
    // near zero but not zero: one winner moved from the first segment to the second gives
    // χ² ≈ 0.00125 on 99 df, whose lower tail (about 1e-222) is still a number, not 0
    const near = Uint8Array.from(levels);
    near[3] = LOSING_LEVEL;
    near[10_004] = 0;
    const p = segmentsTest(near).pValue;
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1e-150);
  });
});
