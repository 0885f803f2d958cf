import { describe, expect, it } from 'vitest';
import { InputError, MAX_SEED, formatUnitRef, parseBlockNumber, parseUnitRef } from '../index';

/** The refusal of `text`, in both languages. */
function refusal(...args: Parameters<typeof parseBlockNumber>): { en: string; fr: string } {
  try {
    parseBlockNumber(...args);
  } catch (e) {
    if (e instanceof InputError) return e.text;
    throw e;
  }
  throw new Error(`"${args[0]}" was accepted`);
}

describe('parseBlockNumber: seed and index typed in decimal or as in a reference (R3)', () => {
  it('reads the seed and index parts of a reference as the reference means them', () => {
    const ref = formatUnitRef({
      game: 'mine-d-or',
      stakeCents: 100,
      seed: 123_456_789,
      index: 4_331,
      generatorVersion: 1,
    });
    const [, , seedPart, indexPart] = ref.split('-');
    const parsed = parseUnitRef(ref);
    expect(parseBlockNumber(seedPart!, 'seed')).toEqual({ value: parsed.seed, readAs: 'base32', base32: seedPart });
    expect(parseBlockNumber(indexPart!, 'index', 999_999)).toEqual({
      value: parsed.index,
      readAs: 'base32',
      base32: indexPart,
    });
    expect([seedPart, indexPart]).toEqual(['03NQK8N', '047B']);
    // an all-digit part is read as base 32 only when the user says so
    expect(parseBlockNumber('0471', 'index', 999_999, 'base32').value).toBe(4_321);
  });

  it('reads digits as decimal, with digit grouping, and gives the base-32 form to show', () => {
    expect(parseBlockNumber('123 456 789', 'seed')).toEqual({
      value: 123_456_789,
      readAs: 'decimal',
      base32: '03NQK8N',
    });
    expect(parseBlockNumber('12345', 'seed').base32).toBe('0000C1S');
    expect(parseBlockNumber('0', 'index', 299_999)).toEqual({ value: 0, readAs: 'decimal', base32: '0000' });
  });

  it('accepts lower case and Crockford look-alikes (O → 0, I and L → 1) in base 32', () => {
    expect(parseBlockNumber('0000c1s', 'seed').value).toBe(12_345);
    expect(parseBlockNumber('ozf4', 'index', 999_999).value).toBe(parseBlockNumber('0ZF4', 'index', 999_999).value);
    expect(parseBlockNumber('L', 'index', 10).value).toBe(1);
  });

  it('reads all-digit text as base 32 when the user says so (a reference part may be all digits)', () => {
    // 1 × 32³ + 2 × 32² + 3 × 32 + 4
    expect(parseBlockNumber('0001234', 'seed', MAX_SEED, 'base32')).toEqual({
      value: 34_916,
      readAs: 'base32',
      base32: '0001234',
    });
    expect(parseBlockNumber('0001234', 'seed').value).toBe(1_234);
    expect(parseBlockNumber('1234', 'index', 999_999, 'decimal').value).toBe(1_234);
  });

  it('refuses bad input saying what is wrong and what is expected, in English and French', () => {
    expect(refusal('', 'seed')).toEqual({
      en: 'seed is empty: expected a decimal number from 0 to 4294967295, or at most 7 base-32 characters as in a unit reference (e.g. 3KX9P2A; 0–9 and A–Z without I, L, O, U)',
      fr: 'La graine est vide : attendu un nombre décimal de 0 à 4\u202f294\u202f967\u202f295, ou au plus 7 caractères en base 32 comme dans une référence (ex. 3KX9P2A ; 0–9 et A–Z sauf I, L, O, U)',
    });
    const u = refusal('3KU9', 'seed');
    expect(u.en).toMatch(/^seed "3KU9": "U" is not a base-32 character: expected a decimal number/);
    expect(u.fr).toMatch(/^la graine "3KU9" : "U" n’est pas un caractère de la base 32 : attendu/);
    expect(refusal('12ZZZ', 'index', 999_999).en).toMatch(/^index "12ZZZ" has more than 4 base-32 characters/);
    expect(refusal('1000000', 'index', 999_999)).toMatchObject({
      en: expect.stringMatching(/^index "1000000" is above 999999: /),
      fr: expect.stringMatching(/^l’indice "1000000" dépasse 999\u202f999 : /),
    });
    expect(refusal('4294967296', 'seed').en).toMatch(/is above 4294967295/);
    expect(refusal('99999999999999999999999', 'seed').en).toMatch(/is above 4294967295/);
    expect(refusal('12a', 'seed', MAX_SEED, 'decimal').en).toMatch(/^seed "12a" is not a decimal number/);
    expect(refusal('-5', 'index', 10).en).toMatch(/"-" is not a base-32 character/);
  });
});
