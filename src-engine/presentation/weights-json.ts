/**
 * Presentation weights (M4, G2) as JSON, the same object in a presentation settings file, an export
 * header (`presentation_weights`) and an audit report: snake_case keys, prizes in cents. Checked
 * with zod; every problem names its field, what was found and what is expected, in English and
 * French. Weights equal to the documented defaults read back as `undefined` (the defaults).
 */
import { z } from 'zod';
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
const weight = z
  .number()
  .min(0)
  .max(MAX_PRESENTATION_WEIGHT)
  .refine((v) => v === 0 || v >= MIN_PRESENTATION_WEIGHT);
const factor = z.number().min(MIN_PRESENTATION_WEIGHT).max(MAX_PRESENTATION_WEIGHT);
const extras = z.tuple([weight, weight, weight, weight]);
/** A prize in whole cents as an object key: "1000" for 10,00 €. */
const prizeKey = z.string().regex(/^[1-9]\d{0,11}$/);
const mineLevel = z.strictObject({
  winning_extras: extras.optional(),
  additional_combination: factor.optional(),
  aligned_combination: factor.optional(),
  losing_stage: factor.optional(),
});
const mineSchema = z.strictObject({
  winning_extras: extras,
  losing_extras: extras,
  additional_combination: factor,
  aligned_combination: factor,
  losing_stage: factor,
  by_prize: z.record(prizeKey, mineLevel).optional(),
});
const share = z.number().min(0).max(1);
const gongsSchema = z.strictObject({
  bonus_share: share,
  bonus_share_by_prize: z.record(prizeKey, share).optional(),
});

interface Expected {
  readonly en: string;
  readonly fr: string;
}
/** What each field expects, by its name (the last named key of its path). */
const EXPECTED: Readonly<Record<string, Expected>> = {
  extras: {
    en: '4 numbers, each 0 or from 0.000001 to 1000000, one of them above 0 (0 to 3 EXTRA symbols, M3, M4)',
    fr: "4 nombres, chacun 0 ou de 0,000001 à 1000000, l'un d'eux supérieur à 0 (0 à 3 symboles EXTRA, M3, M4)",
  },
  extra: { en: 'a number, 0 or from 0.000001 to 1000000 (M4)', fr: 'un nombre, 0 ou de 0,000001 à 1000000 (M4)' },
  factor: { en: 'a number from 0.000001 to 1000000 (M4)', fr: 'un nombre de 0,000001 à 1000000 (M4)' },
  by_prize: {
    en: 'an object whose keys are prizes in cents ("1000" for €10.00), each with some of winning_extras, additional_combination, aligned_combination, losing_stage (M4)',
    fr: 'un objet dont les clés sont des lots en centimes ("1000" pour 10,00 €), chacun avec certains de winning_extras, additional_combination, aligned_combination, losing_stage (M4)',
  },
  level: {
    en: 'an object with some of winning_extras, additional_combination, aligned_combination, losing_stage (M4)',
    fr: 'un objet avec certains de winning_extras, additional_combination, aligned_combination, losing_stage (M4)',
  },
  share: { en: 'a share from 0 to 1 (G2)', fr: 'une part de 0 à 1 (G2)' },
  bonus_share_by_prize: {
    en: 'an object whose keys are prizes in cents ("30000" for €300.00), each a share from 0 to 1 (G2)',
    fr: 'un objet dont les clés sont des lots en centimes ("30000" pour 300,00 €), chacun une part de 0 à 1 (G2)',
  },
  prizeKey: {
    en: 'a prize in whole cents, e.g. "1000" for €10.00',
    fr: 'un lot en centimes entiers, par exemple "1000" pour 10,00 €',
  },
  mineWeights: {
    en: 'an object with winning_extras, losing_extras, additional_combination, aligned_combination, losing_stage and optionally by_prize (M4)',
    fr: 'un objet avec winning_extras, losing_extras, additional_combination, aligned_combination, losing_stage et éventuellement by_prize (M4)',
  },
  gongsWeights: {
    en: 'an object with bonus_share and optionally bonus_share_by_prize (G2)',
    fr: 'un objet avec bonus_share et éventuellement bonus_share_by_prize (G2)',
  },
};

/** Shows a value found in a file, short and on one line. */
export function shownValue(v: unknown, lang: 'en' | 'fr'): string {
  if (v === undefined) return lang === 'fr' ? 'absent' : 'missing';
  const t = typeof v === 'number' ? String(v) : (JSON.stringify(v) ?? String(v));
  return t.length > 40 ? `${t.slice(0, 40)}…` : t;
}

/** A field's problem: « field "x" is 3: expected … » / « le champ "x" vaut 3 : attendu … ». */
export function fieldProblem(field: string, found: unknown, expected: Expected): SettingsProblem {
  const isMissing = found === undefined;
  return {
    field,
    message: `field "${field}" ${isMissing ? 'is missing' : `is ${shownValue(found, 'en')}`}: expected ${expected.en}`,
    fr: `le champ "${field}" ${isMissing ? 'est absent' : `vaut ${shownValue(found, 'fr')}`} : attendu ${expected.fr}`,
  };
}

/** `weights.by_prize.1000.winning_extras[2]` from a zod path. */
export function fieldName(prefix: string, path: readonly PropertyKey[]): string {
  let out = prefix;
  for (const k of path) out += typeof k === 'number' ? `[${k}]` : out === '' ? String(k) : `.${String(k)}`;
  return out;
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let v = raw;
  for (const k of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

/** What a field of a weights object expects, from its path. */
function expectedAt(game: GameId, path: readonly PropertyKey[]): Expected {
  const named = path.filter((k): k is string => typeof k === 'string');
  const last = named.at(-1);
  const indexed = typeof path.at(-1) === 'number';
  if (last === undefined) return game === 'mine-d-or' ? EXPECTED.mineWeights! : EXPECTED.gongsWeights!;
  if (last === 'winning_extras' || last === 'losing_extras') return indexed ? EXPECTED.extra! : EXPECTED.extras!;
  if (last === 'additional_combination' || last === 'aligned_combination' || last === 'losing_stage')
    return EXPECTED.factor!;
  if (last === 'bonus_share') return EXPECTED.share!;
  if (last === 'by_prize') return EXPECTED.by_prize!;
  if (last === 'bonus_share_by_prize') return EXPECTED.bonus_share_by_prize!;
  // a key of by_prize or bonus_share_by_prize: the level's object, or its share
  return named.includes('bonus_share_by_prize') ? EXPECTED.share! : EXPECTED.level!;
}

/** The problems zod found in a weights object, each named (`prefix` is the object's own path). */
function zodProblems(game: GameId, raw: unknown, issues: readonly z.core.$ZodIssue[], prefix: string) {
  const out: SettingsProblem[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const field = fieldName(prefix, [...issue.path, key]);
        const known = Object.keys(expectedOwner(game, issue.path)).join(', ');
        out.push({
          field,
          message: `field "${field}" is unknown: expected only ${known}`,
          fr: `le champ "${field}" est inconnu : attendu seulement ${known}`,
        });
      }
    } else if (issue.code === 'invalid_key') {
      const key = String(issue.path.at(-1));
      const field = fieldName(prefix, issue.path);
      out.push({
        field,
        message: `field "${field}" names the prize "${key}": expected ${EXPECTED.prizeKey!.en}`,
        fr: `le champ "${field}" désigne le lot "${key}" : attendu ${EXPECTED.prizeKey!.fr}`,
      });
    } else {
      out.push(fieldProblem(fieldName(prefix, issue.path), valueAt(raw, issue.path), expectedAt(game, issue.path)));
    }
  }
  // one message per field
  return out.filter((p, i) => out.findIndex((q) => q.field === p.field) === i);
}

/** The fields an object of the weights accepts, for « expected only … ». */
function expectedOwner(game: GameId, path: readonly PropertyKey[]): Record<string, unknown> {
  if (game === 'les-3-gongs') return gongsSchema.shape;
  return path.length === 0 ? mineSchema.shape : mineLevel.shape;
}

/** The outcome of reading weights: engine weights (undefined: the defaults), or every problem. */
export type WeightsRead =
  | { readonly ok: true; readonly weights: PresentationWeights | undefined; readonly hasLevels: boolean }
  | { readonly ok: false; readonly problems: readonly SettingsProblem[] };

/**
 * Reads a game's weights from JSON (`prefix` names the object in messages: `weights`,
 * `presentation_weights`). Checks: shape, every weight 0 or more, factors above 0, shares from 0
 * to 1, at most {@link MAX_WEIGHTED_LEVELS} levels, and a set of EXTRA weights all at 0 (M4: the
 * level could not be shown). Prize levels are checked against a table by {@link weightsLevelProblems}.
 */
export function readWeightsJson(game: GameId, raw: unknown, prefix: string): WeightsRead {
  const schema = game === 'mine-d-or' ? mineSchema : gongsSchema;
  const levels = (raw as { by_prize?: unknown; bonus_share_by_prize?: unknown } | null)?.[
    game === 'mine-d-or' ? 'by_prize' : 'bonus_share_by_prize'
  ];
  if (typeof levels === 'object' && levels !== null && Object.keys(levels).length > MAX_WEIGHTED_LEVELS) {
    const field = `${prefix}.${game === 'mine-d-or' ? 'by_prize' : 'bonus_share_by_prize'}`;
    const n = Object.keys(levels).length;
    return {
      ok: false,
      problems: [
        {
          field,
          message: `field "${field}" names ${n} levels: expected at most ${MAX_WEIGHTED_LEVELS}`,
          fr: `le champ "${field}" nomme ${n} niveaux : attendu au plus ${MAX_WEIGHTED_LEVELS}`,
        },
      ],
    };
  }
  const r = schema.safeParse(raw);
  if (!r.success) return { ok: false, problems: zodProblems(game, raw, r.error.issues, prefix) };
  if (game === 'les-3-gongs') {
    const j = r.data as GongsWeightsJson;
    const byPrize = Object.fromEntries(Object.entries(j.bonus_share_by_prize ?? {}).map(([k, v]) => [Number(k), v]));
    const w = normaliseGongs({ bonusShare: j.bonus_share, bonusShareByPrize: byPrize });
    return { ok: true, weights: w && { gongs: w }, hasLevels: Object.keys(w?.bonusShareByPrize ?? {}).length > 0 };
  }
  const j = r.data as MineWeightsJson;
  const problems: SettingsProblem[] = [];
  const allZero = (field: string, v: readonly number[]): void => {
    if (v.every((x) => x === 0)) problems.push(fieldProblem(field, v, EXPECTED.extras!));
  };
  allZero(`${prefix}.winning_extras`, j.winning_extras);
  allZero(`${prefix}.losing_extras`, j.losing_extras);
  for (const [k, o] of Object.entries(j.by_prize ?? {}))
    if (o.winning_extras) allZero(`${prefix}.by_prize.${k}.winning_extras`, o.winning_extras);
  if (problems.length > 0) return { ok: false, problems };
  const byPrize: Record<number, Partial<MineDorLevelWeights>> = {};
  for (const [k, o] of Object.entries(j.by_prize ?? {}))
    byPrize[Number(k)] = {
      ...(o.winning_extras ? { winningExtras: o.winning_extras } : {}),
      ...(o.additional_combination !== undefined ? { additionalCombination: o.additional_combination } : {}),
      ...(o.aligned_combination !== undefined ? { alignedCombination: o.aligned_combination } : {}),
      ...(o.losing_stage !== undefined ? { losingStage: o.losing_stage } : {}),
    };
  const w = normaliseMine({
    winningExtras: j.winning_extras,
    losingExtras: j.losing_extras,
    additionalCombination: j.additional_combination,
    alignedCombination: j.aligned_combination,
    losingStage: j.losing_stage,
    byPrize,
  });
  return { ok: true, weights: w && { mineDor: w }, hasLevels: Object.keys(w?.byPrize ?? {}).length > 0 };
}

const sameFour = (a: readonly number[], b: readonly number[]): boolean => a.every((x, i) => x === b[i]);

/** Mine d'or weights without the level overrides that change nothing; undefined when they are the defaults. */
function normaliseMine(w: MineDorWeights): MineDorWeights | undefined {
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
function normaliseGongs(w: GongsWeights): GongsWeights | undefined {
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
