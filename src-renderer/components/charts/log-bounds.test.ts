import { describe, expect, it } from 'vitest';
import { logAxisBounds } from './log-bounds';

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
