/**
 * The evidence record of one replayed unit (R3, R4): the same fields and values whether the command
 * line prints it (`replay --json`) or the replay screen exports it, so that both can be compared
 * field by field in a dispute.
 */
import { generatorId } from '../block/spec';
import type { OpenedUnit } from '../block/open-unit';
import { getRules } from '../rules/load';
import type { UnitRef } from '../ref/unit-ref';
import { cellNumbers } from './unit-facts';

/** How the record numbers cells and gongs: both numberings, each in a field named for it. */
export const CELL_NUMBERING = {
  cell_numbers:
    'from 1, as the replay screen shows them: Mine d’or cells 1–9 row by row from the top left, gongs 1–3 from the left',
  cell_indices: 'from 0, as the symbol arrays (main, extras, gongs) and the export files index them',
} as const;

/**
 * The replay record shared by `replay --json` and the app's JSON evidence.
 * @param ref - the unit reference as printed (upper case, trimmed)
 * @param r - the parsed reference
 * @param u - the unit opened from (block, index) alone (R2)
 */
export function replayRecord(ref: string, r: UnitRef, u: OpenedUnit): Record<string, unknown> {
  const rules = getRules(r.game);
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
    numbering: CELL_NUMBERING,
    gains: u.explanation.gains.map((g) => ({
      grid: g.grid,
      symbol: g.symbol,
      cell_numbers: cellNumbers(g.cells),
      cell_indices: g.cells,
      aligned: g.line >= 0,
      line: g.line >= 0 ? g.line : null,
      amount_cents: g.amountCents,
      ...(g.bonusCents ? { bonus_cents: g.bonusCents } : {}),
      article: g.article,
    })),
    lot_cents: u.explanation.lotCents,
    lot_article: u.explanation.article,
    evaluator: { valid: u.explanation.valid, error: u.explanation.error, agrees: u.agrees },
  };
}
