/**
 * Calibration of the placement tests (issue 14): run every test on many blocks whose placement is
 * a uniformly random permutation (ideal shuffles, or the generator's own keyed permutation) and
 * count how often each fails at 1 %: a correct test fails 1 % of them, within the 99 %
 * Clopper–Pearson interval of that count, and its p-values are uniform (KS). The same loop on
 * deliberately biased blocks measures each test's power.
 */
import { Placement } from '../block/placement';
import { UnitStream } from '../random/mix';
import type { PrizeTable } from '../rules/types';
import { betaInv, ksPValue } from './distributions';
import { ALPHA, LOSING_LEVEL, ksUniformD, placementTests } from './placement-tests';
import type { PlacementTest } from './placement-tests';

/** Where each trial's block comes from. */
export type CalibrationSource = 'shuffle' | 'generator';

/** A stated bias applied to a random block, to measure power. */
export type PlacementBias = 'none' | 'towards-start' | 'clustered' | 'top-lots-early';

export const PLACEMENT_BIASES: readonly PlacementBias[] = ['towards-start', 'clustered', 'top-lots-early'];

export interface CalibrationOptions {
  readonly trials: number;
  readonly seed: number;
  readonly source: CalibrationSource;
  readonly bias?: PlacementBias;
  /** Bias strength in [0, 1]: the share of the winners (or top lots) that are moved. */
  readonly strength?: number;
  /** Confidence of the interval of each rejection rate. */
  readonly confidence?: number;
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
export function shuffleInPlace(a: Uint8Array, rng: UnitStream): void {
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

const swap = (a: Uint8Array, i: number, j: number): void => {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
};

/**
 * Applies a stated bias to a random block, in place:
 * - `towards-start`: each winner in the second half moves, with probability `strength`, to a
 *   random losing unit of the first half;
 * - `clustered`: the block is cut into 100 segments, alternately "hot" and "cold"; each winner of
 *   a cold segment moves, with probability `strength`, to a random losing unit of the hot one
 *   before it;
 * - `top-lots-early`: each lot of the levels holding the fewest lots (together at most 1 % of the
 *   winners) moves, with probability `strength`, to a random unit of the first tenth.
 */
export function applyBias(
  levels: Uint8Array,
  table: PrizeTable,
  bias: PlacementBias,
  strength: number,
  rng: UnitStream,
): void {
  const n = levels.length;
  const moveTo = (i: number, from: number, to: number, losingOnly: boolean): void => {
    for (let tries = 0; tries < 64; tries++) {
      const j = from + rng.below(to - from);
      if (!losingOnly || levels[j] === LOSING_LEVEL) return swap(levels, i, j);
    }
  };
  const chance = (): boolean => rng.next() / 4294967296 < strength;
  if (bias === 'towards-start') {
    const half = Math.floor(n / 2);
    for (let i = half; i < n; i++) if (levels[i] !== LOSING_LEVEL && chance()) moveTo(i, 0, half, true);
  } else if (bias === 'clustered') {
    const seg = (s: number): number => Math.floor((s * n) / 100);
    for (let s = 1; s < 100; s += 2) {
      for (let i = seg(s); i < seg(s + 1); i++)
        if (levels[i] !== LOSING_LEVEL && chance()) moveTo(i, seg(s - 1), seg(s), true);
    }
  } else if (bias === 'top-lots-early') {
    const winners = table.levels.reduce((a, l) => a + l.lots, 0);
    const order = table.levels.map((l, i) => ({ i, lots: l.lots })).sort((a, b) => a.lots - b.lots);
    const top = new Set<number>();
    let sum = 0;
    for (const o of order) {
      if (sum + o.lots > winners / 100) break;
      top.add(o.i);
      sum += o.lots;
    }
    const tenth = Math.max(1, Math.floor(n / 10));
    for (let i = tenth; i < n; i++) if (top.has(levels[i]!) && chance()) moveTo(i, 0, tenth, false);
  }
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
  const rng = new UnitStream();
  const base = sortedLevels(table);
  const pValues = new Map<string, Float64Array>();
  const rejections = new Map<string, number>();
  const overallP = new Float64Array(trials);
  let overallRejections = 0;
  let anyFailure = 0;
  for (let t = 0; t < trials; t++) {
    rng.reseed(seed, t);
    let levels: Uint8Array;
    if (source === 'generator') levels = generatorLevels(table, rng.next());
    else {
      levels = Uint8Array.from(base);
      shuffleInPlace(levels, rng);
    }
    if (bias !== 'none') applyBias(levels, table, bias, strength, rng);
    const rep = placementTests(levels, table);
    let minP = 1;
    for (const test of rep.tests) {
      const key = testKey(test);
      let ps = pValues.get(key);
      if (!ps) pValues.set(key, (ps = new Float64Array(trials)));
      ps[t] = test.pValue;
      if (!test.pass) rejections.set(key, (rejections.get(key) ?? 0) + 1);
      minP = Math.min(minP, test.pValue);
    }
    // Holm's overall verdict rejects exactly when the smallest p is below α/m: its Bonferroni p.
    overallP[t] = Math.min(1, minP * rep.tests.length);
    if (!rep.familyPass) overallRejections++;
    if (rep.failures > 0) anyFailure++;
  }
  const rows = [...pValues.entries()].map(([key, ps]) => row(key, rejections.get(key) ?? 0, ps, confidence));
  return {
    rows,
    overall: row('overall', overallRejections, overallP, confidence),
    anyFailureRate: trials > 0 ? anyFailure / trials : 0,
  };
}
