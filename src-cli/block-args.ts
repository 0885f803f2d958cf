/**
 * The options that name a run of official blocks, shared by `simulate` and `audit`:
 * --game, --stake, [--seed], [--blocks], [--workers].
 */
import { availableParallelism } from 'node:os';
import { MAX_SEED, parseGame, parseSeed, parseStake } from '../src-engine/index';
import type { GameId, StakeCents } from '../src-engine/index';
import { UsageError } from './errors';

export const BLOCK_RUN_OPTIONS = {
  game: { type: 'string' },
  stake: { type: 'string' },
  seed: { type: 'string' },
  blocks: { type: 'string' },
  workers: { type: 'string' },
} as const;

export interface BlockRun {
  readonly game: GameId;
  readonly stake: StakeCents;
  readonly seed: number;
  readonly blocks: number;
  readonly workers: number;
}

export function parsePositive(text: string | undefined, name: string, max: number, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > max) {
    throw new UsageError(`--${name} "${text}" is not valid: expected a whole number from 1 to ${max}`);
  }
  return Number(text);
}

export function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}

/** Checks the block-run options; a missing seed is drawn at random (and printed by the caller). */
export function parseBlockRun(
  values: { game?: string; stake?: string; seed?: string; blocks?: string; workers?: string },
  usage: string,
  maxBlocks: number,
): BlockRun {
  if (values.game === undefined) throw new UsageError(`--game is required: ${usage}`);
  if (values.stake === undefined) throw new UsageError(`--stake is required: ${usage}`);
  const game = parseGame(values.game);
  const stake = parseStake(values.stake);
  const seed = values.seed === undefined ? randomSeed() : parseSeed(values.seed);
  const blocks = parsePositive(values.blocks, 'blocks', maxBlocks, 1);
  if (seed + blocks - 1 > MAX_SEED) throw new UsageError(`seeds ${seed}…${seed + blocks - 1} go past ${MAX_SEED}`);
  const workers = parsePositive(values.workers, 'workers', 64, availableParallelism());
  return { game, stake, seed, blocks, workers };
}
