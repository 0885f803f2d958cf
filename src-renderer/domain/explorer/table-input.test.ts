import { describe, expect, it } from 'vitest';
import { readLots } from './table-input';

describe('a number of lots as typed', () => {
  it.each([
    ['20000', 'fr', 20_000],
    ['20 000', 'fr', 20_000],
    ['20\u00a0000', 'fr', 20_000],
    ['20\u202f000', 'fr', 20_000],
    ['1 000 000', 'fr', 1_000_000],
    ['20 000,00', 'fr', 20_000],
    [' 75 000 ', 'fr', 75_000],
    ['1,5', 'fr', 1.5],
    ['-3', 'fr', -3],
    ['20,000', 'en', 20_000],
    ['20,000.00', 'en', 20_000],
    ['20\u202f000', 'en', 20_000],
    ['1.5', 'en', 1.5],
  ] as const)('« %s » in %s is %d', (text, lang, n) => {
    expect(readLots(text, lang)).toBe(n);
  });

  it.each([
    ['2 0', 'fr'],
    ['20 00', 'fr'],
    ['1,5', 'en'],
    ['20,00', 'en'],
    ['abc', 'fr'],
    ['', 'en'],
  ] as const)('« %s » in %s is unreadable, never read another way', (text, lang) => {
    expect(readLots(text, lang)).toBeNaN();
  });
});
