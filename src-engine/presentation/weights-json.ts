/**
 * Presentation weights (M4, G2) as JSON, the same object in a presentation settings file, an export
 * header (`presentation_weights`) and an audit report: snake_case keys, prizes in cents. Weights equal
 * to the documented defaults read back as `undefined` (the defaults); reading a file is
 * `weights-reading.ts`.
 */
import type { PresentationWeights } from '../games/registry';
import { DEFAULT_GONGS_WEIGHTS } from '../games/les-3-gongs/generate';
import type { GongsWeights } from '../games/les-3-gongs/generate';
import { DEFAULT_MINE_DOR_WEIGHTS } from '../games/mine-d-or/presentations';
import type { MineDorLevelWeights, MineDorWeights } from '../games/mine-d-or/presentations';
import { formatEuros } from '../money/format';
import type { GameId, PrizeTable } from '../rules/types';

/** Most prize levels a weights object may name (as many as a scenario table holds). */
export const MAX_WEIGHTED_LEVELS = 200;

/** One problem of a settings file or header: the field, and the message in English and French. */
export interface SettingsProblem {
  /** The field as a path: `weights.by_prize.1000.winning_extras[2]`, `game`, or `(file)`. */
  readonly field: string;
  readonly message: string;
  readonly fr: string;
}

/** Mine d'or weights as JSON (M4). */
export interface MineWeightsJson {
  winning_extras: [number, number, number, number];
  losing_extras: [number, number, number, number];
  additional_combination: number;
  aligned_combination: number;
  losing_stage: number;
  by_prize?: Record<string, MineLevelWeightsJson>;
}
/** The weights one Mine d'or prize level may override (M4). */
export interface MineLevelWeightsJson {
  winning_extras?: [number, number, number, number];
  additional_combination?: number;
  aligned_combination?: number;
  losing_stage?: number;
}
/** Les 3 Gongs weights as JSON (G2): shares from 0 to 1. */
export interface GongsWeightsJson {
  bonus_share: number;
  bonus_share_by_prize?: Record<string, number>;
}
export type WeightsJson = MineWeightsJson | GongsWeightsJson;

/**
 * Weights are relative (M4): 0, or from {@link MIN_PRESENTATION_WEIGHT} to {@link MAX_PRESENTATION_WEIGHT}.
 * Bounded so that a file has one answer on the command line and on screen, whose fields show six
 * decimals: 1e300 or 1e308 (sums that overflow) and 1e-300 (shown as 0) are refused everywhere.
 */
export const MAX_PRESENTATION_WEIGHT = 1_000_000;
/** Smallest weight above 0 (six decimals, as the screen shows them). */
export const MIN_PRESENTATION_WEIGHT = 0.000001;
const sameFour = (a: readonly number[], b: readonly number[]): boolean => a.every((x, i) => x === b[i]);

/** Mine d'or weights without the level overrides that change nothing; undefined when they are the defaults. */
export function normaliseMine(w: MineDorWeights): MineDorWeights | undefined {
  const byPrize: Record<number, Partial<MineDorLevelWeights>> = {};
  for (const [k, o] of Object.entries(w.byPrize ?? {})) {
    const kept: { -readonly [K in keyof MineDorLevelWeights]?: MineDorLevelWeights[K] } = {};
    if (o.winningExtras && !sameFour(o.winningExtras, w.winningExtras)) kept.winningExtras = o.winningExtras;
    for (const f of ['additionalCombination', 'alignedCombination', 'losingStage'] as const)
      if (o[f] !== undefined && o[f] !== w[f]) kept[f] = o[f];
    if (Object.keys(kept).length > 0) byPrize[Number(k)] = kept;
  }
  const d = DEFAULT_MINE_DOR_WEIGHTS;
  const levels = Object.keys(byPrize).length > 0;
  const block: MineDorWeights = {
    winningExtras: w.winningExtras,
    losingExtras: w.losingExtras,
    additionalCombination: w.additionalCombination,
    alignedCombination: w.alignedCombination,
    losingStage: w.losingStage,
  };
  const isDefault =
    sameFour(w.winningExtras, d.winningExtras) &&
    sameFour(w.losingExtras, d.losingExtras) &&
    w.additionalCombination === d.additionalCombination &&
    w.alignedCombination === d.alignedCombination &&
    w.losingStage === d.losingStage;
  if (isDefault && !levels) return undefined;
  return levels ? { ...block, byPrize } : block;
}

/** Les 3 Gongs weights without the level shares equal to the block's; undefined when they are the defaults. */
export function normaliseGongs(w: GongsWeights): GongsWeights | undefined {
  const byPrize = Object.fromEntries(
    Object.entries(w.bonusShareByPrize ?? {}).filter(([, s]) => s !== w.bonusShare),
  ) as Record<number, number>;
  const levels = Object.keys(byPrize).length > 0;
  if (w.bonusShare === DEFAULT_GONGS_WEIGHTS.bonusShare && !levels) return undefined;
  return levels ? { bonusShare: w.bonusShare, bonusShareByPrize: byPrize } : { bonusShare: w.bonusShare };
}

/**
 * A game's weights as the engine takes them, without what changes nothing: the other game's
 * weights, level overrides equal to the block's; and, for Les 3 Gongs with a `table`, one common
 * share for levels that all share it (G2). Undefined when they are the documented defaults.
 */
export function normaliseWeights(
  game: GameId,
  w: PresentationWeights | undefined,
  table?: PrizeTable,
): PresentationWeights | undefined {
  if (game === 'mine-d-or') {
    const m = w?.mineDor && normaliseMine(w.mineDor);
    return m && { mineDor: m };
  }
  let g = w?.gongs;
  if (g && table && table.levels.length > 0) {
    const shares = table.levels.map((l) => g!.bonusShareByPrize?.[l.prizeCents] ?? g!.bonusShare);
    // the share most levels have is the block's; the others are the levels' own
    const often = (s: number): number => shares.filter((x) => x === s).length;
    const common = shares.reduce((best, s) => (often(s) > often(best) ? s : best), g.bonusShare);
    const own = table.levels.flatMap((l, i) => (shares[i] !== common ? [[l.prizeCents, shares[i]!]] : []));
    g = own.length > 0 ? { bonusShare: common, bonusShareByPrize: Object.fromEntries(own) } : { bonusShare: common };
  }
  const n = g && normaliseGongs(g);
  return n && { gongs: n };
}

/** A game's weights as JSON, in full (undefined: the documented defaults, written out). */
export function weightsToJson(game: GameId, w: PresentationWeights | undefined): WeightsJson {
  if (game === 'les-3-gongs') {
    const g = w?.gongs ?? DEFAULT_GONGS_WEIGHTS;
    const byPrize = Object.entries(g.bonusShareByPrize ?? {});
    return {
      bonus_share: g.bonusShare,
      ...(byPrize.length > 0 ? { bonus_share_by_prize: Object.fromEntries(byPrize) } : {}),
    };
  }
  const m = w?.mineDor ?? DEFAULT_MINE_DOR_WEIGHTS;
  const byPrize = Object.entries(m.byPrize ?? {}).map(([k, o]): [string, MineLevelWeightsJson] => [
    k,
    {
      ...(o.winningExtras ? { winning_extras: [...o.winningExtras] } : {}),
      ...(o.additionalCombination !== undefined ? { additional_combination: o.additionalCombination } : {}),
      ...(o.alignedCombination !== undefined ? { aligned_combination: o.alignedCombination } : {}),
      ...(o.losingStage !== undefined ? { losing_stage: o.losingStage } : {}),
    },
  ]);
  return {
    winning_extras: [...m.winningExtras],
    losing_extras: [...m.losingExtras],
    additional_combination: m.additionalCombination,
    aligned_combination: m.alignedCombination,
    losing_stage: m.losingStage,
    ...(byPrize.length > 0 ? { by_prize: Object.fromEntries(byPrize) } : {}),
  };
}

/** The prizes, in cents, that weights set on their own (M4 `byPrize`, G2 `bonusShareByPrize`). */
export function weightedLevels(w: PresentationWeights | undefined): number[] {
  return Object.keys(w?.mineDor?.byPrize ?? w?.gongs?.bonusShareByPrize ?? {}).map(Number);
}

/**
 * The levels weights name that are no prize of `table` (M4, G2: an amount not in the table is
 * refused), each a problem naming its field (`prefix`: `weights`, `presentation_weights`).
 */
export function weightsLevelProblems(
  game: GameId,
  w: PresentationWeights | undefined,
  table: PrizeTable,
  prefix: string,
): SettingsProblem[] {
  const amounts = table.levels.map((l) => l.prizeCents);
  const list = (lang: 'fr' | 'en'): string => amounts.map((a) => formatEuros(a, lang)).join(', ');
  const key = game === 'mine-d-or' ? 'by_prize' : 'bonus_share_by_prize';
  return weightedLevels(w)
    .filter((c) => !amounts.includes(c))
    .map((c) => {
      const field = `${prefix}.${key}.${c}`;
      return {
        field,
        message: `field "${field}" weighs the prize ${formatEuros(c, 'en')}, which is no level of this table: expected one of ${list('en')} (${game === 'mine-d-or' ? 'M4' : 'G2'})`,
        fr: `le champ "${field}" pondère le lot ${formatEuros(c, 'fr')}, qui n'est pas un niveau de ce tableau : attendu l'un de ${list('fr')} (${game === 'mine-d-or' ? 'M4' : 'G2'})`,
      };
    });
}
