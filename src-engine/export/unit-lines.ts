/**
 * The export formats of a block (docs/reference/file-formats.md): JSON Lines with a header line then one
 * line per unit in index order, and CSV for spreadsheet users. Symbol ids are those of docs/rules.md.
 */
import Papa from 'papaparse';
import { guardFormula } from '../sheets/formula-guard';
import type { BlockSpec } from '../block/spec';
import { generatorId, isM6Strict } from '../block/spec';
import type { PresentationWeights } from '../games/registry';
import { normaliseWeights, weightsToJson } from '../presentation/weights-json';
import type { UnitView } from '../games/unit-view';
import { formatUnitRef, refOfBlock } from '../ref/unit-ref';
import type { GameId } from '../rules/types';

/**
 * The first line of a JSONL export. A block of M6's strict reading says so in `"m6_reading":
 * "strict"` (absent: the default reading), since it changes what units show (R1). A block made
 * with weights other than the documented defaults (M4, G2) states them in `"presentation_weights"`
 * (the object of a presentation settings file): its units differ from those its references
 * reopen (R2), and the export check regenerates it with them.
 */
export function jsonlHeader(spec: BlockSpec, weights?: PresentationWeights): string {
  const w = normaliseWeights(spec.game, weights);
  return JSON.stringify({
    game: spec.game,
    stake_cents: spec.stakeCents,
    seed: spec.seed,
    generator: generatorId(spec.generatorVersion),
    ...(isM6Strict(spec) ? { m6_reading: 'strict' } : {}),
    ...(w ? { presentation_weights: weightsToJson(spec.game, w) } : {}),
    units: spec.table.blockUnits,
  });
}

/** The reference of unit `index` of an official block (R3). */
export function refOf(spec: BlockSpec, index: number): string {
  return formatUnitRef(refOfBlock(spec, index));
}

/** One unit as a JSONL line. */
export function jsonlUnit(index: number, ref: string, prizeCents: number, view: UnitView): string {
  if (view.game === 'mine-d-or') {
    return JSON.stringify({ index, ref, prize_cents: prizeCents, main: view.main, extras: view.extras });
  }
  return JSON.stringify({ index, ref, prize_cents: prizeCents, gongs: view.gongs, bonus_cents: view.bonusCents });
}

/** CSV columns of a game's export. Grids are nine ids separated by spaces, row by row. */
export function csvColumns(game: GameId): string[] {
  return game === 'mine-d-or'
    ? ['index', 'ref', 'prize_cents', 'main', 'extra_stages', 'extra_1', 'extra_2', 'extra_3']
    : ['index', 'ref', 'prize_cents', 'gong_1', 'gong_2', 'gong_3', 'bonus_1_cents', 'bonus_2_cents', 'bonus_3_cents'];
}

/** One unit as a CSV row (values only, in {@link csvColumns} order). */
export function csvRow(index: number, ref: string, prizeCents: number, view: UnitView): (string | number)[] {
  if (view.game === 'mine-d-or') {
    const extras = [0, 1, 2].map((i) => view.extras[i]?.join(' ') ?? '');
    return [index, ref, prizeCents, view.main.join(' '), view.extras.length, ...extras];
  }
  const b = view.bonusCents ?? ['', '', ''];
  return [index, ref, prizeCents, ...view.gongs, ...b];
}

/** Rows to CSV text (RFC 4180 quoting by papaparse, formula-looking text guarded), with a trailing newline. */
export function csvText(rows: (string | number)[][], withHeader: string[] | null): string {
  const data = rows.map((r) => r.map((c) => (typeof c === 'string' ? guardFormula(c) : c)));
  const text = Papa.unparse(withHeader ? { fields: withHeader, data } : data, { newline: '\n' });
  // papaparse ends a header-only text with a newline already: add one only where it is missing,
  // or a CSV export gets an empty line after its header.
  if (text.length === 0) return '';
  return text.endsWith('\n') ? text : `${text}\n`;
}
