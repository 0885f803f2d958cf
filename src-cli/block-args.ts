/**
 * The options that name the blocks of a run, shared by `simulate`, `export` and `audit`:
 * --game and --stake, or --table FILE.json (a scenario of the payout explorer) with an optional
 * --stake that must be the table's; [--seed], [--blocks], [--workers]; [--generator-version 1|2]
 * (R5: new blocks are of version 2, version 1 blocks still reproduce) and [--m6-strict] (Mine d'or:
 * M6's strict reading); [--presentation FILE.json] (the simulation screen's presentation settings:
 * generator version, M6 reading and weights M4/G2).
 */
import { availableParallelism } from 'node:os';
import {
  MAX_SEED,
  randomSeed,
  formatEuros,
  officialBlock,
  parseGame,
  parseGeneratorVersion,
  parseSeed,
  parseStake,
  scenarioBlockSpec,
} from '@engine';
import { GENERATOR_VERSION, GENERATOR_VERSIONS } from '@engine';
import type { BlockSpec, GameId, PresentationWeights, Scenario, StakeCents } from '@engine';
import { numberFlag } from './args';
import { GAME, STAKE } from './common-options';
import { UsageError } from './errors';
import { readPresentationFile } from './presentation-file';
import { readScenarioFile } from './table-file';

/** The options that name the blocks of a run, as commands declare them. */
export const BLOCK_RUN_OPTIONS = {
  ...GAME,
  ...STAKE,
  table: {
    type: 'string',
    value: 'FILE.json',
    help: 'a scenario of the payout explorer instead of the official table (it names its game; --stake, if given, must be its)',
  },
  seed: { type: 'string', value: 'S', help: 'the first block’s seed (R1); drawn at random when absent' },
  blocks: { type: 'string', value: 'K', help: 'how many blocks, of seeds S, S+1, …', default: '1' },
  workers: { type: 'string', value: 'W', help: 'worker threads (default: one per core)' },
  'generator-version': {
    type: 'string',
    choices: GENERATOR_VERSIONS.map(String),
    help: 'the generator version of the blocks (R5; default the latest)',
  },
  'm6-strict': { type: 'boolean', help: 'Mine d’or: M6’s strict reading' },
  presentation: {
    type: 'string',
    value: 'FILE.json',
    help: 'the simulation screen’s presentation settings (generator version, M6 reading, weights M4/G2)',
  },
} as const;

export interface BlockRun {
  readonly game: GameId;
  readonly stake: StakeCents;
  readonly seed: number;
  readonly blocks: number;
  readonly workers: number;
  /** R5: the generator version of the blocks (default: the latest). */
  readonly generatorVersion: number;
  /** M6's strict reading (Mine d'or). */
  readonly m6Strict: boolean;
  /** The scenario of `--table`, or null for the official table. */
  readonly scenario: Scenario | null;
  /** Presentation weights of `--presentation` other than the documented defaults (M4, G2), or undefined. */
  readonly weights: PresentationWeights | undefined;
  /** The spec of the block with seed `seed` (official, or of the scenario's table). */
  specFor(seed: number): BlockSpec;
}

/** A whole-number flag from 1 to `max` (the engine's strict reader), or `fallback` when absent. */
export function parsePositive(text: string, name: string, max: number): number;
export function parsePositive(text: string | undefined, name: string, max: number, fallback: number): number;
export function parsePositive(text: string | undefined, name: string, max: number, fallback?: number): number {
  return text === undefined ? fallback! : numberFlag(name, text, { min: 1, max });
}

/** The values {@link parseBlockRun} reads. */
export interface BlockRunValues {
  game?: string;
  stake?: string;
  table?: string;
  seed?: string;
  blocks?: string;
  workers?: string;
  'generator-version'?: string;
  'm6-strict'?: boolean;
  presentation?: string;
}

/** The game, the stake and the table: from --game/--stake, or from --table. */
async function parseSource(
  values: BlockRunValues,
  usage: string,
): Promise<{ game: GameId; stake: StakeCents; scenario: Scenario | null }> {
  if (values.table === undefined) {
    if (values.game === undefined)
      throw new UsageError(`--game or --table is required: ${usage}`, `--game ou --table est obligatoire : ${usage}`);
    if (values.stake === undefined)
      throw new UsageError(
        `--stake is required with --game: ${usage}`,
        `--stake est obligatoire avec --game : ${usage}`,
      );
    return { game: parseGame(values.game), stake: parseStake(values.stake), scenario: null };
  }
  if (values.game !== undefined) {
    throw new UsageError(
      '--game and --table cannot both be given: the table names its game',
      '--game et --table ne peuvent pas être donnés ensemble : le tableau nomme son jeu',
    );
  }
  const stake = values.stake === undefined ? null : parseStake(values.stake);
  const scenario = await readScenarioFile(values.table);
  if (stake !== null && stake !== scenario.stakeCents) {
    throw new UsageError(
      `--stake ${formatEuros(stake, 'en')} is not the stake of --table "${values.table}" (${formatEuros(scenario.stakeCents, 'en')}): leave --stake out or give the table's`,
    );
  }
  return { game: scenario.game, stake: scenario.stakeCents, scenario };
}

/**
 * Checks the block-run options; a missing seed is drawn at random (and printed by the caller);
 * a command that needs one declares `--seed` required.
 */
export async function parseBlockRun(values: BlockRunValues, usage: string, maxBlocks: number): Promise<BlockRun> {
  const { game, stake, scenario } = await parseSource(values, usage);
  const blocks = parsePositive(values.blocks ?? '1', 'blocks', maxBlocks); // export takes no --blocks: one block;
  const seed = values.seed === undefined ? randomSeed(blocks) : parseSeed(values.seed);
  if (seed + blocks - 1 > MAX_SEED) throw new UsageError(`seeds ${seed}…${seed + blocks - 1} go past ${MAX_SEED}`);
  const workers = parsePositive(values.workers, 'workers', 64, availableParallelism());
  let generatorVersion = GENERATOR_VERSION;
  try {
    if (values['generator-version'] !== undefined)
      generatorVersion = parseGeneratorVersion(values['generator-version']);
  } catch (e) {
    throw new UsageError(`--generator-version: ${(e as Error).message}`);
  }
  let m6Strict = values['m6-strict'] === true;
  if (m6Strict && game !== 'mine-d-or') {
    throw new UsageError("--m6-strict is M6's strict reading of the Mine d'or rules: Les 3 Gongs has none");
  }
  const specFor = (s: number): BlockSpec => {
    if (!scenario) return officialBlock(game, stake, s, generatorVersion, m6Strict);
    const spec = scenarioBlockSpec(scenario, s, generatorVersion);
    return m6Strict ? { ...spec, m6Strict } : spec;
  };
  let weights: PresentationWeights | undefined;
  if (values.presentation !== undefined) {
    const path = values.presentation;
    const file = await readPresentationFile(path, specFor(seed).table);
    // the file names the blocks' version and M6 reading (R1): a flag may repeat them, never contradict them
    if (values['generator-version'] !== undefined && generatorVersion !== file.generatorVersion)
      throw new UsageError(
        `--generator-version ${generatorVersion} contradicts --presentation "${path}" (version ${file.generatorVersion}): leave --generator-version out or give the file's`,
      );
    if (m6Strict && !file.m6Strict)
      throw new UsageError(
        `--m6-strict contradicts --presentation "${path}" (M6's default reading): leave --m6-strict out or save the settings with the strict reading`,
      );
    generatorVersion = file.generatorVersion;
    m6Strict = file.m6Strict;
    weights = file.weights;
  }
  return { game, stake, seed, blocks, workers, generatorVersion, m6Strict, scenario, weights, specFor };
}
