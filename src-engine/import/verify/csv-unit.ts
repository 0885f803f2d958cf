/**
 * Reads CSV export rows (docs/reference/file-formats.md): the header row, each unit row of a game, and the
 * block a CSV export names through its first unit's reference (it has no header object).
 */
import Papa from 'papaparse';
import { GENERATOR_VERSIONS, generatorId, isGeneratorVersion } from '../../block/spec';
import type { BlockSpec } from '../../block/spec';
import { csvColumns } from '../../export/unit-lines';
import type { UnitView } from '../../games/unit-view';
import { blockOfRef, parseUnitRef } from '../../ref/unit-ref';
import type { GameId } from '../../rules/types';
import type { ParsedUnit } from './types';
import { fieldError, frOf, LineError, show, showFr } from './wording';

/**
 * How every row is read: fields between commas, in the export's quoting (Papa Parse writes it with
 * these options). Named, so that no row is read with a delimiter or line end guessed from its own
 * characters: left to guess, Papa Parse split a row such as `a;b;c` at its semicolons.
 */
const READING = { delimiter: ',', newline: '\n', header: false, skipEmptyLines: false } as const;

/**
 * What Papa Parse reads otherwise than as fields between commas: a quote, a line end (the lines come
 * split at them, so one is a second row), or a byte-order mark it drops.
 */
const NOT_PLAIN = /["\n\uFEFF]/;

/** The fields of one CSV row; null when it is not one (unbalanced quotes, or more than one row). */
export function csvFields(line: string): string[] | null {
  // a plain row is split directly: the same fields as Papa Parse's, without its parser's cost
  if (line.includes(',') && !NOT_PLAIN.test(line)) return line.split(',');
  const r = Papa.parse<string[]>(line, READING);
  const row = r.data[0];
  if (r.errors.length > 0 || r.data.length !== 1 || !Array.isArray(row)) return null;
  return row;
}

/** A CSV unit row split into its fields, with its index, reference and lot read. */
export interface CsvRow {
  readonly fields: readonly string[];
  readonly index: number;
  readonly ref: string;
  readonly prize: number;
}

const int = (s: string, field: string, what: string, whatFr: string): number => {
  if (!/^(0|[1-9]\d*)$/.test(s))
    throw fieldError(field, `expected ${what}, got ${show(s)}`, `attendu ${whatFr}, reçu ${showFr(s)}`);
  return Number(s);
};

/** Reads a unit row of an export of `game`; throws a {@link LineError} naming the first problem. */
export function readCsvRow(text: string, game: GameId): CsvRow {
  const f = csvFields(text);
  const cols = csvColumns(game);
  if (!f)
    throw new LineError(
      undefined,
      'not a valid CSV row (unbalanced quotes)',
      'ligne CSV non valide (guillemets non appariés)',
    );
  if (f.length !== cols.length)
    throw new LineError(
      undefined,
      `expected ${cols.length} fields (${cols.join(', ')}), got ${f.length}`,
      `${cols.length} champs attendus (${cols.join(', ')}), ${f.length} reçus`,
    );
  const index = int(f[0]!, 'index', 'a whole number', 'un nombre entier');
  const prize = int(f[2]!, 'prize_cents', 'a whole number of cents ≥ 0', 'un nombre entier de centimes ≥ 0');
  return { fields: f, index, ref: f[1]!, prize };
}

/**
 * The block a CSV export's first reference names; or the line's error, `fatal` when the reference
 * cannot be read at all (the file cannot be checked further).
 */
export function blockOfFirstCsvRef(
  ref: string,
  game: GameId,
): { ok: true; spec: BlockSpec; generator: string } | { ok: false; error: LineError; fatal: boolean } {
  let r;
  try {
    r = parseUnitRef(ref);
  } catch (e) {
    return {
      ok: false,
      fatal: true,
      error: fieldError(
        'ref',
        `${(e as Error).message}; the block of a CSV export is read from its first reference`,
        `${frOf(e)} ; le bloc d'un export CSV se lit dans sa première référence`,
      ),
    };
  }
  if (r.game !== game)
    return {
      ok: false,
      fatal: false,
      error: fieldError(
        'ref',
        `names a ${r.game} unit in a ${game} export`,
        `désigne une unité ${r.game} dans un export ${game}`,
      ),
    };
  if (!isGeneratorVersion(r.generatorVersion))
    return {
      ok: false,
      fatal: false,
      error: fieldError(
        'ref',
        `names generator version ${r.generatorVersion}: expected ${GENERATOR_VERSIONS.join(' or ')} (R5)`,
        `désigne la version de générateur ${r.generatorVersion} : attendu ${GENERATOR_VERSIONS.join(' ou ')} (R5)`,
      ),
    };
  return { ok: true, spec: blockOfRef(r), generator: generatorId(r.generatorVersion) };
}

function gridText(s: string, field: string): string[] {
  const ids = s.trim() === '' ? [] : s.trim().split(/\s+/);
  if (ids.length !== 9)
    throw fieldError(
      field,
      `expected 9 symbol ids separated by spaces, got ${ids.length}`,
      `9 identifiants de symbole séparés par des espaces attendus, ${ids.length} reçu${ids.length > 1 ? 's' : ''}`,
    );
  return ids;
}

/** The unit a CSV row of `game` holds; throws a {@link LineError} naming the first problem. */
export function csvUnit(row: CsvRow, game: GameId): ParsedUnit {
  const f = row.fields;
  let view: UnitView;
  if (game === 'mine-d-or') {
    const main = gridText(f[3]!, 'main');
    const stages = int(f[4]!, 'extra_stages', 'a whole number from 0 to 3 (M3)', 'un nombre entier de 0 à 3 (M3)');
    if (stages > 3)
      throw fieldError(
        'extra_stages',
        `expected a whole number from 0 to 3 (M3), got ${stages}`,
        `attendu un nombre entier de 0 à 3 (M3), reçu ${stages}`,
      );
    const extras: string[][] = [];
    for (let k = 1; k <= 3; k++) {
      const cell = f[4 + k]!;
      if (k <= stages) extras.push(gridText(cell, `extra_${k}`));
      else if (cell !== '')
        throw fieldError(
          `extra_${k}`,
          `expected empty (extra_stages is ${stages}), got ${show(cell)}`,
          `attendu vide (extra_stages vaut ${stages}), reçu ${showFr(cell)}`,
        );
    }
    view = { game, main, extras };
  } else {
    const gongs = [f[3]!, f[4]!, f[5]!];
    gongs.forEach((g, k) => {
      if (g === '')
        throw fieldError(
          `gong_${k + 1}`,
          'expected a symbol id, got nothing',
          'attendu un identifiant de symbole, reçu rien',
        );
    });
    const b = [f[6]!, f[7]!, f[8]!];
    let bonus: number[] | null = null;
    if (b.some((x) => x !== ''))
      bonus = b.map((x, k) =>
        int(x, `bonus_${k + 1}_cents`, 'a whole number of cents (G1)', 'un nombre entier de centimes (G1)'),
      );
    view = { game, gongs, bonusCents: bonus };
  }
  return { index: row.index, ref: row.ref, prize: row.prize, view };
}
