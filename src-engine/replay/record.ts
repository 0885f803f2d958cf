/**
 * The evidence record of one replayed unit (R3, R4): the same fields and values whether the command
 * line prints it (`replay --json`) or the replay screen exports it, so that both can be compared
 * field by field in a dispute.
 */
import { generatorId } from '../block/spec';
import type { OpenedUnit } from '../block/open-unit';
import { getRules } from '../rules/load';
import type { UnitRef } from '../ref/unit-ref';
import { gridLabel } from './describe';
import { reasonUnit } from './grid-reasoning';
import { cellNumbers } from './unit-facts';

/**
 * How the record numbers grids, lines and cells, field by field, so that « ligne 2 » in « Étape
 * Extra 1 » on screen and in the PNG is found in the record without guessing.
 */
export const RECORD_NUMBERING = {
  grid: 'Mine d’or: 0 = the main grid, k = Extra stage k as the screen titles it (« Étape Extra k », extras[k - 1]); Les 3 Gongs: 0 = the gongs. grid_name says it as the screen does, in French and English',
  line_name:
    'an aligned gain’s line (art. 4.5) as the screen and the PNG name it: « ligne 1–3 » / row 1–3 from the top, « colonne 1–3 » / column 1–3 from the left, « diagonale ↘ » (top left to bottom right), « diagonale ↙ » (top right to bottom left); null when not aligned',
  line_index:
    'the same line from 0 in the order of RULES.md: 0–2 rows (cells 0-1-2, 3-4-5, 6-7-8), 3–5 columns (0-3-6, 1-4-7, 2-5-8), 6 diagonal 0-4-8, 7 diagonal 2-4-6; null when not aligned',
  cell_numbers:
    'from 1, as the replay screen shows them: Mine d’or cells 1–9 row by row from the top left, gongs 1–3 from the left',
  cell_indices: 'from 0, as the symbol arrays (main, extras, gongs) and the export files index them',
  gain_indices: 'in grids: positions from 0 in this record’s gains array',
} as const;

/**
 * The replay record shared by `replay --json` and the app's JSON evidence.
 * @param ref - the unit reference as printed (upper case, trimmed)
 * @param r - the parsed reference
 * @param u - the unit opened from (block, index) alone (R2)
 */
export function replayRecord(ref: string, r: UnitRef, u: OpenedUnit): Record<string, unknown> {
  const rules = getRules(r.game);
  const why = reasonUnit(u);
  return {
    ref,
    game: r.game,
    rules_document: `${rules.document.title}, ${rules.document.place}, ${rules.document.date}`,
    stake_cents: r.stakeCents,
    seed: r.seed,
    index: r.index,
    generator: generatorId(r.generatorVersion),
    ...(r.m6Strict === true ? { m6_reading: 'strict' } : {}),
    assigned_cents: u.assignedCents,
    ...(u.view.game === 'mine-d-or'
      ? { main: u.view.main, extras: u.view.extras }
      : { gongs: u.view.gongs, bonus_cents: u.view.bonusCents }),
    numbering: RECORD_NUMBERING,
    gains: u.explanation.gains.map((g) => ({
      grid: g.grid,
      grid_name: gridLabel(r.game, g.grid),
      symbol: g.symbol,
      cell_numbers: cellNumbers(g.cells),
      cell_indices: g.cells,
      aligned: g.line >= 0,
      line_name: g.lineName,
      line_index: g.line >= 0 ? g.line : null,
      amount_cents: g.amountCents,
      ...(g.bonusCents ? { bonus_cents: g.bonusCents } : {}),
      article: g.article,
    })),
    // the reasoning over every grid (art. 4.4, 4.6), the same sentences as the screen and `replay`
    grids: why.grids.map((g) => ({
      grid: g.grid,
      grid_name: g.name,
      gain_indices: g.gains,
      near_misses: g.nearMisses.map((n) => ({
        symbol: n.symbol,
        cell_numbers: cellNumbers(n.cells),
        cell_indices: n.cells,
      })),
      ...(r.game === 'mine-d-or' && g.grid === 0
        ? { extra_cell_numbers: cellNumbers(g.extraCells), extra_cell_indices: g.extraCells }
        : {}),
      text: g.text,
    })),
    across_grids: why.acrossGrids.map((x) => ({
      symbol: x.symbol,
      total: x.total,
      grids: x.grids.map((w) => ({
        grid: w.grid,
        grid_name: gridLabel(r.game, w.grid),
        cell_numbers: cellNumbers(w.cells),
        cell_indices: w.cells,
      })),
      text: x.text,
    })),
    across_grids_rule: why.acrossGridsRule,
    lot_cents: u.explanation.lotCents,
    lot_article: u.explanation.article,
    evaluator: { valid: u.explanation.valid, error: u.explanation.error, agrees: u.agrees },
  };
}
