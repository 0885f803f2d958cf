/**
 * Planning and input checks of a simulation run: which ranges each worker runs, and whether the
 * typed seed and block count are acceptable. Pure functions, unit-tested.
 */
import { InputError, MAX_SEED, parseSeed, splitOnSegments } from '../../../src-engine/index';

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
 * depend on the cut): with fewer blocks than workers each block is split so that every worker has
 * work; otherwise one range per block.
 */
export function planRanges(units: number, blocks: number, workers: number): PlannedRange[] {
  const parts = blocks >= workers ? 1 : Math.ceil(workers / blocks);
  const out: PlannedRange[] = [];
  for (let b = 0; b < blocks; b++) for (const r of splitOnSegments(units, parts)) out.push({ block: b, ...r });
  return out;
}

/** A problem with what was typed, as a message key and its parameters (the screen translates it). */
export interface FieldError {
  readonly key: string;
  readonly params: Readonly<Record<string, string | number>>;
  /** The engine's own message, when the engine reported it. */
  readonly engine?: string;
}

/** Checks the seed with the engine's {@link parseSeed}: the number, or the reason it is refused. */
export function checkSeed(text: string): { seed: number } | { error: FieldError } {
  try {
    return { seed: parseSeed(text) };
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    const t = text.trim();
    const key = /^\d+$/.test(t) ? 'seedRange' : 'seedDigits';
    return { error: { key, params: { value: t, max: MAX_SEED }, engine: e.message } };
  }
}

/** Checks the number of blocks: a whole number from {@link MIN_BLOCKS} to {@link MAX_BLOCKS}. */
export function checkBlocks(text: string): { blocks: number } | { error: FieldError } {
  const t = text.trim();
  const n = /^\d+$/.test(t) ? Number(t) : NaN;
  if (!Number.isInteger(n) || n < MIN_BLOCKS || n > MAX_BLOCKS)
    return { error: { key: 'blocksRange', params: { value: t, min: MIN_BLOCKS, max: MAX_BLOCKS } } };
  return { blocks: n };
}

/** Checks that every block's seed (seed + k, k < blocks) stays a valid seed. */
export function checkSeedSpan(seed: number, blocks: number): FieldError | null {
  if (seed + blocks - 1 <= MAX_SEED) return null;
  return { key: 'seedSpan', params: { blocks, max: MAX_SEED - blocks + 1 } };
}

/** A random seed from the platform's CSPRNG, low enough for any block count to stay valid. */
export function randomSeed(random: (a: Uint32Array) => Uint32Array = (a) => crypto.getRandomValues(a)): number {
  const [v] = random(new Uint32Array(1));
  return (v ?? 0) % (MAX_SEED - MAX_BLOCKS + 2);
}
