import { describe, expect, it } from 'vitest';
import { formatEuros, formatPercent, parseEuros } from '../index';

describe('money is whole cents; formatting is the only place it becomes text', () => {
  it('French: 750000 cents is « 7 500,00 € » with a narrow no-break space and a no-break space', () => {
    expect(formatEuros(750_000)).toBe('7\u202f500,00\u00a0€');
    expect(formatEuros(750_000, 'fr')).toBe('7\u202f500,00\u00a0€');
    expect(formatEuros(0)).toBe('0,00\u00a0€');
    expect(formatEuros(50)).toBe('0,50\u00a0€');
    expect(formatEuros(5)).toBe('0,05\u00a0€');
    expect(formatEuros(140_000_000)).toBe('1\u202f400\u202f000,00\u00a0€');
    expect(formatEuros(99_999)).toBe('999,99\u00a0€');
  });

  it('English: €7,500.00', () => {
    expect(formatEuros(750_000, 'en')).toBe('€7,500.00');
    expect(formatEuros(140_000_000, 'en')).toBe('€1,400,000.00');
    expect(formatEuros(1, 'en')).toBe('€0.01');
  });

  it('negatives carry the sign before the amount', () => {
    expect(formatEuros(-750_000)).toBe('-7\u202f500,00\u00a0€');
    expect(formatEuros(-5, 'en')).toBe('-€0.05');
  });

  it('refuses amounts that are not whole cents', () => {
    for (const bad of [0.5, 1.25, Number.NaN, Infinity, -Infinity, 2 ** 53])
      expect(() => formatEuros(bad)).toThrow(RangeError);
  });

  it.each([
    ['7 500,00', 750_000],
    ['7\u202f500,00\u00a0€', 750_000],
    ['7500.5', 750_050],
    ['7500.50', 750_050],
    ['0,50 €', 50],
    ['0.5', 50],
    ['1', 100],
    ['2 €', 200],
    ['3000', 300_000],
    ['0', 0],
  ] as const)('parseEuros(%j) = %i cents', (text, cents) => {
    expect(parseEuros(text)).toBe(cents);
  });

  it.each(['', 'abc', '1,234,5', '0.505', '-1', '1e3', '€', '1.2.3', '12a', '.5', '  2 € ', ' 5', '+1', '0x10'])(
    'parseEuros(%j) refuses it (null)',
    (text) => {
      expect(parseEuros(text)).toBeNull();
    },
  );

  it('round-trips every French-formatted amount of the tables', () => {
    for (const c of [50, 100, 200, 400, 1_000, 3_750_00, 750_000, 3_000_000])
      expect(parseEuros(formatEuros(c))).toBe(c);
  });

  it('percentages with 3 decimals: 70,000 % and 69.993%', () => {
    expect(formatPercent(0.7)).toBe('70,000\u00a0%');
    expect(formatPercent(0.69993, 'en')).toBe('69.993%');
  });
});
