/**
 * The header of an export of ours (docs/reference/file-formats.md): game, stake, seed, a version of our
 * generator this build regenerates (R1, R5), the M6 reading and any presentation weights (M4, G2).
 */
import { GENERATOR_VERSIONS, generatorId, isGeneratorVersion, officialBlock } from '../../block/spec';
import { enInt, frInt } from '../../i18n/localized-text';
import { weightsLevelProblems } from '../../presentation/weights-json';
import { readWeightsJson } from '../../presentation/weights-reading';
import type { GameId, StakeCents } from '../../rules/types';
import { GAME_IDS, STAKES } from '../../rules/types';
import type { HeaderReading } from './header-reading';
import { refusedField } from './header-reading';
import { isInt, show, showFr } from './wording';

/** The version N an id "instant-lab-gen/N" names: null when the id is not one of our generator's. */
export function ourGeneratorVersion(id: unknown): number | null {
  const m = typeof id === 'string' ? /^instant-lab-gen\/([1-9]\d{0,5})$/.exec(id) : null;
  return m ? Number(m[1]) : null;
}

/** Reads the header object of an export of ours (its generator is ours and it has a seed). */
export function readOurHeader(o: Record<string, unknown>): HeaderReading {
  const fail = (field: string, msg: string, fr: string): HeaderReading =>
    refusedField(field, `header: field "${field}": ${msg}`, `en-tête : champ "${field}" : ${fr}`);
  if (typeof o.game !== 'string' || !(GAME_IDS as readonly string[]).includes(o.game))
    return fail(
      'game',
      `expected "mine-d-or" or "les-3-gongs", got ${show(o.game)}`,
      `attendu "mine-d-or" ou "les-3-gongs", reçu ${showFr(o.game)}`,
    );
  if (!(STAKES as readonly unknown[]).includes(o.stake_cents))
    return fail(
      'stake_cents',
      `expected 50, 100 or 200 (art. 2), got ${show(o.stake_cents)}`,
      `attendu 50, 100 ou 200 (art. 2), reçu ${showFr(o.stake_cents)}`,
    );
  if (!isInt(o.seed) || o.seed < 0 || o.seed > 0xffffffff)
    return fail(
      'seed',
      `expected a whole number from 0 to 4294967295, got ${show(o.seed)}`,
      `attendu un nombre entier de 0 à 4\u202f294\u202f967\u202f295, reçu ${showFr(o.seed)}`,
    );
  // generic over the version the header names (R1, R5): any version this build regenerates
  const version = ourGeneratorVersion(o.generator)!;
  if (!isGeneratorVersion(version))
    return fail(
      'generator',
      `names version ${version} of our generator: expected ${GENERATOR_VERSIONS.join(' or ')} (R5)`,
      `désigne la version ${version} de notre générateur : attendu ${GENERATOR_VERSIONS.join(' ou ')} (R5)`,
    );
  // M6: a strict block says so; absent means the default reading
  if ('m6_reading' in o && !(o.game === 'mine-d-or' && o.m6_reading === 'strict'))
    return fail(
      'm6_reading',
      `expected "strict" in a Mine d'or export, or no such field (the default reading, M6), got ${show(o.m6_reading)}`,
      `attendu "strict" dans un export Mine d'or, ou pas de tel champ (lecture par défaut, M6), reçu ${showFr(o.m6_reading)}`,
    );
  const spec = officialBlock(o.game as GameId, o.stake_cents as StakeCents, o.seed, version, 'm6_reading' in o);
  if (o.units !== spec.table.blockUnits)
    return fail(
      'units',
      `expected ${enInt(spec.table.blockUnits)} (a ${o.game} block, art. 2), got ${show(o.units)}`,
      `attendu ${frInt(spec.table.blockUnits)} (un bloc ${o.game}, art. 2), reçu ${showFr(o.units)}`,
    );
  // M4, G2: a block made with other weights states them; it is regenerated with them
  if ('presentation_weights' in o) {
    const w = readWeightsJson(spec.game, o.presentation_weights, 'presentation_weights');
    const problems = w.ok ? weightsLevelProblems(spec.game, w.weights, spec.table, 'presentation_weights') : w.problems;
    const p = problems[0];
    if (p) return refusedField('presentation_weights', `header: ${p.message}`, `en-tête : ${p.fr}`);
    if (w.ok) return { kind: 'jsonl', spec, generator: generatorId(version), foreign: false, weights: w.weights };
  }
  return { kind: 'jsonl', spec, generator: generatorId(version), foreign: false };
}
