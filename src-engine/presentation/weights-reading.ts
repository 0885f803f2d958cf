/**
 * Presentation weights (M4, G2) read from JSON one way only: checked with zod, every problem naming
 * its field, what was found and what is expected, in English and French.
 */
import { z } from 'zod';
import type { MineDorLevelWeights } from '../games/mine-d-or/presentations';
import type { GameId } from '../rules/types';
import type { PresentationWeights } from '../games/registry';
import {
  MAX_PRESENTATION_WEIGHT,
  MAX_WEIGHTED_LEVELS,
  MIN_PRESENTATION_WEIGHT,
  normaliseGongs,
  normaliseMine,
} from './weights-json';
import type { GongsWeightsJson, MineWeightsJson, SettingsProblem } from './weights-json';

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
