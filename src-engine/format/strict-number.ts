/**
 * The one reader of numbers a person types, on the command line and on the screens: one reading
 * only. Decimal digits, an optional decimal separator and nothing else: no `0x10`, no `1e3` where a
 * whole number is asked (nor anywhere: exponents are not typed), no `+1`, no empty text, no space
 * before or after. French digit groups (« 1 000 000 ») are read where a form allows them; the
 * result is finite and inside its stated range.
 */
import type { LocalizedText } from '../i18n/localized-text';

/** What a number must be. */
export interface NumberRule {
  /** Smallest value allowed. */
  readonly min: number;
  /** Largest value allowed. */
  readonly max: number;
  /** Whole numbers only (the default), or decimals. */
  readonly integer?: boolean;
  /** Whether the smallest value itself is excluded (a share above 0). */
  readonly minExclusive?: boolean;
  /** Accept « , » as the decimal separator too (French forms). */
  readonly decimalComma?: boolean;
  /** Accept French digit groups of three separated by a space (« 1 000 000 », forms only). */
  readonly grouping?: boolean;
}

/** A number read, or why it is not one. */
export type StrictNumber =
  | { readonly ok: true; readonly value: number }
  | { readonly ok: false; readonly reason: 'empty' | 'spaces' | 'syntax' | 'range' };

/** Longest text read: far more digits than any range needs, so a huge paste is not scanned. */
const MAX_LENGTH = 40;

const GROUPED = /^\d{1,3}(?:[ \u00a0\u202f]\d{3})+/;

/** Reads `text` under `rule`, or says why it is not such a number. */
export function readStrictNumber(text: string, rule: NumberRule): StrictNumber {
  if (text.length === 0) return { ok: false, reason: 'empty' };
  if (/^\s|\s$/.test(text)) return { ok: false, reason: 'spaces' };
  if (text.length > MAX_LENGTH) return { ok: false, reason: 'syntax' };
  let t = text;
  const negative = rule.min < 0 && t.startsWith('-');
  if (negative) t = t.slice(1);
  if (rule.grouping) {
    const g = GROUPED.exec(t);
    if (g) t = t.slice(0, g[0].length).replace(/\D/g, '') + t.slice(g[0].length);
  }
  const integer = rule.integer ?? true;
  const sep = rule.decimalComma ? '[.,]' : '\\.';
  const shape = integer ? /^\d+$/ : new RegExp(`^\\d+(?:${sep}\\d+)?$`);
  if (!shape.test(t)) return { ok: false, reason: 'syntax' };
  const value = (negative ? -1 : 1) * Number(t.replace(',', '.'));
  if (!Number.isFinite(value) || (integer && !Number.isSafeInteger(value))) return { ok: false, reason: 'range' };
  const low = rule.minExclusive ? value <= rule.min : value < rule.min;
  if (low || value > rule.max) return { ok: false, reason: 'range' };
  return { ok: true, value };
}

const enNumber = (x: number): string => (Number.isInteger(x) ? String(x) : String(x));
const frNumber = (x: number): string => String(x).replace('.', ',');

/** What the rule expects, in words: « a whole number from 1 to 100 (digits only) ». */
export function expectedNumber(rule: NumberRule): LocalizedText {
  const integer = rule.integer ?? true;
  const en = integer ? 'a whole number' : 'a number';
  const fr = integer ? 'un nombre entier' : 'un nombre';
  const range = rule.minExclusive
    ? {
        en: `above ${enNumber(rule.min)} and at most ${enNumber(rule.max)}`,
        fr: `au-dessus de ${frNumber(rule.min)} et au plus ${frNumber(rule.max)}`,
      }
    : {
        en: `from ${enNumber(rule.min)} to ${enNumber(rule.max)}`,
        fr: `de ${frNumber(rule.min)} à ${frNumber(rule.max)}`,
      };
  const shape = integer
    ? { en: 'digits only', fr: 'des chiffres seulement' }
    : {
        en: `digits and a decimal point${rule.decimalComma ? ' or comma' : ''}`,
        fr: `des chiffres et un séparateur décimal`,
      };
  return { en: `${en} ${range.en} (${shape.en})`, fr: `${fr} ${range.fr} (${shape.fr})` };
}

/** Why a text was refused, then what is expected: « is empty: expected … ». */
export function strictNumberProblem(reason: 'empty' | 'spaces' | 'syntax' | 'range', rule: NumberRule): LocalizedText {
  const why = {
    empty: { en: 'is empty', fr: 'est vide' },
    spaces: { en: 'has a space before or after it', fr: 'a une espace avant ou après' },
    syntax: { en: 'is not valid', fr: "n'est pas valide" },
    range: { en: 'is out of range', fr: 'est hors limites' },
  }[reason];
  const e = expectedNumber(rule);
  return { en: `${why.en}: expected ${e.en}`, fr: `${why.fr} : attendu ${e.fr}` };
}
