/**
 * The schema of a unit line (docs/reference/file-formats.md), one per game, exactly these fields; and the
 * precise message, in both languages, of the first problem the schema finds.
 */
import { z } from 'zod';
import type { GameId } from '../../rules/types';
import { fieldError, LineError, show, showFr } from './wording';
import { plural } from '../../format/plural';

const unitFields = {
  index: z.number().int(),
  ref: z.string(),
  prize_cents: z.number().int().nonnegative(),
};
const symbolIds = (n: number) => z.array(z.string()).length(n);

/** A Mine d'or unit line: exactly these fields. */
export const MINE_LINE = z.strictObject({ ...unitFields, main: symbolIds(9), extras: z.array(symbolIds(9)).max(3) });
/** A Les 3 Gongs unit line: exactly these fields. */
export const GONGS_LINE = z.strictObject({
  ...unitFields,
  gongs: symbolIds(3),
  bonus_cents: z.array(z.number().int().nonnegative()).length(3).nullable(),
});

/** Unit lines of a foreign block: the same fields, the reference optional. */
const optionalRef = { ref: z.string().nullish() };
export const FOREIGN_MINE_LINE = MINE_LINE.extend(optionalRef);
export const FOREIGN_GONGS_LINE = GONGS_LINE.extend(optionalRef);

const FIELDS: Readonly<Record<GameId, readonly string[]>> = {
  'mine-d-or': Object.keys(MINE_LINE.shape),
  'les-3-gongs': Object.keys(GONGS_LINE.shape),
};

/** What a field holds, for "missing" messages. */
export const EXPECTED: Readonly<Record<string, { en: string; fr: string }>> = {
  index: { en: 'the unit index (a whole number)', fr: "l'indice de l'unité (un nombre entier)" },
  ref: { en: 'the unit reference (text, R3)', fr: "la référence de l'unité (texte, R3)" },
  prize_cents: { en: 'the lot in cents (a whole number ≥ 0)', fr: 'le lot en centimes (un nombre entier ≥ 0)' },
  main: { en: 'the main grid (9 symbol ids)', fr: 'la grille principale (9 identifiants de symbole)' },
  extras: {
    en: 'the Extra stage grids (a list, possibly empty)',
    fr: "les grilles d'étapes Extra (une liste, vide le cas échéant)",
  },
  gongs: { en: 'the 3 gongs (3 symbol ids)', fr: 'les 3 gongs (3 identifiants de symbole)' },
  bonus_cents: {
    en: 'null or the 3 Bonus amounts in cents (art. 4.4)',
    fr: 'null ou les 3 montants du Bonus en centimes (art. 4.4)',
  },
};

/** The first problem the schema found on a unit line, in words, in English and French. */
export function lineErrorOf(game: GameId, o: Record<string, unknown>, issue: z.core.$ZodIssue): LineError {
  const fields = FIELDS[game];
  const list = fields.join(', ');
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0]!;
    return fieldError(
      key,
      `unknown field: a ${game} unit line holds only ${list}`,
      `champ inconnu : une ligne d'unité ${game} contient seulement ${list}`,
    );
  }
  const field = String(issue.path[0] ?? '');
  if (!(field in o) || o[field] === undefined) {
    const e = EXPECTED[field]!;
    return fieldError(field, `missing: expected ${e.en}`, `absent : attendu ${e.fr}`);
  }
  try {
    describeField(field, o[field]);
  } catch (e) {
    if (e instanceof LineError) return e;
    throw e;
  }
  return fieldError(field, issue.message, issue.message);
}

/** Throws the precise message of a field whose value the schema refused. */
function describeField(field: string, v: unknown): void {
  switch (field) {
    case 'index':
      throw fieldError(
        'index',
        `expected a whole number, got ${show(v)}`,
        `attendu un nombre entier, reçu ${showFr(v)}`,
      );
    case 'ref':
      throw fieldError(
        'ref',
        `expected a unit reference (text), got ${show(v)}`,
        `attendu une référence d'unité (texte), reçu ${showFr(v)}`,
      );
    case 'prize_cents':
      throw fieldError(
        'prize_cents',
        `expected a whole number of cents ≥ 0, got ${show(v)}`,
        `attendu un nombre entier de centimes ≥ 0, reçu ${showFr(v)}`,
      );
    case 'main':
      grid(v, 'main');
      return;
    case 'extras':
      if (!Array.isArray(v))
        throw fieldError(
          'extras',
          `expected a list of Extra stage grids, got ${show(v)}`,
          `attendu une liste de grilles d'étapes Extra, reçu ${showFr(v)}`,
        );
      if (v.length > 3)
        throw fieldError(
          'extras',
          `expected at most 3 Extra stages (M3), got ${v.length}`,
          `au plus 3 étapes Extra attendues (M3), ${v.length} reçues`,
        );
      v.forEach((g, k) => grid(g, `extras[${k}]`));
      return;
    case 'gongs':
      if (!Array.isArray(v) || v.length !== 3)
        throw fieldError(
          'gongs',
          `expected 3 symbol ids, got ${Array.isArray(v) ? v.length : show(v)}`,
          `3 identifiants de symbole attendus, ${Array.isArray(v) ? `${v.length} ${plural(v.length, 'fr', 'reçu', 'reçus')}` : `reçu ${showFr(v)}`}`,
        );
      throw fieldError(
        'gongs',
        `expected 3 symbol ids (text), got ${show(v)}`,
        `3 identifiants de symbole (texte) attendus, reçu ${showFr(v)}`,
      );
    case 'bonus_cents':
      throw fieldError(
        'bonus_cents',
        `expected null or 3 whole numbers of cents (art. 4.4, G1), got ${show(v)}`,
        `attendu null ou 3 nombres entiers de centimes (art. 4.4, G1), reçu ${showFr(v)}`,
      );
  }
}

function grid(v: unknown, field: string): string[] {
  if (!Array.isArray(v))
    throw fieldError(
      field,
      `expected 9 symbol ids, got ${show(v)}`,
      `9 identifiants de symbole attendus, reçu ${showFr(v)}`,
    );
  if (v.length !== 9)
    throw fieldError(
      field,
      `expected 9 symbol ids, got ${v.length}`,
      `9 identifiants de symbole attendus, ${v.length} reçu${v.length > 1 ? 's' : ''}`,
    );
  if (!v.every((s) => typeof s === 'string'))
    throw fieldError(
      field,
      'expected 9 symbol ids (text), got a value that is not text',
      "9 identifiants de symbole (texte) attendus, reçu une valeur qui n'est pas du texte",
    );
  return v as string[];
}

const safeWhole = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const cents = (v: unknown): v is number => safeWhole(v) && v >= 0;
const symbols = (v: unknown, n: number): v is string[] =>
  Array.isArray(v) && v.length === n && v.every((s) => typeof s === 'string');
const MINE_KEYS = new Set(FIELDS['mine-d-or']);
const GONGS_KEYS = new Set(FIELDS['les-3-gongs']);

/**
 * Whether the game's schema (foreign or not) takes `o`, answered without the schema: the schema
 * builds an error object for every line it refuses, which made a file of junk lines cost a parse
 * each of tens of microseconds. The schema stays the one source of every message; this gate only
 * says yes or no, and a property test holds it equal to the schema's answer.
 */
export function isUnitLine(o: Record<string, unknown>, game: GameId, foreign: boolean): boolean {
  const keys = game === 'mine-d-or' ? MINE_KEYS : GONGS_KEYS;
  for (const k of Object.keys(o)) if (!keys.has(k)) return false;
  if (!safeWhole(o.index) || !cents(o.prize_cents)) return false;
  if (foreign ? !(o.ref === undefined || o.ref === null || typeof o.ref === 'string') : typeof o.ref !== 'string')
    return false;
  if (game === 'mine-d-or')
    return (
      symbols(o.main, 9) && Array.isArray(o.extras) && o.extras.length <= 3 && o.extras.every((g) => symbols(g, 9))
    );
  const b = o.bonus_cents;
  return symbols(o.gongs, 3) && (b === null || (Array.isArray(b) && b.length === 3 && b.every(cents)));
}
