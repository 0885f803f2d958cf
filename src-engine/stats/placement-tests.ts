/**
 * Randomness tests of a block's placement: where the winners sit among the units of a block.
 * The table fixes how many units win each lot (art. 3, R4); these tests ask whether *where* they
 * sit looks like a uniformly random permutation, at the 99 % level each.
 *
 * Input: the level index of every unit in index order (255 = losing), as `runRange(…,
 * { keepLevels: true })` keeps it, and the block's prize table.
 *
 * A block is a fixed-count shuffle: the table fixes every level's count, so the null law of
 * each test is that of a uniformly random permutation of the block's levels (a multivariate
 * hypergeometric setting), not of independent draws (issue 14). Sources of the laws:
 * - winners per segment: the 2 × k table of wins and losses with fixed margins; Pearson's χ² over
 *   it times (n − 1)/n has the χ²(k − 1) moments under permutation (Haldane 1940);
 * - runs test: Wald & Wolfowitz (1940), exact permutation mean and variance, normal law;
 * - serial correlation of level ranks, circular, with its exact permutation mean and variance:
 *   Wald & Wolfowitz, "An exact test for randomness…", Ann. Math. Stat. 14 (1943), normal law;
 * - gaps: the exact marginal law of a gap between winners of a random subset (the spacings of w
 *   points among n), χ² with one degree of freedom less for the mean gap fixed by the counts;
 * - longest run: Schilling, "The longest run of heads", College Math. J. 21 (1990): the number of
 *   losing runs of length ≥ L is about Poisson(n·p·q^L), so P(longest ≥ L) ≈ 1 − exp(−n·p·q^L);
 * - Kolmogorov–Smirnov: Numerical Recipes 3rd ed. §14.3.3 (see {@link ksPValue}), with the
 *   finite-population size m·(n − 1)/(n − m) of sampling m positions without replacement.
 */
import type { PrizeTable } from '../rules/types';
import { chiSquareUpper, ksPValue, normalTwoSided } from './distributions';
import { circularSerialMoments } from './permutation-moments';

/** Each test's significance level: a test fails when its p-value is below 1 %. */
export const ALPHA = 0.01;
/** Segments of the "winners per segment" test. */
export const PLACEMENT_SEGMENTS = 100;
/** A level is tested for position uniformity when it has at least this many lots. */
export const KS_MIN_LOTS = 5;
/** Level index of a losing unit in a levels array. */
export const LOSING_LEVEL = 255;

export type PlacementTestId = 'segments' | 'runs' | 'serial' | 'gaps' | 'longestRun' | 'levelPositions';

export interface PlacementTest {
  readonly id: PlacementTestId;
  /** For `levelPositions`: the level's index in the table and its amount. */
  readonly level?: number;
  readonly prizeCents?: number;
  /** Name of the statistic ("χ²", "z", "D", "L") and its value. */
  readonly statisticName: string;
  readonly statistic: number;
  /** Degrees of freedom (chi-square) or points (KS, runs), when they apply. */
  readonly df?: number;
  readonly n: number;
  readonly pValue: number;
  readonly pass: boolean;
  /** One line in English saying what was compared (the UI translates by id). */
  readonly detail: string;
}

export interface PlacementReport {
  readonly units: number;
  readonly winners: number;
  readonly alpha: number;
  readonly tests: readonly PlacementTest[];
  /** Tests that fail at 1 %, and how many a truly random block would fail on average. */
  readonly failures: number;
  readonly expectedFalseFailures: number;
  /**
   * The block's verdict over all its tests together at 1 % (Holm–Bonferroni step-down): each test
   * alone at 1 % makes a fair block fail one of 13 about 12 % of the time; this keeps the chance
   * that any fair block is rejected at 1 %.
   * @see https://en.wikipedia.org/wiki/Holm%E2%80%93Bonferroni_method
   */
  readonly familyPass: boolean;
}

/** Holm–Bonferroni: whether no hypothesis is rejected at family level `alpha`. */
export function holmPass(pValues: readonly number[], alpha: number): boolean {
  const sorted = [...pValues].sort((a, b) => a - b);
  const m = sorted.length;
  // the smallest p-value decides: if it survives α/m, every later step survives too
  return m === 0 || sorted[0]! >= alpha / m;
}

const verdict = (p: number): boolean => p >= ALPHA;

/** Winners per segment: χ² over {@link PLACEMENT_SEGMENTS} equal segments, expected from the hit rate. */
export function segmentsTest(levels: Uint8Array, segments = PLACEMENT_SEGMENTS): PlacementTest {
  const n = levels.length;
  const k = Math.min(segments, n);
  const obs = new Float64Array(k);
  let w = 0;
  for (let i = 0; i < n; i++) {
    if (levels[i] !== LOSING_LEVEL) {
      obs[Math.floor((i * k) / n)]!++;
      w++;
    }
  }
  let chi2 = 0;
  for (let s = 0; s < k; s++) {
    // Segment s holds units [⌈s·n/k⌉, ⌈(s+1)·n/k⌉): its share of the block's winners.
    const len = Math.ceil(((s + 1) * n) / k) - Math.ceil((s * n) / k);
    const e = (w * len) / n;
    if (e > 0) chi2 += (obs[s]! - e) ** 2 / e;
  }
  // Fixed counts (issue 14): each segment's count is hypergeometric, its variance smaller than the
  // binomial one by (n − w)/(n − 1). Over the wins/losses table, χ²·(n − 1)/n = χ²_wins·(n − 1)/(n − w)
  // has the mean and variance of χ²(k − 1) under permutation.
  const df = k - 1;
  chi2 = w === 0 || w === n ? 0 : (chi2 * (n - 1)) / (n - w);
  const p = w === 0 || w === n ? 1 : chiSquareUpper(chi2, df);
  return {
    id: 'segments',
    statisticName: 'χ²',
    statistic: chi2,
    df,
    n: w,
    pValue: p,
    pass: verdict(p),
    detail: `winners in each of ${k} equal segments vs ${w} × segment length / ${n}, wins/losses table`,
  };
}

/** Wald–Wolfowitz runs test of a two-valued sequence, normal approximation, two-sided. */
export function runsTestBinary(
  n: number,
  isA: (i: number) => boolean,
): { runs: number; n1: number; n2: number; z: number; p: number } {
  let n1 = 0;
  let runs = n > 0 ? 1 : 0;
  let prev = false;
  for (let i = 0; i < n; i++) {
    const a = isA(i);
    if (a) n1++;
    if (i > 0 && a !== prev) runs++;
    prev = a;
  }
  const n2 = n - n1;
  if (n1 === 0 || n2 === 0) return { runs, n1, n2, z: 0, p: 1 };
  // E[R] = 2·n1·n2/n + 1, Var[R] = 2·n1·n2·(2·n1·n2 − n) / (n²·(n − 1))
  const mean = (2 * n1 * n2) / n + 1;
  const variance = (2 * n1 * n2 * (2 * n1 * n2 - n)) / (n * n * (n - 1));
  const z = (runs - mean) / Math.sqrt(variance);
  return { runs, n1, n2, z, p: normalTwoSided(z) };
}

export function runsTest(levels: Uint8Array): PlacementTest {
  const r = runsTestBinary(levels.length, (i) => levels[i] !== LOSING_LEVEL);
  return {
    id: 'runs',
    statisticName: 'z',
    statistic: r.z,
    n: levels.length,
    pValue: r.p,
    pass: verdict(r.p),
    detail: `${r.runs} runs of wins and losses (${r.n1} wins, ${r.n2} losses)`,
  };
}

/**
 * Rank of every unit's level by amount: 0 for a losing unit, 1 for the smallest amount, … Ranks
 * rather than amounts: on amounts the single top lot carries most of Σd² and the statistic only
 * asks whether it sits beside a winner (issue 14).
 */
export function levelRanks(levels: Uint8Array, table: PrizeTable): Float64Array {
  const amounts = [...new Set(table.levels.map((l) => l.prizeCents))].sort((a, b) => a - b);
  const rankOf = table.levels.map((l) => amounts.indexOf(l.prizeCents) + 1);
  const x = new Float64Array(levels.length);
  for (let i = 0; i < levels.length; i++) x[i] = levels[i] === LOSING_LEVEL ? 0 : (rankOf[levels[i]!] ?? 0);
  return x;
}

/**
 * Serial correlation of level ranks: R = Σ x_i·x_{i+1} (circular) standardised by its exact mean and
 * variance over all permutations of the block (Wald & Wolfowitz 1943), two-sided normal p-value.
 */
export function serialTest(levels: Uint8Array, table: PrizeTable): PlacementTest {
  const x = levelRanks(levels, table);
  const m = circularSerialMoments(x);
  const p = m.variance > 0 ? normalTwoSided(m.z) : 1;
  return {
    id: 'serial',
    statisticName: 'z',
    statistic: m.z,
    n: levels.length,
    pValue: p,
    pass: verdict(p),
    detail: `lag-1 serial correlation of level ranks (circular), exact permutation mean and variance`,
  };
}

/**
 * P(gap = j) for a gap between consecutive winners when w winners sit at random among n units: the
 * w + 1 spacings are a uniform composition of n − w, so P(S = j) = C(n − j − 1, w − 1) / C(n, w),
 * i.e. P(S = 0) = w/n and P(S = j + 1) = P(S = j)·(n − w − j)/(n − j − 1). Returns the first
 * `classes` probabilities.
 */
export function gapLaw(n: number, w: number, classes: number): Float64Array {
  const out = new Float64Array(classes);
  let p = w / n;
  for (let j = 0; j < classes; j++) {
    out[j] = p;
    p *= Math.max(0, n - w - j) / (n - j - 1);
  }
  return out;
}

/**
 * Gaps between consecutive winners (losing units between them) against their exact law under a
 * random placement ({@link gapLaw}): χ² over classes 0, 1, …, K−1 and "≥ K", K the largest with
 * an expected count of at least 5 in each class; K − 1 df (the count and the mean gap are fixed).
 */
export function gapsTest(levels: Uint8Array): PlacementTest {
  const n = levels.length;
  const gaps: number[] = [];
  let last = -1;
  for (let i = 0; i < n; i++) {
    if (levels[i] !== LOSING_LEVEL) {
      if (last >= 0) gaps.push(i - last - 1);
      last = i;
    }
  }
  const w = gaps.length + (last >= 0 ? 1 : 0);
  const g = gaps.length;
  if (g < 10 || w >= n) {
    return {
      id: 'gaps',
      statisticName: 'χ²',
      statistic: 0,
      df: 0,
      n: g,
      pValue: 1,
      pass: true,
      detail: 'too few winners to test gaps',
    };
  }
  const law = gapLaw(n, w, 61);
  const tail = (k: number): number => Math.max(0, 1 - law.subarray(0, k).reduce((a, b) => a + b, 0));
  // K: the tail class "≥ K" and every class keep an expected count of at least 5; at most 60 classes.
  let k = 1;
  while (k < 60 && g * tail(k + 1) >= 5 && g * law[k]! >= 5) k++;
  const obs = new Float64Array(k + 1);
  for (const x of gaps) obs[Math.min(x, k)]!++;
  let chi2 = 0;
  for (let j = 0; j <= k; j++) {
    const e = j < k ? g * law[j]! : g * tail(k);
    chi2 += (obs[j]! - e) ** 2 / e;
  }
  const df = Math.max(1, k - 1);
  const pv = chiSquareUpper(chi2, df);
  return {
    id: 'gaps',
    statisticName: 'χ²',
    statistic: chi2,
    df,
    n: g,
    pValue: pv,
    pass: verdict(pv),
    detail: `${g} gaps in ${k + 1} classes (0 … ${k - 1}, ≥ ${k}) vs the law of gaps of ${w} winners among ${n} units`,
  };
}

/**
 * P(longest run of losses ≥ L) in n units with loss probability q: 1 − exp(−n·p·q^L)
 * (Schilling 1990; the expected number of losing runs of length ≥ L is about n·p·q^L).
 */
export function longestRunUpper(n: number, q: number, L: number): number {
  if (L <= 0) return 1;
  return Math.min(1, Math.max(0, -Math.expm1(-n * (1 - q) * q ** L)));
}

export function longestRunTest(levels: Uint8Array): PlacementTest {
  const n = levels.length;
  let longest = 0;
  let cur = 0;
  let w = 0;
  for (let i = 0; i < n; i++) {
    if (levels[i] === LOSING_LEVEL) {
      cur++;
      if (cur > longest) longest = cur;
    } else {
      w++;
      cur = 0;
    }
  }
  const q = 1 - w / n;
  const upper = longestRunUpper(n, q, longest);
  // P(longest ≤ L) = P(longest < L + 1): a run far too short is as telling as one far too long
  // (winners spread evenly on purpose), so the verdict is two-sided: p = 2·min(upper, lower).
  const lower = 1 - longestRunUpper(n, q, longest + 1);
  const p = Math.min(1, 2 * Math.min(upper, lower));
  const expected = Math.log(n * (1 - q)) / Math.log(1 / q);
  return {
    id: 'longestRun',
    statisticName: 'L',
    statistic: longest,
    n,
    pValue: p,
    pass: verdict(p),
    detail: `longest losing run ${longest} (about ${expected.toFixed(1)} expected); P(≥ L) = ${upper.toExponential(3)}`,
  };
}

/** One-sample KS statistic D of points in [0, 1) against the uniform law. */
export function ksUniformD(points: Float64Array): number {
  const s = Float64Array.from(points).sort();
  const m = s.length;
  let d = 0;
  for (let i = 0; i < m; i++) {
    const u = s[i]!;
    d = Math.max(d, (i + 1) / m - u, u - i / m);
  }
  return d;
}

/**
 * Position uniformity of each level with at least {@link KS_MIN_LOTS} lots: KS of (index + ½)/n.
 * The m positions are drawn without replacement among n: the empirical process has variance
 * smaller by (n − m)/(n − 1), so the KS law is taken at the size m·(n − 1)/(n − m).
 */
export function levelPositionTests(levels: Uint8Array, table: PrizeTable): PlacementTest[] {
  const n = levels.length;
  const counts = new Array<number>(table.levels.length).fill(0);
  for (let i = 0; i < n; i++) if (levels[i] !== LOSING_LEVEL) counts[levels[i]!]!++;
  const pos = counts.map((c) => new Float64Array(c));
  const fill = new Array<number>(table.levels.length).fill(0);
  for (let i = 0; i < n; i++) {
    const l = levels[i]!;
    if (l !== LOSING_LEVEL && pos[l]) pos[l][fill[l]!++] = (i + 0.5) / n;
  }
  const out: PlacementTest[] = [];
  table.levels.forEach((lvl, li) => {
    const m = counts[li]!;
    if (m < KS_MIN_LOTS) return;
    const d = ksUniformD(pos[li]!);
    const p = m >= n ? 1 : ksPValue(d, (m * (n - 1)) / (n - m));
    out.push({
      id: 'levelPositions',
      level: li,
      prizeCents: lvl.prizeCents,
      statisticName: 'D',
      statistic: d,
      n: m,
      pValue: p,
      pass: verdict(p),
      detail: `positions of the ${m} lots of level ${li + 1} vs uniform (Kolmogorov–Smirnov)`,
    });
  });
  return out;
}

/** Every placement test of a block. */
export function placementTests(levels: Uint8Array, table: PrizeTable): PlacementReport {
  const tests = [
    segmentsTest(levels),
    runsTest(levels),
    serialTest(levels, table),
    gapsTest(levels),
    longestRunTest(levels),
    ...levelPositionTests(levels, table),
  ];
  let winners = 0;
  for (let i = 0; i < levels.length; i++) if (levels[i] !== LOSING_LEVEL) winners++;
  return {
    units: levels.length,
    winners,
    alpha: ALPHA,
    tests,
    failures: tests.filter((t) => !t.pass).length,
    expectedFalseFailures: tests.length * ALPHA,
    familyPass: holmPass(
      tests.map((t) => t.pValue),
      ALPHA,
    ),
  };
}
