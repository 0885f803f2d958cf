import { describe, expect, it } from 'vitest';
import { dodgeLog, logAxisBounds } from './log-bounds';

describe('logAxisBounds', () => {
  it('puts the smallest and largest values strictly inside the axis (1 in 300,000 and 0.133)', () => {
    const { min, max } = logAxisBounds([1 / 300_000, 0.0133, 0.133]);
    expect(min).toBeCloseTo(1e-6, 12);
    expect(max).toBeCloseTo(1, 12);
    expect(min!).toBeLessThan(1 / 300_000);
  });

  it('a value that is a power of ten is not left on the edge either', () => {
    const { min, max } = logAxisBounds([1e-5, 0.1]);
    expect(min).toBeCloseTo(1e-6, 12);
    expect(max).toBeCloseTo(1, 12);
  });

  it('amounts from 0,50 € to 6 000 € span 0.1 to 10,000', () => {
    const { min, max } = logAxisBounds([0.5, 3, 6000]);
    expect(min).toBeCloseTo(0.1, 12);
    expect(max).toBeCloseTo(10_000, 9);
  });

  it('no positive value: Chart.js chooses', () => {
    expect(logAxisBounds([])).toEqual({});
    expect(logAxisBounds([0, -1, Number.NaN])).toEqual({});
  });
});

describe('dodgeLog: equal points of several series side by side', () => {
  it('spreads four series around the true value, in order, by equal steps in decades', () => {
    const xs = [0, 1, 2, 3].map((i) => dodgeLog(100, i, 4));
    expect(xs[0]!).toBeLessThan(xs[1]!);
    expect(xs[2]!).toBeLessThan(xs[3]!);
    expect(Math.sqrt(xs[1]! * xs[2]!)).toBeCloseTo(100, 9); // centred
    expect(Math.log10(xs[3]! / xs[2]!)).toBeCloseTo(0.035, 9);
    expect(dodgeLog(100, 0, 1)).toBe(100); // one series stays where it is
  });
});
