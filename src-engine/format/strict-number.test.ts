import { describe, expect, it } from 'vitest';
import { readStrictNumber, strictNumberProblem } from './strict-number';

const whole = { min: 0, max: 1000 };

describe('readStrictNumber', () => {
  it('reads plain digits inside the range', () => {
    expect(readStrictNumber('0', whole)).toEqual({ ok: true, value: 0 });
    expect(readStrictNumber('1000', whole)).toEqual({ ok: true, value: 1000 });
  });

  it('refuses every other reading of a whole number', () => {
    const reasons = Object.fromEntries(
      ['', ' 5', '5 ', '\t5', '0x10', '1e3', '+1', '-1', '1.0', '1,5', '٣', 'Infinity', 'NaN', '1_000', '1001'].map(
        (t) => {
          const r = readStrictNumber(t, whole);
          return [t, r.ok ? r.value : r.reason];
        },
      ),
    );
    expect(reasons).toEqual({
      '': 'empty',
      ' 5': 'spaces',
      '5 ': 'spaces',
      '\t5': 'spaces',
      '0x10': 'syntax',
      '1e3': 'syntax',
      '+1': 'syntax',
      '-1': 'syntax',
      '1.0': 'syntax',
      '1,5': 'syntax',
      '٣': 'syntax',
      Infinity: 'syntax',
      NaN: 'syntax',
      '1_000': 'syntax',
      '1001': 'range',
    });
  });

  it('decimals: a point (a comma where the form allows it), finite, with an exclusive minimum', () => {
    const share = { min: 0, max: 1, integer: false, minExclusive: true };
    expect(readStrictNumber('0.5', share)).toEqual({ ok: true, value: 0.5 });
    expect(readStrictNumber('0', share)).toEqual({ ok: false, reason: 'range' });
    expect(readStrictNumber('1e-1', share)).toEqual({ ok: false, reason: 'syntax' });
    expect(readStrictNumber('.5', share)).toEqual({ ok: false, reason: 'syntax' });
    expect(readStrictNumber('0,5', share)).toEqual({ ok: false, reason: 'syntax' });
    expect(readStrictNumber('0,5', { ...share, decimalComma: true })).toEqual({ ok: true, value: 0.5 });
    expect(readStrictNumber(`1${'0'.repeat(30)}`, { min: 0, max: Number.MAX_VALUE, integer: false })).toEqual({
      ok: true,
      value: 1e30,
    });
    expect(readStrictNumber('9'.repeat(400), { min: 0, max: Infinity, integer: false }).ok).toBe(false);
  });

  it('French digit groups only where the form allows them, never around the number', () => {
    const units = { min: 1, max: 10_000_000, grouping: true };
    expect(readStrictNumber('1 000 000', units)).toEqual({ ok: true, value: 1_000_000 });
    expect(readStrictNumber('1\u202f000', units)).toEqual({ ok: true, value: 1000 });
    expect(readStrictNumber('10 00', units).ok).toBe(false);
    expect(readStrictNumber(' 1 000', units)).toEqual({ ok: false, reason: 'spaces' });
    expect(readStrictNumber('1 000', { min: 1, max: 10_000 }).ok).toBe(false);
  });

  it('says what is wrong, then what is expected, in both languages', () => {
    expect(strictNumberProblem('empty', { min: 1, max: 64 })).toEqual({
      en: 'is empty: expected a whole number from 1 to 64 (digits only)',
      fr: 'est vide : attendu un nombre entier de 1 à 64 (des chiffres seulement)',
    });
  });
});
