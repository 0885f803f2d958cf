/**
 * The presentation settings a product manager can change on the simulation screen: the generator
 * version (R5: 2 shows round Bonus amounts, G5), M6's strict reading, Mine d'or's presentation
 * weights (M4) and Les 3 Gongs' Bonus share per level (G2). Texts as typed, their checks (what is
 * wrong, what is expected) and, once right, the values the engine takes, with a key naming them.
 */
import {
  DEFAULT_GONGS_WEIGHTS,
  DEFAULT_MINE_DOR_WEIGHTS,
  GENERATOR_VERSION,
  MAX_PRESENTATION_WEIGHT,
  MIN_PRESENTATION_WEIGHT,
} from '@engine';
import type { MineDorLevelWeights, MineDorWeights, PresentationWeights, PrizeTable } from '@engine';
import type { FieldError } from '../block-fields';
import type { SimulationRun } from './model';

/** Mine d'or weight fields (M4), in the order the panel shows them. */
export const MINE_WEIGHT_FIELDS = [
  'winningExtras.0',
  'winningExtras.1',
  'winningExtras.2',
  'winningExtras.3',
  'losingExtras.0',
  'losingExtras.1',
  'losingExtras.2',
  'losingExtras.3',
  'additionalCombination',
  'alignedCombination',
  'losingStage',
] as const;
export type MineWeightField = (typeof MINE_WEIGHT_FIELDS)[number];

/** The fields a prize level may override (M4): all but the losing units' EXTRA weights. */
export const MINE_LEVEL_FIELDS = MINE_WEIGHT_FIELDS.filter(
  (f): f is Exclude<MineWeightField, `losingExtras.${number}`> => !f.startsWith('losingExtras'),
);
export type MineLevelField = (typeof MINE_LEVEL_FIELDS)[number];

/** The settings as typed: weights and shares are texts until they are checked. */
export interface PresentationForm {
  readonly generatorVersion: number;
  readonly m6Strict: boolean;
  /** Mine d'or weights (M4) by field. */
  readonly mine: Readonly<Record<MineWeightField, string>>;
  /**
   * Mine d'or weights of one prize level (M4), by prize in cents then field, as typed; a field left
   * empty (or absent) takes the block's value ({@link mineLevelOverrides}).
   */
  readonly mineLevels: Readonly<Record<string, Readonly<Partial<Record<MineLevelField, string>>>>>;
  /**
   * Les 3 Gongs: the share of a level shown through the Bonus, in percent, by prize in cents (G2), as
   * typed; a level not in it has the default share ({@link bonusPercentText}).
   */
  readonly bonusPercent: Readonly<Record<string, string>>;
}

/** The checked settings, as the engine takes them. */
export interface PresentationSettings {
  readonly generatorVersion: number;
  readonly m6Strict: boolean;
  /** Weights that differ from the documented defaults, or undefined (the defaults: official blocks). */
  readonly weights: PresentationWeights | undefined;
}

/** A decimal typed with a comma or a point (« 0,45 », « 0.45 »); NaN otherwise. */
function decimal(text: string): number {
  const t = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

/** A number as a French decimal text (the screen's default language), without trailing zeros. */
export function decimalText(v: number): string {
  return String(Math.round(v * 1e6) / 1e6).replace('.', ',');
}

/** The block value of a weight field (M4). */
export function mineValue(w: MineDorWeights, f: MineWeightField): number {
  const [name, i] = f.split('.') as [Exclude<keyof MineDorWeights, 'byPrize'>, string | undefined];
  const v = w[name];
  return typeof v === 'number' ? v : v[Number(i)]!;
}

/** The default texts: generator version {@link GENERATOR_VERSION}, M6 default reading, documented weights. */
export function defaultPresentationForm(): PresentationForm {
  const mine = Object.fromEntries(
    MINE_WEIGHT_FIELDS.map((f) => [f, decimalText(mineValue(DEFAULT_MINE_DOR_WEIGHTS, f))]),
  ) as Record<MineWeightField, string>;
  return { generatorVersion: GENERATOR_VERSION, m6Strict: false, mine, mineLevels: {}, bonusPercent: {} };
}

/** The Bonus share text of a level (G2): as typed, else the documented default. */
export function bonusPercentText(form: PresentationForm, prizeCents: number): string {
  return form.bonusPercent[String(prizeCents)] ?? decimalText(DEFAULT_GONGS_WEIGHTS.bonusShare * 100);
}

/** The fields a level overrides, by prize in cents: those typed (not empty), for levels of the table. */
export function mineLevelOverrides(
  form: PresentationForm,
  table: PrizeTable,
): Map<number, Partial<Record<MineLevelField, string>>> {
  const out = new Map<number, Partial<Record<MineLevelField, string>>>();
  for (const l of table.levels) {
    const typed = form.mineLevels[String(l.prizeCents)] ?? {};
    const fields = Object.fromEntries(
      MINE_LEVEL_FIELDS.flatMap((f) => (typed[f]?.trim() ? [[f, typed[f]]] : [])),
    ) as Partial<Record<MineLevelField, string>>;
    if (Object.keys(fields).length > 0) out.set(l.prizeCents, fields);
  }
  return out;
}

/** The problems of one weight text: not a decimal ≥ 0, or a factor of 0. */
function weightError(f: MineWeightField, text: string): FieldError | undefined {
  const v = decimal(text);
  const value = text.trim();
  // the engine's bounds of a weight (M4), as for a settings file on the command line
  if (Number.isNaN(v) || v > MAX_PRESENTATION_WEIGHT || (v > 0 && v < MIN_PRESENTATION_WEIGHT))
    return { key: 'presentation.errors.weight', params: { value } };
  if (!f.includes('.') && v === 0) return { key: 'presentation.errors.factorZero', params: { value } };
  return undefined;
}

/**
 * The problems of the typed settings, by field id ('mine.<field>', 'mine.winningExtras',
 * 'mineLevel.<cents>.<field>', 'mineLevel.<cents>.winningExtras', 'bonus.<cents>').
 */
export function presentationErrors(form: PresentationForm, table: PrizeTable): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  if (table.game === 'mine-d-or') {
    for (const f of MINE_WEIGHT_FIELDS) {
      const e = weightError(f, form.mine[f]);
      if (e) errors[`mine.${f}`] = e;
    }
    for (const group of ['winningExtras', 'losingExtras'] as const) {
      const vs = [0, 1, 2, 3].map((i) => decimal(form.mine[`${group}.${i}` as MineWeightField]));
      if (vs.every((v) => v === 0)) errors[`mine.${group}`] = { key: 'presentation.errors.allZero', params: {} };
    }
    // M4 per level: each typed field, and the level's four EXTRA weights once merged with the block's
    for (const [cents, typed] of mineLevelOverrides(form, table)) {
      for (const f of MINE_LEVEL_FIELDS) {
        const e = typed[f] === undefined ? undefined : weightError(f, typed[f]);
        if (e) errors[`mineLevel.${cents}.${f}`] = e;
      }
      const vs = [0, 1, 2, 3].map((i) => {
        const f = `winningExtras.${i}` as MineLevelField;
        return decimal(typed[f] ?? form.mine[f]);
      });
      if (vs.every((v) => v === 0))
        errors[`mineLevel.${cents}.winningExtras`] = { key: 'presentation.errors.allZero', params: {} };
    }
  } else {
    for (const l of table.levels) {
      const text = bonusPercentText(form, l.prizeCents);
      const v = decimal(text);
      if (Number.isNaN(v) || v > 100)
        errors[`bonus.${l.prizeCents}`] = { key: 'presentation.errors.share', params: { value: text.trim() } };
    }
  }
  return errors;
}

/** The engine's settings of a right form (see {@link presentationErrors}), or null while a field is wrong. */
export function presentationSettings(form: PresentationForm, table: PrizeTable): PresentationSettings | null {
  if (Object.keys(presentationErrors(form, table)).length > 0) return null;
  const game = table.game;
  const m6Strict = game === 'mine-d-or' && form.m6Strict;
  let weights: PresentationWeights | undefined;
  if (game === 'mine-d-or') {
    const v = (f: MineWeightField): number => decimal(form.mine[f]);
    const four = (g: string): [number, number, number, number] =>
      [0, 1, 2, 3].map((i) => v(`${g}.${i}` as MineWeightField)) as [number, number, number, number];
    const mineDor: MineDorWeights = {
      winningExtras: four('winningExtras'),
      losingExtras: four('losingExtras'),
      additionalCombination: v('additionalCombination'),
      alignedCombination: v('alignedCombination'),
      losingStage: v('losingStage'),
    };
    const byPrize = levelWeights(form, table, mineDor);
    const same = MINE_WEIGHT_FIELDS.every((f) => mineValue(mineDor, f) === mineValue(DEFAULT_MINE_DOR_WEIGHTS, f));
    weights = same && !byPrize ? undefined : { mineDor: byPrize ? { ...mineDor, byPrize } : mineDor };
  } else {
    const byPrize: Record<number, number> = {};
    let custom = false;
    for (const l of table.levels) {
      const share = decimal(bonusPercentText(form, l.prizeCents)) / 100;
      byPrize[l.prizeCents] = share;
      if (share !== DEFAULT_GONGS_WEIGHTS.bonusShare) custom = true;
    }
    weights = custom
      ? { gongs: { bonusShare: DEFAULT_GONGS_WEIGHTS.bonusShare, bonusShareByPrize: byPrize } }
      : undefined;
  }
  return { generatorVersion: form.generatorVersion, m6Strict, weights };
}

/**
 * The engine's per-level weights (M4) of a right form: for each level, the fields that differ from
 * the block's `block` weights (a level typed with the block's values draws the same units); undefined
 * when no level differs.
 */
function levelWeights(
  form: PresentationForm,
  table: PrizeTable,
  block: MineDorWeights,
): Record<number, Partial<MineDorLevelWeights>> | undefined {
  const byPrize: Record<number, Partial<MineDorLevelWeights>> = {};
  for (const [cents, typed] of mineLevelOverrides(form, table)) {
    const v = (f: MineLevelField): number => (typed[f] === undefined ? mineValue(block, f) : decimal(typed[f]));
    const o: { -readonly [K in keyof MineDorLevelWeights]?: MineDorLevelWeights[K] } = {};
    const extras = [0, 1, 2, 3].map((i) => v(`winningExtras.${i}` as MineLevelField)) as [
      number,
      number,
      number,
      number,
    ];
    if (extras.some((x, i) => x !== block.winningExtras[i])) o.winningExtras = extras;
    for (const f of ['additionalCombination', 'alignedCombination', 'losingStage'] as const)
      if (v(f) !== block[f]) o[f] = v(f);
    if (Object.keys(o).length > 0) byPrize[cents] = o;
  }
  return Object.keys(byPrize).length > 0 ? byPrize : undefined;
}

/** A key naming the settings: results computed under another key are dropped (R1). */
export function presentationKey(s: PresentationSettings): string {
  return `v${s.generatorVersion}|m6 ${s.m6Strict ? 'strict' : 'default'}|${s.weights ? JSON.stringify(s.weights) : 'default weights'}`;
}

/** The generator version named by a generator id (`instant-lab-gen/2`); 1 when unreadable. */
export function versionOfGeneratorId(id: string): number {
  const n = Number(id.split('/').pop());
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/** The key of the settings a run was computed with (runs saved before them: their generator id's version). */
export function runPresentationKey(r: SimulationRun): string {
  const ps = r.presentationSettings;
  return presentationKey({
    generatorVersion: ps?.generatorVersion ?? versionOfGeneratorId(r.generator),
    m6Strict: ps?.m6Strict ?? false,
    weights: ps?.weights,
  });
}
