import { describe, expect, it } from 'vitest';
import { add, ceil, compare, decimalOf, floor, fraction, round, sub, times } from './exact';

describe('exact fractions', () => {
  it('reads a double as the decimal it is written as, never its binary expansion', () => {
    expect(decimalOf(0.7)).toEqual({ num: 7n, den: 10n });
    expect(decimalOf(0.1950000000005)).toEqual({ num: 1950000000005n, den: 10n ** 13n });
    expect(decimalOf(1e-7)).toEqual({ num: 1n, den: 10n ** 7n });
    expect(decimalOf(1.5e21)).toEqual({ num: 15n * 10n ** 20n, den: 1n });
    // 0.7 − 0.0001 is 0.6999 exactly, whatever the double subtraction gives
    expect(compare(sub(decimalOf(0.7), decimalOf(0.0001)), decimalOf(0.6999))).toBe(0);
  });

  it('floors, ceils and rounds with no epsilon', () => {
    const h = times(decimalOf(0.1950000000005), 1_000_000); // 195 000.0000005
    expect([floor(h), ceil(h)]).toEqual([195_000, 195_001]);
    expect([floor(fraction(-3, 2)), ceil(fraction(-3, 2))]).toEqual([-2, -1]);
    expect([floor(fraction(6, 3)), ceil(fraction(6, 3))]).toEqual([2, 2]);
    expect([round(fraction(5, 2)), round(fraction(7, 3))]).toEqual([3, 2]);
    expect(compare(add(fraction(1, 3), fraction(1, 6)), fraction(1, 2))).toBe(0);
  });
});
