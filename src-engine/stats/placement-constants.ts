/**
 * Constants and shapes shared by every placement test (`placement-tests.ts` and the tests in their
 * own modules), kept apart so that those modules import no test they do not run.
 */

/** Each test's significance level: a test fails when its p-value is below 1 %. */
export const ALPHA = 0.01;
/** A level is tested for position uniformity on its own when it has at least this many lots. */
export const KS_MIN_LOTS = 5;
/** Level index of a losing unit in a levels array. */
export const LOSING_LEVEL = 255;

/**
 * Where in the block a test's finding lies, for the person who examines it: the units
 * [from, to) (0-based indices; the whole block for a statistic of the whole block) and, for a
 * periodic finding, its period and the residue (phase) most in excess, or the window length
 * of a multi-scale finding.
 */
export interface PlacementWhere {
  readonly from: number;
  readonly to: number;
  readonly period?: number;
  readonly residue?: number;
  readonly scale?: number;
}

/** Whether a test alone passes at {@link ALPHA}. */
export const passes = (p: number): boolean => p >= ALPHA;

/** The winners' indices in increasing order. */
export function winnerIndices(levels: Uint8Array): Int32Array {
  let w = 0;
  for (let i = 0; i < levels.length; i++) if (levels[i] !== LOSING_LEVEL) w++;
  const out = new Int32Array(w);
  let k = 0;
  for (let i = 0; i < levels.length; i++) if (levels[i] !== LOSING_LEVEL) out[k++] = i;
  return out;
}
