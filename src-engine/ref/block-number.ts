/**
 * A block seed or a unit index as a person types it while browsing a block: in decimal, or in
 * Crockford base 32 exactly as a unit reference prints it (R3: {@link EXAMPLE_UNIT_REF} has
 * seed 3KX9P2A and index 0ZF4), so that a reference's parts can be typed without converting them.
 * @see https://www.crockford.com/base32.html
 */
import { InputError } from '../block/input-error';
import { MAX_SEED } from '../block/spec';
import { frInt } from '../i18n/localized-text';
import { EXAMPLE_UNIT_REF, INDEX_CHARS, SEED_CHARS, decode32, encode32, normaliseBase32 } from './unit-ref';

/** How the text is read: `auto` takes digits as decimal and anything with a letter as base 32. */
export type Notation = 'auto' | 'decimal' | 'base32';
/** Which part of a reference the number is. */
export type BlockNumberPart = 'seed' | 'index';

/** A number read from what was typed, with both its forms for the conversion shown on screen. */
export interface BlockNumber {
  readonly value: number;
  /** How the text was read. */
  readonly readAs: 'decimal' | 'base32';
  /** The value as a reference writes it (zero-padded base 32: 7 characters for a seed, 4 for an index). */
  readonly base32: string;
}

const WIDTH: Readonly<Record<BlockNumberPart, number>> = { seed: SEED_CHARS, index: INDEX_CHARS };
const NAME = { seed: { en: 'seed', fr: 'la graine' }, index: { en: 'index', fr: 'l’indice' } } as const;
/** The seed and index parts of the product's example reference. */
const EXAMPLE: Readonly<Record<BlockNumberPart, string>> = {
  seed: EXAMPLE_UNIT_REF.split('-')[2]!,
  index: EXAMPLE_UNIT_REF.split('-')[3]!,
};

/**
 * Reads a seed (0 to {@link MAX_SEED}) or an index (0 to `last`) typed in decimal or in base 32.
 * Throws an {@link InputError} saying what is wrong and what both notations expect.
 * @param text - as typed; spaces (digit grouping « 123 456 ») are ignored
 * @param part - `seed` or `index`
 * @param last - the largest value allowed (the block's last index; {@link MAX_SEED} for a seed)
 * @param notation - `auto` (default), or a notation forced by the user (all-digit base 32 such as 0001234)
 */
export function parseBlockNumber(
  text: string,
  part: BlockNumberPart,
  last: number = MAX_SEED,
  notation: Notation = 'auto',
): BlockNumber {
  const width = WIDTH[part];
  const name = NAME[part];
  const expectEn = `expected a decimal number from 0 to ${last}, or at most ${width} base-32 characters as in a unit reference (e.g. ${EXAMPLE[part]}; 0–9 and A–Z without I, L, O, U)`;
  const expectFr = `attendu un nombre décimal de 0 à ${frInt(last)}, ou au plus ${width} caractères en base 32 comme dans une référence (ex. ${EXAMPLE[part]} ; 0–9 et A–Z sauf I, L, O, U)`;
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  if (compact === '')
    throw new InputError(`${name.en} is empty: ${expectEn}`, `${capital(name.fr)} est vide : ${expectFr}`);
  const readAs = notation === 'auto' ? (/^\d+$/.test(compact) ? 'decimal' : 'base32') : notation;
  let value: number;
  if (readAs === 'decimal') {
    if (!/^\d+$/.test(compact))
      throw new InputError(
        `${name.en} "${text.trim()}" is not a decimal number: ${expectEn}`,
        `${name.fr} "${text.trim()}" n’est pas un nombre décimal : ${expectFr}`,
      );
    value = Number(compact);
  } else {
    const digits = normaliseBase32(compact);
    const wrong = [...digits].find((c) => Number.isNaN(decode32(c)));
    if (wrong !== undefined)
      throw new InputError(
        `${name.en} "${text.trim()}": "${wrong}" is not a base-32 character: ${expectEn}`,
        `${name.fr} "${text.trim()}" : "${wrong}" n’est pas un caractère de la base 32 : ${expectFr}`,
      );
    if (digits.replace(/^0+/, '').length > width)
      throw new InputError(
        `${name.en} "${text.trim()}" has more than ${width} base-32 characters: ${expectEn}`,
        `${name.fr} "${text.trim()}" compte plus de ${width} caractères en base 32 : ${expectFr}`,
      );
    value = decode32(digits);
  }
  if (!Number.isSafeInteger(value) || value > last)
    throw new InputError(
      `${name.en} "${text.trim()}" is above ${last}: ${expectEn}`,
      `${name.fr} "${text.trim()}" dépasse ${frInt(last)} : ${expectFr}`,
    );
  return { value, readAs, base32: encode32(value, width) };
}

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
