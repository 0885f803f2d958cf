/**
 * The evaluator's explanation of a unit (R4), for replays, the command line and evidence: each gain
 * with the grid, cells, line and the article that grants it, and the lot.
 */
import type { GameId, PrizeTable, StakeCents } from '../rules/types';
import { localized } from '../i18n/localized-text';
import type { LocalizedText } from '../i18n/localized-text';
import { evaluateGongs, gongsErrorLocalized } from './les-3-gongs/evaluate';
import { gongGains } from './les-3-gongs/prepared';
import { GONG_CODES } from './les-3-gongs/gongs';
import { evaluateMineDor, mineDorErrorLocalized } from './mine-d-or/evaluate';
import { BUFFER_SIZE, LINE_NAMES, MAX_STAGES, MINE_CODES, gridOffset } from './mine-d-or/grid';
import { mineDorGains } from './mine-d-or/prepared';
import type { UnitView } from './unit-view';

/** One gain of a unit. */
export interface Gain {
  /** 0 = main grid (Mine d'or) or the gongs; k ≥ 1 = Extra stage k. */
  readonly grid: number;
  readonly symbol: string;
  /** Cells of the combination (Mine d'or 0–8) or gongs (0–2). */
  readonly cells: readonly number[];
  /** Mine d'or: the line (0–7) of an aligned combination, else -1. */
  readonly line: number;
  readonly lineName: { readonly fr: string; readonly en: string } | null;
  readonly amountCents: number;
  /** Les 3 Gongs Bonus: the amounts under the three yin yang (G4: fixed by the unit). */
  readonly bonusCents?: readonly number[];
  /** Les 3 Gongs Bonus of generator version 2 or later: the amounts were split round (G5). */
  readonly roundSplit?: true;
  /** The articles that grant it, e.g. "art. 4.4, 4.5". */
  readonly article: string;
}

export interface Explanation {
  readonly valid: boolean;
  /** Why the presentation is invalid (M1, M2, G1 …); null when valid. */
  readonly error: string | null;
  /** The same reason in English and French (what the screen shows); null when valid. */
  readonly errorText: LocalizedText | null;
  readonly lotCents: number;
  readonly gains: readonly Gain[];
  /** Art. 4.7 / 4.4: whether the lot is an amount of the table (when a table was given). */
  readonly inTable: boolean | null;
  /** The articles behind the verdict as a whole. */
  readonly article: string;
}

/** A presentation the evaluator refuses to score (M1, M2, G1 …): never a lot. */
const invalid = (error: string, fr: string): Omit<Explanation, 'inTable'> => ({
  valid: false,
  error,
  errorText: localized(error, fr),
  lotCents: 0,
  gains: [],
  article: '',
});

const cellsOf = (mask: number): number[] => [...Array(9).keys()].filter((c) => mask & (1 << c));

function explainMine(view: Extract<UnitView, { game: 'mine-d-or' }>, stake: StakeCents): Omit<Explanation, 'inTable'> {
  const buf = new Uint8Array(BUFFER_SIZE);
  const grids = [view.main, ...view.extras];
  if (view.main.length !== 9)
    return invalid(
      `the main grid has ${view.main.length} cells: expected 9 (art. 4.1)`,
      `la grille principale compte ${view.main.length} cases : 9 attendues (art. 4.1)`,
    );
  if (view.extras.length > MAX_STAGES)
    return invalid(
      `${view.extras.length} Extra stages: at most ${MAX_STAGES}`,
      `${view.extras.length} étapes Extra : au plus ${MAX_STAGES}`,
    );
  for (let g = 0; g < grids.length; g++) {
    if (grids[g]!.length !== 9)
      return invalid(
        `Extra stage ${g} has ${grids[g]!.length} cells: expected 9 (art. 4.6)`,
        `l'étape Extra ${g} compte ${grids[g]!.length} cases : 9 attendues (art. 4.6)`,
      );
    for (let i = 0; i < 9; i++) {
      const code = MINE_CODES.indexOf(grids[g]![i]!);
      if (code < 0)
        return invalid(
          `unknown symbol "${grids[g]![i]}" in cell ${i} of ${g === 0 ? 'the main grid' : `Extra stage ${g}`}`,
          `symbole inconnu "${grids[g]![i]}" dans la case ${i} ${g === 0 ? 'de la grille principale' : `de l'étape Extra ${g}`}`,
        );
      buf[gridOffset(g) + i] = code;
    }
  }
  buf[0] = view.extras.length;
  const gains: Gain[] = [];
  const lot = evaluateMineDor(buf, mineDorGains(stake), (grid, symbol, mask, line, cents) => {
    gains.push({
      grid,
      symbol: MINE_CODES[symbol]!,
      cells: cellsOf(mask),
      line,
      lineName: line >= 0 ? LINE_NAMES[line]! : null,
      amountCents: cents,
      // art. 4.4 grants the gain; art. 4.5 doubles it on a line; art. 4.6 extends both to Extra stages
      article: ['art. 4.4', ...(line >= 0 ? ['4.5'] : []), ...(grid > 0 ? ['4.6'] : [])].join(', '),
    });
  });
  if (lot < 0) return invalid(mineDorErrorLocalized(lot).en, mineDorErrorLocalized(lot).fr);
  return {
    valid: true,
    error: null,
    errorText: null,
    lotCents: lot,
    gains,
    article: lot > 0 ? 'art. 4.7' : 'art. 4.8', // art. 4.7: every gain of the unit adds into one lot
  };
}

/** The first generator version whose Les 3 Gongs Bonus amounts are split round (G5, R5). */
export const ROUND_BONUS_VERSION = 2;

function explainGongs(
  view: Extract<UnitView, { game: 'les-3-gongs' }>,
  stake: StakeCents,
  generatorVersion: number | undefined,
): Omit<Explanation, 'inTable'> {
  if (view.gongs.length !== 3)
    return invalid(
      `${view.gongs.length} gongs: expected 3 (art. 4.1)`,
      `${view.gongs.length} gongs : 3 attendus (art. 4.1)`,
    );
  const buf = new Int32Array(7);
  for (let i = 0; i < 3; i++) {
    const code = GONG_CODES.indexOf(view.gongs[i]!);
    if (code < 0)
      return invalid(
        `unknown symbol "${view.gongs[i]}" under gong ${i}`,
        `symbole inconnu "${view.gongs[i]}" sous le gong ${i}`,
      );
    buf[i] = code;
  }
  if (view.bonusCents) {
    if (view.bonusCents.length !== 3)
      return invalid(
        `${view.bonusCents.length} Bonus amounts: expected 3 (art. 4.4)`,
        `${view.bonusCents.length} montants Bonus : 3 attendus (art. 4.4)`,
      );
    // The buffer is an Int32Array: 10.5 or 2^32 + 10 would silently become 10 there (G1).
    const odd = view.bonusCents.find((v) => !Number.isInteger(v) || Math.abs(v) > 0x7fffffff);
    if (odd !== undefined)
      return invalid(
        `Bonus amount ${odd} is not a whole number of cents (G1)`,
        `le montant Bonus ${odd} n'est pas un nombre entier de centimes (G1)`,
      );
    buf[3] = 1;
    buf.set(view.bonusCents, 4);
  }
  const lot = evaluateGongs(buf, gongGains(stake), stake);
  if (lot < 0) return invalid(gongsErrorLocalized(lot).en, gongsErrorLocalized(lot).fr);
  if (lot === 0) return { valid: true, error: null, errorText: null, lotCents: 0, gains: [], article: 'art. 4.5' };
  const bonus = view.bonusCents !== null;
  // G1 is what the evaluator checks; G5 is how a version-2 generator split the amounts
  const round = bonus && generatorVersion !== undefined && generatorVersion >= ROUND_BONUS_VERSION;
  return {
    valid: true,
    error: null,
    errorText: null,
    lotCents: lot,
    gains: [
      {
        grid: 0,
        symbol: view.gongs[0]!,
        cells: [0, 1, 2],
        line: -1,
        lineName: null,
        amountCents: lot,
        ...(bonus ? { bonusCents: view.bonusCents! } : {}),
        ...(round ? { roundSplit: true as const } : {}),
        article: bonus ? `art. 4.3.2, 4.4, G1${round ? ', G5' : ''}` : 'art. 4.3.1',
      },
    ],
    article: bonus ? 'art. 4.4' : 'art. 4.3.1',
  };
}

/**
 * Explains what a unit shows at a stake; with a table, also says whether the lot is one of its amounts.
 * With the generator version that made the unit (the reference's V1/V2/V2S), a Les 3 Gongs Bonus of
 * version 2 or later also cites G5 for how its amounts were split; without it, only the rules the
 * evaluator checks are cited.
 */
export function explainUnit(
  game: GameId,
  stake: StakeCents,
  view: UnitView,
  table?: PrizeTable,
  generatorVersion?: number,
): Explanation {
  if (view.game !== game) {
    return {
      valid: false,
      error: `a ${view.game} unit is not a ${game} unit`,
      errorText: localized(
        `a ${view.game} unit is not a ${game} unit`,
        `une unité ${view.game} n'est pas une unité ${game}`,
      ),
      lotCents: 0,
      gains: [],
      inTable: null,
      article: '',
    };
  }
  const e = view.game === 'mine-d-or' ? explainMine(view, stake) : explainGongs(view, stake, generatorVersion);
  const inTable = table ? e.lotCents === 0 || table.levels.some((l) => l.prizeCents === e.lotCents) : null;
  return { ...e, inTable };
}
