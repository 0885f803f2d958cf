import { describe, expect, it } from 'vitest';
import { isSingular, plural } from './plural';

describe('plural', () => {
  it('takes the French singular for 0 and 1, the plural from 2', () => {
    expect([0, 1, 2, 1_000].map((n) => `${n} ${plural(n, 'fr', 'niveau', 'niveaux')}`)).toEqual([
      '0 niveau',
      '1 niveau',
      '2 niveaux',
      '1000 niveaux',
    ]);
    expect(isSingular(1.5, 'fr')).toBe(true);
  });

  it('takes the English singular for 1 only', () => {
    expect([0, 1, 2].map((n) => `${n} ${plural(n, 'en', 'unit', 'units')}`)).toEqual(['0 units', '1 unit', '2 units']);
  });
});
