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
 * hypergeometric setting), not of independent draws. Sources of the laws:
 * - winners per segment: the 2 × k table of wins and losses with fixed margins; Pearson's χ² over
 *   it times (n − 1)/n has the χ²(k − 1) moments under permutation (Haldane 1940);
 * - runs test: Wald & Wolfowitz (1940), exact permutation mean and variance, normal law;
 * - serial correlation of level ranks, circular, with its exact permutation mean and variance:
 *   Wald & Wolfowitz, "An exact test for randomness…", Ann. Math. Stat. 14 (1943), normal law;
 * - gaps: the exact marginal law of a gap between winners of a random subset (the spacings of w
 *   points among n), χ² with one degree of freedom less for the mean gap fixed by the counts;
 * - longest run: its exact law for a fixed-count block and a randomised p-value
 *   ({@link longestRunP});
 * - the rare lots together, periodicity at periods 2–32 and at every longer period, and
 *   clustering at four scales: see `rare-lots.ts`, `periodicity.ts`, `spectral.ts`, `scales.ts`;
 * - Kolmogorov–Smirnov: Numerical Recipes 3rd ed. §14.3.3 (see {@link ksPValue}), with the
 *   finite-population size m·(n − 1)/(n − m) of sampling m positions without replacement;
 * - a level spaced too regularly (its smallest gap): `level-regularity.ts`.
 */
import type { PrizeTable } from '../rules/types';
import { UnitStream } from '../random/mix';
import { chiSquareTwoSided, chiSquareUpper, ksPValue, normalTwoSided } from './distributions';
import { longestRunP } from './longest-run-law';
import { ALPHA, KS_MIN_LOTS, LOSING_LEVEL, passes } from './placement-constants';
import type { PlacementTest, PlacementWhere } from './placement-constants';
import { circularSerialMoments } from './permutation-moments';

export { ALPHA, KS_MIN_LOTS, LOSING_LEVEL };
export type { PlacementTest, PlacementWhere };
/** Segments of the "winners per segment" test. */
export const PLACEMENT_SEGMENTS = 100;

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

const verdict = passes;

/**
 * Winners per segment: χ² over {@link PLACEMENT_SEGMENTS} equal segments, expected from the hit rate,
 * two-sided: too uneven (upper tail) or too even (lower tail: a quota of winners per segment gives
 * χ² ≈ 0, whose lower-tail p on 99 df is about 1e-170).
 */
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
  let extreme = 0;
  let extremeDev = -1;
  for (let s = 0; s < k; s++) {
    // Segment s holds units [⌈s·n/k⌉, ⌈(s+1)·n/k⌉): its share of the block's winners.
    const len = Math.ceil(((s + 1) * n) / k) - Math.ceil((s * n) / k);
    const e = (w * len) / n;
    if (e > 0) chi2 += (obs[s]! - e) ** 2 / e;
    if (e > 0 && Math.abs(obs[s]! - e) / Math.sqrt(e) > extremeDev) {
      extremeDev = Math.abs(obs[s]! - e) / Math.sqrt(e);
      extreme = s;
    }
  }
  // Fixed counts: each segment's count is hypergeometric, its variance smaller than the
  // binomial one by (n − w)/(n − 1). Over the wins/losses table, χ²·(n − 1)/n = χ²_wins·(n − 1)/(n − w)
  // has the mean and variance of χ²(k − 1) under permutation.
  const df = k - 1;
  chi2 = w === 0 || w === n ? 0 : (chi2 * (n - 1)) / (n - w);
  const two = w === 0 || w === n ? { p: 1, tooEven: false } : chiSquareTwoSided(chi2, df);
  const p = two.p;
  return {
    id: 'segments',
    statisticName: 'χ²',
    statistic: chi2,
    df,
    n: w,
    pValue: p,
    pass: verdict(p),
    detail: `winners in each of ${k} equal segments vs ${w} × segment length / ${n}, wins/losses table, two-sided (${two.tooEven ? 'too even' : `too uneven: segment ${extreme + 1} of ${k} the farthest`})`,
    where: two.tooEven
      ? { from: 0, to: n }
      : { from: Math.ceil((extreme * n) / k), to: Math.ceil(((extreme + 1) * n) / k) },
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
 * asks whether it sits beside a winner.
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
 * P(longest run of losses ≥ L) in n independent units with loss probability q: 1 − exp(−n·p·q^L)
 * (Schilling, College Math. J. 21, 1990). Only the expected length is read from it now; the
 * test's p-value comes from the exact law of a fixed-count block ({@link longestRunP}).
 */
export function longestRunUpper(n: number, q: number, L: number): number {
  if (L <= 0) return 1;
  return Math.min(1, Math.max(0, -Math.expm1(-n * (1 - q) * q ** L)));
}

/**
 * The tie-breaking uniform of the randomised longest-run p-value, drawn from the block itself
 * (FNV-1a of its levels, then the project's keyed stream): the same block always gets the same
 * verdict, and across blocks the draws behave as independent of the statistic.
 */
export function tieBreakOf(levels: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < levels.length; i++) h = Math.imul(h ^ levels[i]!, 0x01000193);
  const rng = new UnitStream();
  rng.reseed(h >>> 0, 0x4c52); // "LR"
  return (rng.next() + 0.5) / 4294967296;
}

/**
 * The longest losing run against its exact law for the block's counts, two-sided (a run too long:
 * winners clustered; too short: winners spread evenly on purpose), with the randomised p-value
 * P(T > t) + U·P(T = t) so that it fails exactly 1 % of fair blocks; `u` defaults to
 * {@link tieBreakOf} the block.
 */
export function longestRunTest(levels: Uint8Array, u = tieBreakOf(levels)): PlacementTest {
  const n = levels.length;
  let longest = 0;
  let cur = 0;
  let end = 0;
  let w = 0;
  for (let i = 0; i < n; i++) {
    if (levels[i] === LOSING_LEVEL) {
      cur++;
      if (cur > longest) {
        longest = cur;
        end = i + 1;
      }
    } else {
      w++;
      cur = 0;
    }
  }
  const r = longestRunP(n, w, longest, u);
  const q = 1 - w / n;
  const expected = w > 0 && w < n ? Math.log(n * (1 - q)) / Math.log(1 / q) : n - w;
  return {
    id: 'longestRun',
    statisticName: 'L',
    statistic: longest,
    n,
    pValue: r.p,
    pass: verdict(r.p),
    detail: `longest losing run ${longest} (about ${expected.toFixed(1)} expected); exact P(≥ L) = ${r.atLeast.toExponential(3)}, P(> L) = ${r.above.toExponential(3)}, randomised with U = ${u.toFixed(6)}`,
    where: { from: end - longest, to: end },
  };
}

/** One-sample KS statistic D of points in [0, 1) against the uniform law (`sorted`: already in order). */
export function ksUniformD(points: Float64Array, sorted = false): number {
  const s = sorted ? points : Float64Array.from(points).sort();
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
    const d = ksUniformD(pos[li]!, true); // filled in index order
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
