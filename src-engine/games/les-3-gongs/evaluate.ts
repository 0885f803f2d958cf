/**
 * The Les 3 Gongs evaluator (R4): the lot from the three gongs and, on three yin yang, the three
 * Bonus amounts (art. 4.3–4.5, G1). Shares nothing with the generator but the rules data.
 */
import { localized } from '../../i18n/localized-text';
import type { LocalizedText } from '../../i18n/localized-text';
import { YINYANG } from './gongs';

/** A symbol code that the game does not have. */
export const ERR_GONG_SYMBOL = -11;
/** Three yin yang without the three Bonus amounts, or Bonus amounts without three yin yang. */
export const ERR_BONUS_SHAPE = -12;
/** G1: a Bonus amount that is not a positive multiple of a fifth of the stake. */
export const ERR_G1 = -13;

/** [direct (1) or Bonus (2) or none (0), pair shown (near miss: 1)] of the last evaluation. */
export const lastGongSummary = new Int32Array(2);

/**
 * The lot in cents, or a negative ERR_* code. `gains` holds each paying symbol's art. 4.3.1 gain
 * at the unit's stake.
 */
export function evaluateGongs(buf: Int32Array, gains: Int32Array, stakeCents: number): number {
  const a = buf[0]!;
  const b = buf[1]!;
  const c = buf[2]!;
  lastGongSummary[0] = 0;
  lastGongSummary[1] = 0;
  if (a < 0 || a > YINYANG || b < 0 || b > YINYANG || c < 0 || c > YINYANG) return ERR_GONG_SYMBOL;
  const bonus = buf[3] === 1;
  if (a === b && b === c) {
    if (a !== YINYANG) {
      if (bonus) return ERR_BONUS_SHAPE;
      lastGongSummary[0] = 1;
      return gains[a]!; // art. 4.3.1: three identical paying symbols
    }
    if (!bonus) return ERR_BONUS_SHAPE;
    return bonusSum(buf, stakeCents);
  }
  if (bonus) return ERR_BONUS_SHAPE;
  if (a === b || b === c || a === c) lastGongSummary[1] = 1; // G3: a near miss
  return 0; // art. 4.5: any other case loses
}

/**
 * art. 4.4: the sum of the three amounts revealed under the yin yang; G1: fifths of the stake.
 * Apart from {@link evaluateGongs} so that the common cases stay small enough to inline.
 */
function bonusSum(buf: Int32Array, stakeCents: number): number {
  const fifth = stakeCents / 5;
  let sum = 0;
  for (let i = 4; i < 7; i++) {
    const v = buf[i]!;
    if (v <= 0 || v % fifth !== 0) return ERR_G1;
    sum += v;
  }
  lastGongSummary[0] = 2;
  return sum;
}

/** A one-line reason for an ERR_* code, citing the rule broken (English). */
export function gongsErrorText(code: number): string {
  return gongsErrorLocalized(code).en;
}

/** A one-line reason for an ERR_* code, citing the rule broken, in English and French. */
export function gongsErrorLocalized(code: number): LocalizedText {
  switch (code) {
    case ERR_GONG_SYMBOL:
      return localized(
        'a gong hides a symbol that Les 3 Gongs does not have (art. 4.3.1)',
        "un gong cache un symbole qui n'existe pas dans Les 3 Gongs (art. 4.3.1)",
      );
    case ERR_BONUS_SHAPE:
      return localized(
        'Bonus amounts go with three yin yang and only with them (art. 4.3.2, 4.4)',
        'des montants Bonus accompagnent trois yin yang, et seulement eux (art. 4.3.2, 4.4)',
      );
    case ERR_G1:
      return localized(
        'a Bonus amount is not a positive multiple of a fifth of the stake (G1)',
        "un montant Bonus n'est pas un multiple positif du cinquième de la mise (G1)",
      );
    default:
      return localized(`unknown evaluation error ${code}`, `erreur d'évaluation inconnue ${code}`);
  }
}
