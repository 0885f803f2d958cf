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
 * of a multi-scale finding, or the smallest distance between the lots of a level spaced too
 * regularly.
 */
export interface PlacementWhere {
  readonly from: number;
  readonly to: number;
  readonly period?: number;
  readonly residue?: number;
  readonly scale?: number;
  /** For a level spaced too regularly: the smallest distance between its consecutive lots, and its expectation. */
  readonly minGap?: number;
  readonly expectedMinGap?: number;
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

/** The placement tests of a block, by id (each in its own module, gathered by `placement-tests.ts`). */
export type PlacementTestId =
  | 'segments'
  | 'runs'
  | 'serial'
  | 'gaps'
  | 'longestRun'
  | 'levelPositions'
  | 'levelRegularity'
  | 'rareLots'
  | 'periodicity'
  | 'spectral'
  | 'scales';

export interface PlacementTest {
  readonly id: PlacementTestId;
  /** For `levelPositions` and `levelRegularity`: the level's index in the table and its amount. */
  readonly level?: number;
  readonly prizeCents?: number;
  /** Name of the statistic ("χ²", "z", "D", "L", the rare lots' "range", or "position" for a single one) and its value. */
  readonly statisticName: string;
  readonly statistic: number;
  /** Degrees of freedom (chi-square) or points (KS, runs), when they apply. */
  readonly df?: number;
  readonly n: number;
  readonly pValue: number;
  readonly pass: boolean;
  /** One line in English saying what was compared (the UI translates by id). */
  readonly detail: string;
  /** Where in the block the finding lies, when the test can say. */
  readonly where?: PlacementWhere;
}
