/**
 * The exact law of the longest losing run of a fixed-count block, and its randomised two-sided
 * p-value.
 *
 * With w winners among n units placed at random (art. 3: the counts are fixed), the n − w losses
 * fall into the w + 1 gaps before, between and after the winners as a uniformly random composition
 * of N = n − w into w + 1 non-negative parts (every one of the C(N + w, w) placements is equally
 * likely). The longest run is the largest part, so by inclusion–exclusion on the parts above L
 * (Feller, An Introduction to Probability Theory I, §II.11):
 *
 *   P(longest > L) = Σ_{j ≥ 1} (−1)^{j+1} C(w + 1, j) · C(N − j(L + 1) + w, w) / C(N + w, w).
 *
 * The j-th term is about λ^j / j! with λ the expected number of runs longer than L, so the series
 * is summed in log space term by term (each ratio a product of L + 1 factors, no log-gamma of
 * large arguments) with compensation, and stopped once its terms are negligible.
 *
 * The statistic is an integer, so a p-value read off its law is discrete and the test is
 * conservative (it rejected 0.5 % of fair Les 3 Gongs blocks at 1 %). The randomised p-value
 * p = P(T > t) + U · P(T = t), U uniform on (0, 1) independent of the block, is exactly uniform
 * under the null (Lehmann & Romano, Testing Statistical Hypotheses, §3.2): so each two-sided
 * verdict at 1 % fails exactly 1 % of fair blocks.
 */
import { CompensatedSum } from './compensated-sum';

/** Terms smaller than this share of the largest one are dropped (their sum is smaller still). */
const NEGLIGIBLE = 1e-20;

/**
 * P(longest losing run > L) for `w` winners among `n` units placed at random, and whether the
 * alternating series kept at least eight significant digits (it does not when λ is large, i.e.
 * far in the lower tail, where {@link longestRunAtMost} uses a bound instead).
 */
export function longestRunAbove(n: number, w: number, L: number): { p: number; err: number; reliable: boolean } {
  const N = n - w;
  if (L < 0) return { p: 1, err: 0, reliable: true };
  if (L >= N) return { p: 0, err: 0, reliable: true };
  if (w === 0) return { p: 1, err: 0, reliable: true }; // one run of N > L
  const sum = new CompensatedSum();
  let logTerm = 0; // log of C(w + 1, j) · C(a_j, w) / C(N + w, w), a_j = N − j(L + 1) + w
  let largest = -Infinity;
  const jMax = Math.min(w + 1, Math.floor(N / (L + 1)));
  let j = 1;
  for (; j <= jMax; j++) {
    // term_j / term_{j−1} = (w + 2 − j)/j · C(a_j, w)/C(a_j + L + 1, w) = … · Π_{i=1}^{L+1} (1 − w/(a_j + i))
    const a = N - j * (L + 1) + w;
    let logRatio = Math.log((w + 2 - j) / j);
    for (let i = 1; i <= L + 1; i++) logRatio += Math.log1p(-w / (a + i));
    logTerm += logRatio;
    // terms beyond e^600 would overflow: this far in the lower tail only the bound is of use
    if (logTerm > 600) return { p: 1, err: 1, reliable: false };
    largest = Math.max(largest, logTerm);
    sum.add((j % 2 === 1 ? 1 : -1) * Math.exp(logTerm));
    // past the peak of the terms and negligible: the rest is smaller still
    if (logRatio < 0 && logTerm < largest + Math.log(NEGLIGIBLE)) break;
  }
  const p = sum.value;
  // each term is rounded relatively (log1p over L + 1 factors, then exp): an error of at most
  // about (L + 8)·ε of the largest term, summed over the terms
  const err = (L + 8) * 4 * Number.EPSILON * Math.exp(largest) * j;
  // P(> L) itself is then right to 8 digits whenever err ≤ 1e-8·p (the upper tail), and so is
  // 1 − P(> L) whenever err ≤ 1e-8·(1 − p); below 1e-17 the absolute error matters to no verdict
  return { p: Math.min(1, Math.max(0, p)), err, reliable: err <= 1e-8 * (1 - p) || err < 1e-17 };
}

/**
 * P(longest losing run ≤ L): 1 − {@link longestRunAbove} while that is reliable; otherwise (far in
 * the lower tail) the smaller of two upper bounds: 1 − P(> L) plus its rounding bound, and
 * (1 − P(one gap > L))^(w + 1): the gaps of a uniform composition
 * are independent geometric laws conditioned on their sum, log-concave, hence negatively
 * associated (Joag-Dev & Proschan, Ann. Stat. 11, 1983, Th. 2.6), so P(all ≤ L) ≤ Π P(gap ≤ L).
 * A bound from above keeps the lower-tail p-value conservative.
 */
export function longestRunAtMost(n: number, w: number, L: number): number {
  const r = longestRunAbove(n, w, L);
  if (r.reliable) return 1 - r.p;
  const N = n - w;
  // P(one gap > L) = C(N − L − 1 + w, w) / C(N + w, w) = Π_{i=0}^{L} (N − i)/(N + w − i)
  let logOne = 0;
  for (let i = 0; i <= L; i++) logOne += Math.log((N - i) / (N + w - i));
  return Math.min(1 - r.p + r.err, Math.exp((w + 1) * Math.log1p(-Math.exp(logOne))));
}

export interface LongestRunP {
  /** P(T > t) and P(T ≥ t). */
  readonly above: number;
  readonly atLeast: number;
  /** P(T > t) + U·P(T = t), uniform on (0, 1) under the null. */
  readonly upper: number;
  /** P(T < t) + (1 − U)·P(T = t) = 1 − upper, computed without cancellation. */
  readonly lower: number;
  /** Two-sided randomised p-value, 2·min(upper, lower), capped at 1. */
  readonly p: number;
}

/**
 * The randomised two-sided p-value of an observed longest run `t` for `w` winners among `n`
 * units, with tie-breaking uniform `u` in (0, 1): a run too long (winners clustered) and a run too
 * short (winners spread evenly on purpose) are both findings.
 */
export function longestRunP(n: number, w: number, t: number, u: number): LongestRunP {
  const above = longestRunAbove(n, w, t).p;
  const atLeast = longestRunAbove(n, w, t - 1).p;
  const upper = (1 - u) * above + u * atLeast;
  const lower = u * longestRunAtMost(n, w, t - 1) + (1 - u) * longestRunAtMost(n, w, t);
  return { above, atLeast, upper, lower, p: Math.min(1, 2 * Math.min(upper, lower)) };
}
