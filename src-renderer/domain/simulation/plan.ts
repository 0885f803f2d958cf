/**
 * Planning and input checks of a simulation run: which ranges each worker runs, and whether the
 * typed seed and block count are acceptable. Pure functions, unit-tested.
 */
import { MAX_SEED, partsPerBlock, segmentCount, splitOnSegments } from '../../../src-engine/index';

/** Blocks per run: block k uses seed + k (R1: each block is fully determined by its seed). */
export const MIN_BLOCKS = 1;
export const MAX_BLOCKS = 100;

/** A range job: units [from, to) of block `block`. */
export interface PlannedRange {
  readonly block: number;
  readonly from: number;
  readonly to: number;
}

/**
 * Cuts `blocks` blocks of `units` units into ranges on segment boundaries (R1: the digest does not
 * depend on the cut), so that every worker gets the same number of ranges, several each
 * ({@link partsPerBlock}): one block on 2 workers gives 16 ranges, where two halves would leave a
 * worker idle whenever the other is slowed, and a worker takes the next range as soon as it is free.
 */
export function planRanges(units: number, blocks: number, workers: number): PlannedRange[] {
  const parts = partsPerBlock(blocks, workers, segmentCount(units));
  const out: PlannedRange[] = [];
  for (let b = 0; b < blocks; b++) for (const r of splitOnSegments(units, parts)) out.push({ block: b, ...r });
  return out;
}

/** A random seed from the platform's CSPRNG, low enough for any block count to stay valid. */
export function randomSeed(random: (a: Uint32Array) => Uint32Array = (a) => crypto.getRandomValues(a)): number {
  const [v] = random(new Uint32Array(1));
  return (v ?? 0) % (MAX_SEED - MAX_BLOCKS + 2);
}
