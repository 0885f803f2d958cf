/**
 * Presentation weights per prize level (M4): a block's {@link MineDorWeights} may override, for one
 * winning amount, the weights of its winning presentations; losing units keep `losingExtras`.
 */
import { InputError } from '../../block/input-error';
import { formatEuros } from '../../money/format';
import type { PrizeTable } from '../../rules/types';
import type { MineDorLevelWeights, MineDorWeights } from './presentations';

/** The weights a level of `amount` cents is drawn with: the block's, merged with that amount's override. */
export function weightsAt(w: MineDorWeights, amount: number): MineDorWeights {
  const o = amount > 0 ? w.byPrize?.[amount] : undefined;
  return o ? { ...w, ...o, losingExtras: w.losingExtras } : w;
}

/** A weight's name in both languages: « winningExtras[3] » or « winningExtras[3] (10,00 €) ». */
interface Label {
  readonly en: string;
  readonly fr: string;
}

const FACTORS = ['additionalCombination', 'alignedCombination', 'losingStage'] as const;

function checkNumber(l: Label, v: unknown, factor: boolean): void {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
    throw new InputError(
      `presentation weight ${l.en} is ${String(v)}: expected a finite number, 0 or more (M4)`,
      `le poids de présentation ${l.fr} vaut ${String(v)} : attendu un nombre fini, 0 ou plus (M4)`,
    );
  if (factor && v === 0)
    throw new InputError(
      `presentation factor ${l.en} is 0: expected more than 0 (M4)`,
      `le facteur de présentation ${l.fr} vaut 0 : attendu plus de 0 (M4)`,
    );
}

function checkExtras(name: string, suffix: Label, v: unknown): void {
  const l = { en: name + suffix.en, fr: name + suffix.fr };
  if (!Array.isArray(v) || v.length !== 4)
    throw new InputError(
      `presentation weights ${l.en} must be 4 numbers (0 to 3 EXTRA symbols, M3)`,
      `les poids de présentation ${l.fr} doivent être 4 nombres (0 à 3 symboles EXTRA, M3)`,
    );
  v.forEach((x, i) => checkNumber({ en: `${name}[${i}]${suffix.en}`, fr: `${name}[${i}]${suffix.fr}` }, x, false));
  if (v.every((x) => x === 0))
    throw new InputError(
      `presentation weights ${l.en} are all 0: expected at least one EXTRA count (0 to 3) with a weight above 0 (M4)`,
      `les poids de présentation ${l.fr} sont tous à 0 : attendu au moins un nombre d'EXTRA (0 à 3) de poids supérieur à 0 (M4)`,
    );
}

function checkFields(o: Partial<MineDorLevelWeights>, suffix: Label): void {
  if (o.winningExtras !== undefined) checkExtras('winningExtras', suffix, o.winningExtras);
  for (const f of FACTORS) if (o[f] !== undefined) checkNumber({ en: f + suffix.en, fr: f + suffix.fr }, o[f], true);
}

/**
 * Checks weights against a table (M4): every weight finite and 0 or more, factors above 0, each set
 * of EXTRA weights with one above 0, and per-level overrides only for winning amounts of the table.
 * @throws InputError saying what is wrong and what is expected, in English and French.
 */
export function checkMineDorWeights(w: MineDorWeights, table: PrizeTable): void {
  const none = { en: '', fr: '' };
  checkExtras('winningExtras', none, w.winningExtras);
  checkExtras('losingExtras', none, w.losingExtras);
  checkFields(w, none);
  const amounts = table.levels.map((l) => l.prizeCents);
  for (const [key, o] of Object.entries(w.byPrize ?? {})) {
    const cents = Number(key);
    if (!amounts.includes(cents)) {
      const list = (lang: 'fr' | 'en'): string => amounts.map((a) => formatEuros(a, lang)).join(', ');
      const amount = (lang: 'fr' | 'en'): string =>
        Number.isSafeInteger(cents) && cents > 0 ? formatEuros(cents, lang) : `"${key}"`;
      throw new InputError(
        `presentation weights are set for the level ${amount('en')}, which is no prize of this table: expected one of ${list('en')} (M4)`,
        `des poids de présentation sont donnés pour le niveau ${amount('fr')}, qui n'est pas un lot de cette table : attendu l'un de ${list('fr')} (M4)`,
      );
    }
    checkFields(o, { en: ` (${formatEuros(cents, 'en')})`, fr: ` (${formatEuros(cents, 'fr')})` });
  }
}
