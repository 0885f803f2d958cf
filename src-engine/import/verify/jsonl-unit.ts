/** Reads one JSONL unit line against its game's schema (docs/reference/file-formats.md). */
import { parseStrictJson } from '../../format/strict-json';
import type { UnitView } from '../../games/unit-view';
import type { GameId } from '../../rules/types';
import type { ParsedUnit } from './types';
import {
  EXPECTED,
  FOREIGN_GONGS_LINE,
  FOREIGN_MINE_LINE,
  GONGS_LINE,
  isUnitLine,
  lineErrorOf,
  MINE_LINE,
} from './unit-schema';
import { asFound, fieldError, LineError } from './wording';

const WHOLE_NUMBERS = { wholeNumbers: () => true };

/** Thrown for a line refused when its problem is not to be described: counted, never shown. */
export const UNDESCRIBED = new LineError(
  undefined,
  'a unit line refused, not described',
  'une ligne refusée, non décrite',
);

/**
 * The unit a JSONL line holds; throws a {@link LineError} naming the first problem, or
 * {@link UNDESCRIBED} when `describe` is false (the caller only counts it) and the schema refuses it.
 */
export function parseJsonlUnit(text: string, game: GameId, foreign: boolean, describe = true): ParsedUnit {
  // read one way only: a key twice (JSON.parse keeps the last, other readers the first) is refused
  // every number of a unit line is a whole number, in one spelling (README « Export schema »)
  const read = parseStrictJson(text, WHOLE_NUMBERS);
  if (!read.ok && read.spelling)
    throw read.key === undefined
      ? new LineError(undefined, read.message, read.fr)
      : fieldError(read.key, read.message, read.fr);
  if (!read.ok)
    throw new LineError(
      read.key,
      `not valid JSON, or JSON whose meaning depends on the reader: ${read.message}`,
      `JSON non valide, ou dont le sens dépend du lecteur : ${read.fr}`,
    );
  const v = read.value;
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new LineError(undefined, 'expected a JSON object (one unit)', 'attendu un objet JSON (une unité)');
  const o = v as Record<string, unknown>;
  if (isUnitLine(o, game, foreign)) return unitOf(o);
  if (!describe) throw UNDESCRIBED;
  // A schema per game: an unknown or missing field is a discrepancy of its line.
  const parsed = foreign
    ? game === 'mine-d-or'
      ? FOREIGN_MINE_LINE.safeParse(o)
      : FOREIGN_GONGS_LINE.safeParse(o)
    : game === 'mine-d-or'
      ? MINE_LINE.safeParse(o)
      : GONGS_LINE.safeParse(o);
  if (!parsed.success) {
    const err = lineErrorOf(game, o, parsed.error.issues[0]!);
    if (err.field !== undefined) {
      if (err.field in o) err.found ??= asFound(o[err.field]);
      if (err.expected === undefined && EXPECTED[err.field]) {
        // a missing field: what it should hold, in words, in both languages (the screen is French too)
        err.expected = EXPECTED[err.field]!.en;
        err.expectedFr = EXPECTED[err.field]!.fr;
      }
    }
    throw err;
  }
  return unitOf(parsed.data);
}

/** The unit of a line the schema takes (its fields as they are: the schema transforms none). */
function unitOf(o: Record<string, unknown>): ParsedUnit {
  const u = o as
    | { index: number; ref?: string | null; prize_cents: number; main: string[]; extras: string[][] }
    | { index: number; ref?: string | null; prize_cents: number; gongs: string[]; bonus_cents: number[] | null };
  const view: UnitView =
    'main' in u
      ? { game: 'mine-d-or', main: u.main, extras: u.extras }
      : { game: 'les-3-gongs', gongs: u.gongs, bonusCents: u.bonus_cents };
  return { index: u.index, ref: u.ref ?? null, prize: u.prize_cents, view };
}
