/**
 * Calibration of the placement tests: run every test on many blocks whose placement is
 * a uniformly random permutation (ideal shuffles, or the generator's own keyed permutation) and
 * count how often each fails at 1 %: a correct test fails 1 % of them, within the 99 %
 * Clopper–Pearson interval of that count, and its p-values are uniform (KS). The same loop on
 * deliberately biased blocks measures each test's power.
 */
import { Placement } from '../block/placement';
import { ShuffleStream } from '../random/shuffle-stream';
import type { Draws } from '../random/shuffle-stream';
import type { PrizeTable } from '../rules/types';
import { betaInv, ksPValue } from './distributions';
import { applyBias } from './placement-biases';
import type { PlacementBias } from './placement-biases';
import { ALPHA, LOSING_LEVEL, ksUniformD } from './placement-tests';
import { placementTests } from './placement-parts';
import type { PlacementTest } from './placement-tests';

/** Where each trial's block comes from. */
export type CalibrationSource = 'shuffle' | 'generator';

export { PLACEMENT_BIASES, POWER_PLAN, BIAS_TEXT, applyBias } from './placement-biases';
export type { PlacementBias } from './placement-biases';

export interface CalibrationOptions {
  readonly trials: number;
  readonly seed: number;
  readonly source: CalibrationSource;
  readonly bias?: PlacementBias;
  /** Bias strength in [0, 1]: the share of the winners (or top lots) that are moved. */
  readonly strength?: number;
  /** Confidence of the interval of each rejection rate. */
  readonly confidence?: number;
  /** Given each trial's block, in trial order (the checks across blocks are calibrated on the same blocks). */
  readonly onLevels?: (levels: Uint8Array) => void;
}

export interface CalibrationRow {
  /** `segments`, …, or `levelPositions:<level index>`. */
  readonly key: string;
  readonly trials: number;
  readonly rejections: number;
  readonly rate: number;
  /** Clopper–Pearson interval of the rejection rate at {@link CalibrationOptions.confidence}. */
  readonly low: number;
  readonly high: number;
  /** Whether the nominal 1 % lies in that interval. */
  readonly calibrated: boolean;
  /** KS test of the uniformity of the test's p-values over the trials. */
  readonly uniformityD: number;
  readonly uniformityP: number;
}

export interface CalibrationResult {
  readonly rows: readonly CalibrationRow[];
  /** The Holm overall verdict's rejection rate, as a row with key `overall`. */
  readonly overall: CalibrationRow;
  /** Share of the blocks that fail at least one test alone at 1 %. */
  readonly anyFailureRate: number;
  /** Of the blocks the overall verdict rejects, how many each test decided (smallest p), by test id. */
  readonly firedBy: Readonly<Record<string, number>>;
  /**
   * The same by test key (a level's test with its level): on fair blocks, which test's far tail the
   * overall verdict's false alarms come from, where a test's own rate at 1 % cannot show it.
   */
  readonly overallBy: Readonly<Record<string, number>>;
  /** Each block's overall p-value (Bonferroni: tests × smallest p, capped at 1), in trial order. */
  readonly blockP: Float64Array;
}

/** Key of a test in the calibration rows. */
export function testKey(t: PlacementTest): string {
  return t.level === undefined ? t.id : `${t.id}:${t.level}`;
}

/** Clopper–Pearson interval of a binomial proportion k/n at `confidence`. */
export function clopperPearson(k: number, n: number, confidence: number): { low: number; high: number } {
  const a = (1 - confidence) / 2;
  return {
    low: k === 0 ? 0 : betaInv(a, k, n - k + 1),
    high: k === n ? 1 : betaInv(1 - a, k + 1, n - k),
  };
}

/** The levels of a table in slot order (losing units first), as a levels array (255 = losing). */
export function sortedLevels(table: PrizeTable): Uint8Array {
  const out = new Uint8Array(table.blockUnits).fill(LOSING_LEVEL);
  let s = table.blockUnits - table.levels.reduce((a, l) => a + l.lots, 0);
  table.levels.forEach((l, i) => out.fill(i, s, (s += l.lots)));
  return out;
}

/** Fisher–Yates shuffle in place from a seeded stream. */
export function shuffleInPlace(a: Uint8Array, rng: Draws): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
}

/** The generator's placement for permutation key `key` (R2), as a levels array. */
export function generatorLevels(table: PrizeTable, key: number): Uint8Array {
  const p = new Placement(table, key);
  const out = new Uint8Array(table.blockUnits);
  p.levelsInto(0, out);
  for (let i = 0; i < out.length; i++) if (out[i] === p.losingLevel) out[i] = LOSING_LEVEL;
  return out;
}

function row(key: string, rejections: number, pValues: Float64Array, confidence: number): CalibrationRow {
  const trials = pValues.length;
  const { low, high } = clopperPearson(rejections, trials, confidence);
  const d = ksUniformD(pValues);
  return {
    key,
    trials,
    rejections,
    rate: rejections / trials,
    low,
    high,
    calibrated: low <= ALPHA && ALPHA <= high,
    uniformityD: d,
    uniformityP: ksPValue(d, trials),
  };
}

/**
 * Runs every placement test on `trials` random blocks of `table` (biased if asked) and returns each
 * test's rejection rate at 1 % with its interval and the uniformity of its p-values.
 */
export function calibratePlacement(table: PrizeTable, options: CalibrationOptions): CalibrationResult {
  const { trials, seed, source } = options;
  const bias = options.bias ?? 'none';
  const strength = options.strength ?? 0;
  const confidence = options.confidence ?? 0.99;
  const rng = new ShuffleStream();
  const base = sortedLevels(table);
  const pValues = new Map<string, Float64Array>();
  const rejections = new Map<string, number>();
  const overallP = new Float64Array(trials);
  let overallRejections = 0;
  let anyFailure = 0;
  const firedBy: Record<string, number> = {};
  const overallBy: Record<string, number> = {};
  for (let t = 0; t < trials; t++) {
    rng.reseed(seed, t);
    let levels: Uint8Array;
    if (source === 'generator') levels = generatorLevels(table, rng.next());
    else {
      levels = Uint8Array.from(base);
      shuffleInPlace(levels, rng);
    }
    if (bias !== 'none') applyBias(levels, table, bias, strength, rng);
    options.onLevels?.(levels);
    const rep = placementTests(levels, table);
    let minP = 1;
    let decider = '';
    let deciderKey = '';
    for (const test of rep.tests) {
      const key = testKey(test);
      let ps = pValues.get(key);
      if (!ps) pValues.set(key, (ps = new Float64Array(trials)));
      ps[t] = test.pValue;
      if (!test.pass) rejections.set(key, (rejections.get(key) ?? 0) + 1);
      if (test.pValue < minP || decider === '') [decider, deciderKey] = [test.id, key];
      minP = Math.min(minP, test.pValue);
    }
    // Holm's overall verdict rejects exactly when the smallest p is below α/m: its Bonferroni p.
    overallP[t] = Math.min(1, minP * rep.tests.length);
    if (!rep.familyPass) {
      overallRejections++;
      firedBy[decider] = (firedBy[decider] ?? 0) + 1;
      overallBy[deciderKey] = (overallBy[deciderKey] ?? 0) + 1;
    }
    if (rep.failures > 0) anyFailure++;
  }
  const rows = [...pValues.entries()].map(([key, ps]) => row(key, rejections.get(key) ?? 0, ps, confidence));
  return {
    rows,
    overall: row('overall', overallRejections, overallP, confidence),
    anyFailureRate: trials > 0 ? anyFailure / trials : 0,
    firedBy,
    overallBy,
    blockP: overallP,
  };
}
