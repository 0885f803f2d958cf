/**
 * The presentation settings file (`instant-lab-presentation/1`): a run's game, the stake its
 * per-level weights are for (if any), generator version (R5), M6 reading and presentation weights
 * (M4, G2), saved by the simulation screen and read by it and by `--presentation FILE` of the
 * command line, so that a block made with them can be made again outside the app (R1).
 *
 * {
 *   "format": "instant-lab-presentation/1",
 *   "game": "mine-d-or" | "les-3-gongs",
 *   "stake_cents": 50 | 100 | 200,          (only when the weights name prize levels)
 *   "generator": "instant-lab-gen/2",
 *   "m6_reading": "default" | "strict",      (Mine d'or only)
 *   "weights": { … }                         (weights-json.ts; absent: the documented defaults)
 * }
 */
import { z } from 'zod';
import { GENERATOR_VERSIONS, generatorId } from '../block/spec';
import type { PresentationWeights } from '../games/registry';
import { parseJsonText } from '../import/json-text';
import { formatEuros } from '../money/format';
import { getRules } from '../rules/load';
import type { GameId, PrizeTable, StakeCents } from '../rules/types';
import { normaliseWeights } from './weights-json';
import { fieldProblem, readWeightsJson, shownValue } from './weights-reading';
import { weightedLevels, weightsLevelProblems, weightsToJson } from './weights-json';
import type { SettingsProblem } from './weights-json';

/** Name and version of the file format. */
export const PRESENTATION_FORMAT = 'instant-lab-presentation/1';
/** Largest settings file, refused before it is parsed (200 weighted levels take about 30 kB). */
export const MAX_PRESENTATION_BYTES = 256 * 1024;

/** The settings a file holds, as the engine takes them. */
export interface PresentationFile {
  readonly game: GameId;
  /** The stake whose prize levels the weights name; null when they name none (any stake). */
  readonly stakeCents: StakeCents | null;
  readonly generatorVersion: number;
  /** M6's strict reading (Mine d'or; always false for Les 3 Gongs). */
  readonly m6Strict: boolean;
  /** Weights other than the documented defaults, or undefined (the defaults). */
  readonly weights: PresentationWeights | undefined;
}

export type PresentationRead =
  | { readonly ok: true; readonly file: PresentationFile }
  | { readonly ok: false; readonly problems: readonly SettingsProblem[] };

const EXPECTED = {
  game: { en: '"mine-d-or" or "les-3-gongs"', fr: '"mine-d-or" ou "les-3-gongs"' },
  stake_cents: {
    en: '50, 100 or 200 (the stake in cents whose prize levels the weights name, art. 2)',
    fr: '50, 100 ou 200 (la mise en centimes dont les poids nomment les lots, art. 2)',
  },
  generator: {
    en: `${GENERATOR_VERSIONS.map((v) => `"${generatorId(v)}"`).join(' or ')} (R5)`,
    fr: `${GENERATOR_VERSIONS.map((v) => `"${generatorId(v)}"`).join(' ou ')} (R5)`,
  },
  m6_reading: { en: '"default" or "strict" (M6)', fr: '"default" ou "strict" (M6)' },
  gongsM6: {
    en: 'no such field in settings of Les 3 Gongs (M6 is a reading of the Mine d\'or rules), or "default"',
    fr: 'pas de tel champ dans des réglages de Les 3 Gongs (M6 est une lecture du règlement de Mine d\'or), ou "default"',
  },
} as const;

const fileSchema = z.looseObject({ format: z.unknown() });
const FIELDS = ['format', 'game', 'stake_cents', 'generator', 'm6_reading', 'weights'];

const problem = (field: string, message: string, fr: string): SettingsProblem => ({ field, message, fr });

/**
 * Reads a settings file's text: every problem once, in English and French, naming the field, what
 * was found and what is expected. Weights equal to the defaults read as `undefined` (the defaults).
 */
export function parsePresentationJson(text: string): PresentationRead {
  const json = parseJsonText(text, MAX_PRESENTATION_BYTES);
  if (!json.ok && json.tooLarge) return { ok: false, problems: [presentationTooLarge(text.length)] };
  if (!json.ok) {
    return {
      ok: false,
      problems: [
        problem(
          '(file)',
          `not JSON read one way only: ${json.notJson}`,
          `ce n'est pas du JSON à une seule lecture : ${json.notJsonFr}`,
        ),
      ],
    };
  }
  const raw = json.value;
  const f = fileSchema.safeParse(raw);
  const format = f.success ? f.data.format : undefined;
  if (format !== PRESENTATION_FORMAT) {
    const v = typeof format === 'string' ? /^instant-lab-presentation\/(\d+)$/.exec(format) : null;
    return {
      ok: false,
      problems: [
        v
          ? problem(
              'format',
              `field "format" is "${format}": version ${v[1]} of the presentation settings format is unknown to this build: expected "${PRESENTATION_FORMAT}"`,
              `le champ "format" vaut "${format}" : la version ${v[1]} du format des réglages de présentation est inconnue de cette version de l'application : attendu "${PRESENTATION_FORMAT}"`,
            )
          : problem(
              'format',
              `not an Instant Lab presentation settings file: field "format" is ${shownValue(format, 'en')}: expected "${PRESENTATION_FORMAT}"`,
              `ce n'est pas un fichier de réglages de présentation Instant Lab : le champ "format" vaut ${shownValue(format, 'fr')} : attendu "${PRESENTATION_FORMAT}"`,
            ),
      ],
    };
  }
  const o = f.data as Record<string, unknown>;
  const problems: SettingsProblem[] = [];
  for (const k of Object.keys(o))
    if (!FIELDS.includes(k))
      problems.push(
        problem(
          k,
          `field "${k}" is unknown: expected only ${FIELDS.join(', ')}`,
          `le champ "${k}" est inconnu : attendu seulement ${FIELDS.join(', ')}`,
        ),
      );
  const game = o.game === 'mine-d-or' || o.game === 'les-3-gongs' ? o.game : null;
  if (!game) problems.push(fieldProblem('game', o.game, EXPECTED.game));
  const stake = o.stake_cents === undefined ? null : o.stake_cents;
  if (stake !== null && stake !== 50 && stake !== 100 && stake !== 200)
    problems.push(fieldProblem('stake_cents', o.stake_cents, EXPECTED.stake_cents));
  const version = GENERATOR_VERSIONS.find((v) => generatorId(v) === o.generator);
  if (version === undefined) problems.push(fieldProblem('generator', o.generator, EXPECTED.generator));
  const m6 = o.m6_reading ?? 'default';
  if (m6 !== 'default' && m6 !== 'strict') problems.push(fieldProblem('m6_reading', o.m6_reading, EXPECTED.m6_reading));
  else if (m6 === 'strict' && game === 'les-3-gongs')
    problems.push(fieldProblem('m6_reading', o.m6_reading, EXPECTED.gongsM6));
  let weights: PresentationWeights | undefined;
  if (game && o.weights !== undefined) {
    const w = readWeightsJson(game, o.weights, 'weights');
    if (!w.ok) problems.push(...w.problems);
    else {
      weights = w.weights;
      if (w.hasLevels && o.stake_cents === undefined)
        problems.push(
          fieldProblem('stake_cents', undefined, {
            en: `${EXPECTED.stake_cents.en}, since the weights name prize levels`,
            fr: `${EXPECTED.stake_cents.fr}, puisque les poids nomment des lots`,
          }),
        );
    }
  }
  if (problems.length > 0 || !game || version === undefined) return { ok: false, problems };
  return {
    ok: true,
    file: {
      game,
      stakeCents: stake as StakeCents | null,
      generatorVersion: version,
      m6Strict: m6 === 'strict',
      weights,
    },
  };
}

/** The problem of a settings file over {@link MAX_PRESENTATION_BYTES} (`size` in bytes, or characters). */
export function presentationTooLarge(size: number): SettingsProblem {
  return problem(
    '(file)',
    `the file holds ${size} bytes: a presentation settings file holds at most ${MAX_PRESENTATION_BYTES} bytes`,
    `le fichier contient ${size} octets : un fichier de réglages de présentation en contient au plus ${MAX_PRESENTATION_BYTES}`,
  );
}

/**
 * The file of a run's settings for `table`: weights reduced to what changes units
 * ({@link normaliseWeights}); the stake is named only when the weights name prize levels.
 */
export function presentationFileOf(
  table: PrizeTable,
  s: {
    readonly generatorVersion: number;
    readonly m6Strict: boolean;
    readonly weights: PresentationWeights | undefined;
  },
): PresentationFile {
  const weights = normaliseWeights(table.game, s.weights, table);
  return {
    game: table.game,
    stakeCents: weightedLevels(weights).length > 0 ? (table.stakeCents as StakeCents) : null,
    generatorVersion: s.generatorVersion,
    m6Strict: table.game === 'mine-d-or' && s.m6Strict,
    weights,
  };
}

/**
 * The file's text (JSON, two-space indent, arrays of numbers on one line, final newline); the
 * weights are written in full.
 */
export function presentationToJson(f: PresentationFile): string {
  const text = JSON.stringify(
    {
      format: PRESENTATION_FORMAT,
      game: f.game,
      ...(f.stakeCents !== null ? { stake_cents: f.stakeCents } : {}),
      generator: generatorId(f.generatorVersion),
      ...(f.game === 'mine-d-or' ? { m6_reading: f.m6Strict ? 'strict' : 'default' } : {}),
      weights: weightsToJson(f.game, f.weights),
    },
    null,
    2,
  );
  return `${text.replace(/\[\s+([-\d.e+,\s]+?)\s+\]/g, (_m, inner: string) => `[${inner.split(/,\s+/).join(', ')}]`)}\n`;
}

/**
 * Why a file's settings cannot be used for blocks of `table`: another game, another stake than the
 * one its levels are for, or weights for an amount that is no level of the table (M4, G2). Empty
 * when they can.
 */
export function presentationProblemsFor(f: PresentationFile, table: PrizeTable): SettingsProblem[] {
  if (f.game !== table.game) {
    const theirs = getRules(f.game).name;
    const ours = getRules(table.game).name;
    return [
      problem(
        'game',
        `these presentation settings are for ${theirs} (field "game" is "${f.game}"): expected settings of ${ours}, the game of the blocks`,
        `ces réglages de présentation sont ceux de ${theirs} (le champ "game" vaut "${f.game}") : attendu des réglages de ${ours}, le jeu des blocs`,
      ),
    ];
  }
  if (f.stakeCents !== null && f.stakeCents !== table.stakeCents)
    return [
      problem(
        'stake_cents',
        `these presentation settings weigh the prize levels of the ${formatEuros(f.stakeCents, 'en')} stake (field "stake_cents" is ${f.stakeCents}): expected the stake of the blocks, ${formatEuros(table.stakeCents, 'en')}`,
        `ces réglages de présentation pondèrent les lots de la mise de ${formatEuros(f.stakeCents, 'fr')} (le champ "stake_cents" vaut ${f.stakeCents}) : attendu la mise des blocs, ${formatEuros(table.stakeCents, 'fr')}`,
      ),
    ];
  return weightsLevelProblems(f.game, f.weights, table, 'weights');
}
