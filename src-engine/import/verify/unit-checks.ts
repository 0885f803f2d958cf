/**
 * The checks of one unit that need nothing but the block's spec: its index, its reference (R3), its
 * lot against the table (art. 3) and against what the evaluator re-derives from what it shows (R4).
 */
import { isM6Strict } from '../../block/spec';
import type { BlockSpec } from '../../block/spec';
import type { explainUnit } from '../../games/explain';
import type { UnitView } from '../../games/unit-view';
import { enInt, frInt } from '../../i18n/localized-text';
import { formatEuros } from '../../money/format';
import { formatUnitRef, parseUnitRef } from '../../ref/unit-ref';
import type { RefWriter, UnitRef } from '../../ref/unit-ref';
import type { ParsedUnit } from './types';
import { asFound, fieldError, frOf } from './wording';

type Explanation = ReturnType<typeof explainUnit>;

/** The line must hold the index expected (0, 1, 2, … in order), within the block. */
export function checkIndex(u: ParsedUnit, expected: number, spec: BlockSpec): void {
  if (u.index !== expected)
    throw fieldError(
      'index',
      `expected ${expected} (indexes run 0, 1, 2, … in order), got ${u.index}`,
      `attendu ${expected} (les indices se suivent 0, 1, 2, … dans l'ordre), reçu ${u.index}`,
      String(expected),
      String(u.index),
    );
  if (u.index >= spec.table.blockUnits)
    throw fieldError(
      'index',
      `expected at most ${enInt(spec.table.blockUnits - 1)}: a ${spec.game} block has ${enInt(spec.table.blockUnits)} units`,
      `attendu au plus ${frInt(spec.table.blockUnits - 1)} : un bloc ${spec.game} compte ${frInt(spec.table.blockUnits)} unités`,
    );
}

/**
 * A reference read is written in its one spelling (R3): a typed one may be in lower case or use O
 * for 0, I or L for 1 (Crockford), but a file's is compared as text by other readers
 * (`independent_check.py`), so another spelling of the same reference is refused.
 */
function checkSpelling(text: string, r: UnitRef): void {
  const one = formatUnitRef(r);
  if (text !== one)
    throw fieldError(
      'ref',
      `is not written in the one spelling of a reference: expected ${one} (upper case, digits 0 and 1, never O, I or L, no spaces; R3)`,
      `n'est pas écrite dans l'unique graphie d'une référence : attendu ${one} (majuscules, chiffres 0 et 1, jamais O, I ou L, sans espaces ; R3)`,
      one,
      text,
    );
}

/** A foreign block's reference is optional; one that is present must parse and name this unit. */
export function checkForeignRef(u: ParsedUnit, spec: BlockSpec): void {
  if (u.ref === null || u.ref === '') return;
  let r;
  try {
    r = parseUnitRef(u.ref);
  } catch (e) {
    throw fieldError(
      'ref',
      `${(e as Error).message} (a reference is optional in a foreign block; a present one must parse, R3)`,
      `${frOf(e)} (une référence est facultative dans un bloc étranger ; présente, elle doit être lisible, R3)`,
      undefined,
      u.ref,
    );
  }
  checkSpelling(u.ref, r);
  if (r.game !== spec.game || r.stakeCents !== spec.stakeCents || r.index !== u.index)
    throw fieldError(
      'ref',
      `names unit ${r.index} of a ${r.game} block at stake ${r.stakeCents}: expected unit ${u.index} of a ${spec.game} block at stake ${spec.stakeCents}`,
      `désigne l'unité ${r.index} d'un bloc ${r.game} à la mise ${r.stakeCents} : attendu l'unité ${u.index} d'un bloc ${spec.game} à la mise ${spec.stakeCents}`,
      undefined,
      u.ref,
    );
}

/** The reference of a unit of ours must name this block and this index (R3); `refs` writes the block's. */
export function checkRef(u: ParsedUnit, spec: BlockSpec, refs: RefWriter): void {
  let r;
  const wantRef = u.index >= 0 && u.index < spec.table.blockUnits ? refs.ref(u.index) : undefined;
  // the reference this block writes for this index, in its one spelling: it parses to this block
  // and index, so every check below passes; reading it again was a fifth of a CSV file's reading
  if (u.ref !== null && u.ref === wantRef) return;
  if (u.ref === null)
    throw fieldError(
      'ref',
      'missing: expected the unit reference (text, R3)',
      "absent : attendu la référence de l'unité (texte, R3)",
      wantRef,
    );
  try {
    r = parseUnitRef(u.ref);
  } catch (e) {
    throw fieldError('ref', (e as Error).message, frOf(e), wantRef, u.ref);
  }
  checkSpelling(u.ref, r);
  if (
    r.game !== spec.game ||
    r.stakeCents !== spec.stakeCents ||
    r.seed !== spec.seed ||
    r.generatorVersion !== spec.generatorVersion ||
    (r.m6Strict === true) !== isM6Strict(spec)
  )
    throw fieldError(
      'ref',
      `names another block (${r.game}, stake ${r.stakeCents}, seed ${r.seed}, V${r.generatorVersion}${r.m6Strict === true ? 'S' : ''}): expected ${spec.game}, stake ${spec.stakeCents}, seed ${spec.seed}, V${spec.generatorVersion}${isM6Strict(spec) ? 'S' : ''}`,
      `désigne un autre bloc (${r.game}, mise ${r.stakeCents}, graine ${r.seed}, V${r.generatorVersion}${r.m6Strict === true ? 'S' : ''}) : attendu ${spec.game}, mise ${spec.stakeCents}, graine ${spec.seed}, V${spec.generatorVersion}${isM6Strict(spec) ? 'S' : ''}`,
      wantRef,
      u.ref,
    );
  if (r.index !== u.index)
    throw fieldError(
      'ref',
      `names unit ${r.index}, but the line is unit ${u.index}`,
      `désigne l'unité ${r.index}, alors que la ligne est l'unité ${u.index}`,
      wantRef,
      u.ref,
    );
}

/** The level of the table a lot is (the losing level after the table's), or a discrepancy (art. 3). */
export function levelOfLot(u: ParsedUnit, spec: BlockSpec, e: Explanation): number {
  const t = spec.table;
  const level = u.prize === 0 ? t.levels.length : t.levels.findIndex((l) => l.prizeCents === u.prize);
  if (level < 0)
    throw fieldError(
      'prize_cents',
      `${formatEuros(u.prize, 'en')} is no amount of the table (art. 3)`,
      `${formatEuros(u.prize, 'fr')} n'est pas un montant du tableau (art. 3)`,
      e.valid ? String(e.lotCents) : undefined,
      String(u.prize),
    );
  return level;
}

/** What the unit shows must be valid and win exactly its `prize_cents` (R4). */
export function checkEvaluated(u: ParsedUnit, spec: BlockSpec, e: Explanation): void {
  const viewField = spec.game === 'mine-d-or' ? 'main' : 'gongs';
  if (!e.valid)
    throw fieldError(
      viewField,
      `the evaluator rejects what the unit shows: ${e.error} (R4)`,
      `l'évaluateur rejette ce que montre l'unité : ${e.errorText?.fr ?? e.error} (R4)`,
      undefined,
      asFound(viewOf(u.view)),
    );
  if (e.lotCents !== u.prize)
    throw fieldError(
      'prize_cents',
      `says ${formatEuros(u.prize, 'en')}, but what the unit shows wins ${formatEuros(e.lotCents, 'en')} (${e.article}; R4)`,
      `indique ${formatEuros(u.prize, 'fr')}, mais ce que montre l'unité gagne ${formatEuros(e.lotCents, 'fr')} (${e.article} ; R4)`,
      String(e.lotCents),
      String(u.prize),
    );
}

/** What a unit shows, as its export line holds it. */
function viewOf(v: UnitView): unknown {
  return v.game === 'mine-d-or' ? { main: v.main, extras: v.extras } : { gongs: v.gongs, bonus_cents: v.bonusCents };
}
