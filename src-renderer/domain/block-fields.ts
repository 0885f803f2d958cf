/**
 * Checks of the block fields typed on several screens (seed, number of blocks): whether the text is
 * acceptable, and if not, why, as a message key of `fields.*` and its parameters. One place for
 * these rules, used by the simulation and compliance screens.
 */
import { InputError, MAX_SEED, parseSeed, readStrictNumber } from '@engine';
import { MAX_BLOCKS, MIN_BLOCKS } from './simulation/plan';

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
    const key = /^\d+$/.test(text) ? 'seedRange' : 'seedDigits';
    return { error: { key, params: { value: text, max: MAX_SEED }, engine: e.message } };
  }
}

/** Checks a number of blocks: a whole number from `min` to `max` (1 to {@link MAX_BLOCKS} by default). */
export function checkBlocks(
  text: string,
  max = MAX_BLOCKS,
  min = MIN_BLOCKS,
): { blocks: number } | { error: FieldError } {
  // the engine's one reader of typed numbers, as `--blocks` on the command line
  const r = readStrictNumber(text, { min, max });
  if (!r.ok) return { error: { key: 'blocksRange', params: { value: text, min, max } } };
  return { blocks: r.value };
}

/** Checks that every block's seed (seed + k, k < blocks) stays a valid seed. */
export function checkSeedSpan(seed: number, blocks: number): FieldError | null {
  if (seed + blocks - 1 <= MAX_SEED) return null;
  return { key: 'seedSpan', params: { blocks, max: MAX_SEED - blocks + 1 } };
}
