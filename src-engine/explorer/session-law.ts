/**
 * Exact laws of one session of n units (explorer/sessions.ts), in both sampling models.
 *
 * - The sum of prizes S, on the grid of the amounts' gcd g, truncated at S/g ≤ M: with replacement
 *   by n convolutions of one unit's law; without replacement level by level over the counts
 *   (c_1, …, c_L) of a multivariate hypergeometric draw, P = Π C(K_j, c_j) · C(K_0, n − Σc) / C(N, n)
 *  . Masses above M are dropped, so the law is exact on [0, M]: enough for P(S ≤ T) and
 *   for every quantile q ≤ F(M). The work is bounded by {@link MAX_CONVOLUTION_WORK}.
 * - No win in k units: S(k) = (K_0 / N)^k with replacement; Π_{i<k} (K_0 − i) / (N − i) without
 *   (hypergeometric P(X = 0)), K_0 the losing units. The unit of the first win T then has
 *   P(T > k) = S(k): geometric, or negative hypergeometric.
 */
import type { PrizeTable } from '../rules/types';
import { CompensatedSum } from '../stats/compensated-sum';

/** Largest grid of the exact convolution (cells × steps × levels), beyond which it is not attempted. */
export const MAX_CONVOLUTION_WORK = 2e9;

/** Greatest common divisor of positive integers (Euclid). */
export function gcdAll(xs: readonly number[]): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  return xs.reduce((g, x) => (x > 0 ? gcd(x, g) : g), 0) || 1;
}

/** The gcd of a table's amounts: every session total is a multiple of it. */
export function amountGcd(table: PrizeTable): number {
  return gcdAll(table.levels.map((l) => l.prizeCents).filter((a) => a > 0));
}

/** Losing units of a block: those that carry no lot. */
function losingUnits(table: PrizeTable): number {
  return table.blockUnits - table.levels.reduce((s, l) => s + l.lots, 0);
}

/**
 * P(S = s·g) for s = 0 … M, n i.i.d. units (with replacement), or null when the grid would exceed
 * {@link MAX_CONVOLUTION_WORK}.
 */
export function sumLawWith(table: PrizeTable, n: number, M: number): Float64Array | null {
  const N = table.blockUnits;
  const g = amountGcd(table);
  const steps: { d: number; p: number }[] = [{ d: 0, p: losingUnits(table) / N }];
  for (const l of table.levels)
    if (l.lots > 0 && l.prizeCents / g <= M) steps.push({ d: l.prizeCents / g, p: l.lots / N });
  if ((M + 1) * n * steps.length > MAX_CONVOLUTION_WORK) return null;
  let cur = new Float64Array(M + 1);
  let next = new Float64Array(M + 1);
  cur[0] = 1;
  let hi = 0; // highest index with mass
  for (let i = 0; i < n; i++) {
    next.fill(0);
    let newHi = 0;
    for (const { d, p } of steps) {
      const top = Math.min(hi, M - d);
      for (let s = 0; s <= top; s++) next[s + d]! += cur[s]! * p;
      if (top + d > newHi) newHi = top + d;
    }
    [cur, next] = [next, cur];
    hi = newHi;
  }
  return cur;
}

/**
 * log of C(K, c)·p^c·(1 − p)^(K − c) for c = 0 … cMax, by the ratio of consecutive terms,
 * (K − c)/(c + 1) · p/(1 − p), summed in log space with compensation from c = 0, where it is
 * K·log(1 − p). Log-gamma of arguments near a million loses about 1e-9 of each factor to
 * cancellation (lgamma(10⁶) ≈ 1.3e7 to 16 digits); this keeps every factor to about 1e-14.
 */
export function logBinomialTerms(K: number, p: number, cMax: number): Float64Array {
  const top = Math.min(cMax, K);
  const out = new Float64Array(top + 1);
  if (p >= 1) {
    // every unit drawn: only c = K has weight
    out.fill(-Infinity);
    if (top === K) out[K] = 0;
    return out;
  }
  const logOdds = Math.log(p) - Math.log1p(-p);
  const acc = new CompensatedSum();
  acc.add(K * Math.log1p(-p));
  out[0] = acc.value;
  for (let c = 0; c < top; c++) {
    acc.add(Math.log((K - c) / (c + 1)));
    acc.add(logOdds);
    out[c + 1] = acc.value;
  }
  return out;
}

/**
 * P(S = s·g) for s = 0 … M, n units sold without replacement from one block, or null when the grid
 * would exceed {@link MAX_CONVOLUTION_WORK}. Each hypergeometric factor is carried as a binomial
 * probability C(K, c) p^c (1 − p)^(K − c) with p = n/N, which keeps every product near 1, each
 * from {@link logBinomialTerms}.
 */
export function sumLawWithout(table: PrizeTable, n: number, M: number): Float64Array | null {
  const N = table.blockUnits;
  if (n <= 0 || n > N) return null;
  const g = amountGcd(table);
  const losing = losingUnits(table);
  const p = n / N;
  // State: units drawn so far (0 … n) × S/g (0 … M), flattened.
  const width = M + 1;
  let cur = new Float64Array((n + 1) * width);
  let next = new Float64Array((n + 1) * width);
  cur[0] = 1;
  let work = 0;
  for (const l of table.levels) {
    if (l.lots === 0) continue;
    const d = l.prizeCents / g;
    // a level above the grid: only c = 0 stays on it
    const maxC = Math.min(l.lots, n, Math.floor(M / d));
    // cells × counts the loop below visits at most: c ≤ maxC and s + c·d ≤ M
    for (let s = 0; s <= M; s++) work += (n + 1) * (Math.min(maxC, Math.floor((M - s) / d)) + 1);
    if (work > MAX_CONVOLUTION_WORK) return null;
    const weights = logBinomialTerms(l.lots, p, maxC).map(Math.exp);
    next.fill(0);
    for (let u = 0; u <= n; u++) {
      for (let s = 0; s <= M; s++) {
        const v = cur[u * width + s]!;
        if (v === 0) continue;
        for (let c = 0; c <= maxC && u + c <= n && s + c * d <= M; c++)
          next[(u + c) * width + s + c * d]! += v * weights[c]!;
      }
    }
    [cur, next] = [next, cur];
  }
  // The losing units fill the rest: C(K_0, n − u) p^(n−u) (1 − p)^(K_0 − n + u), over C(N, n) p^n (1 − p)^(N − n).
  const logTotal = logBinomialTerms(N, p, n)[n]!;
  const losingTerms = logBinomialTerms(losing, p, n);
  const out = new Float64Array(width);
  for (let u = 0; u <= n; u++) {
    const f = n - u <= losing ? Math.exp(losingTerms[n - u]! - logTotal) : 0;
    if (!(f > 0)) continue;
    for (let s = 0; s <= M; s++) out[s]! += cur[u * width + s]! * f;
  }
  return out;
}

/** The law of S on [0, M] in the session's sampling model. */
export function sumLaw(table: PrizeTable, n: number, replacement: boolean, M: number): Float64Array | null {
  return replacement ? sumLawWith(table, n, M) : sumLawWithout(table, n, M);
}

/** Probabilities closer than this to a quantile level count as reaching it (rounding of the sums). */
const Q_TOLERANCE = 1e-12;

/** Exact figures of the law of S (null where the grid would be too large). */
export interface ExactSessionLaw {
  /** P(S > n × stake). */
  readonly pAhead: number | null;
  /** Per quantile level asked: the net result S − n × stake in cents at that level, or null. */
  readonly netQuantiles: readonly (number | null)[];
}

/**
 * P(end ahead) and the quantiles of the net result of a session, from the truncated law of S: first
 * on [0, T] (T = n × stake, the break-even), then on a grid doubled until it holds the highest
 * quantile asked or the work bound is reached; a quantile beyond the last grid computed is null.
 * A quantile is the smallest net result x with P(S − T ≤ x) ≥ q.
 */
export function exactSessionLaw(
  table: PrizeTable,
  n: number,
  replacement: boolean,
  qs: readonly number[],
): ExactSessionLaw {
  const g = amountGcd(table);
  const T = n * table.stakeCents;
  const top = Math.max(0, ...table.levels.filter((l) => l.lots > 0).map((l) => l.prizeCents / g));
  const full = n * top; // S/g never exceeds it
  let M = Math.min(Math.floor(T / g), full);
  let law = sumLaw(table, n, replacement, M);
  if (!law) return { pAhead: null, netQuantiles: qs.map(() => null) };
  const cdf = (l: Float64Array, upTo: number): number => {
    const acc = new CompensatedSum();
    for (let s = 0; s <= Math.min(upTo, l.length - 1); s++) acc.add(l[s]!);
    return acc.value;
  };
  const pAhead = Math.min(1, Math.max(0, 1 - cdf(law, Math.floor(T / g))));
  const qMax = Math.max(0, ...qs);
  while (cdf(law, M) < qMax - Q_TOLERANCE && M < full) {
    const wider = sumLaw(table, n, replacement, Math.min(2 * M + 1, full));
    if (!wider) break;
    law = wider;
    M = Math.min(2 * M + 1, full);
  }
  const L = law;
  const netQuantiles = qs.map((q) => {
    let acc = 0;
    for (let s = 0; s <= M; s++) {
      acc += L[s]!;
      if (acc >= q - Q_TOLERANCE) return s * g - T;
    }
    return null;
  });
  return { pAhead, netQuantiles };
}

/** P(no win in the first k units of a session), for k = 0 … n: S(k) in the file header. */
export function noWinSurvival(table: PrizeTable, n: number, replacement: boolean): Float64Array {
  const N = table.blockUnits;
  const K0 = losingUnits(table);
  const out = new Float64Array(n + 1);
  out[0] = 1;
  let log = 0;
  for (let k = 1; k <= n; k++) {
    const i = k - 1;
    if (replacement) log += K0 >= N ? 0 : Math.log1p(-(N - K0) / N);
    else log += K0 - i <= 0 ? -Infinity : Math.log1p(-(N - K0) / (N - i));
    out[k] = Math.exp(log);
  }
  return out;
}

/** Exact figures of the unit of the first win T, among sessions of n units that have one. */
export interface ExactFirstWin {
  /** P(no win at all in n units) = S(n): every stake lost. */
  readonly pNoWin: number;
  /** E[T | T ≤ n] = Σ_{k<n} (S(k) − S(n)) / (1 − S(n)); null when no session can win. */
  readonly mean: number | null;
  /** Smallest k with P(T ≤ k | T ≤ n) ≥ 1/2; null when no session can win. */
  readonly median: number | null;
}

export function exactFirstWin(table: PrizeTable, n: number, replacement: boolean): ExactFirstWin {
  const S = noWinSurvival(table, n, replacement);
  const sn = S[n]!;
  const win = 1 - sn;
  if (!(win > 0)) return { pNoWin: sn, mean: null, median: null };
  let sum = 0;
  for (let k = 0; k < n; k++) sum += S[k]! - sn;
  let median = n;
  for (let k = 1; k <= n; k++)
    if (1 - S[k]! >= 0.5 * win - Q_TOLERANCE) {
      median = k;
      break;
    }
  return { pNoWin: sn, mean: sum / win, median };
}
