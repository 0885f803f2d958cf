/**
 * The evidence record of one replayed unit (R3, R4): the same fields and values whether the command
 * line prints it (`replay --json`) or the replay screen exports it, so that both can be compared
 * field by field in a dispute.
 */
import { GENERATOR_ID } from '../block/spec';
import type { OpenedUnit } from '../block/open-unit';
import { getRules } from '../rules/load';
import type { UnitRef } from '../ref/unit-ref';

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
    generator: GENERATOR_ID,
    assigned_cents: u.assignedCents,
    ...(u.view.game === 'mine-d-or'
      ? { main: u.view.main, extras: u.view.extras }
      : { gongs: u.view.gongs, bonus_cents: u.view.bonusCents }),
    gains: u.explanation.gains.map((g) => ({
      grid: g.grid,
      symbol: g.symbol,
      cells: g.cells,
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
