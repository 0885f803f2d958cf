/**
 * Quantiles of a simulated sample and their distribution-free confidence intervals (order
 * statistics): the q-quantile x_q of any law lies in [X_(l), X_(u)] with probability at least
 * 1 − α, where l and u are the binomial ranks P(Bin(P, q) < l) ≤ α/2 and P(Bin(P, q) ≥ u) ≤ α/2.
 * Holds for discrete laws too: X_(l) ≤ x_q ⇔ #{X ≤ x_q} ≥ l, a binomial count of probability ≥ q.
 */
import { logChoose } from '../stats/distributions';

/** Ranks (1-based) of the order statistics bounding the q-quantile of a sample of P at level 1 − α. */
export function quantileRanks(P: number, q: number, alpha = 0.01): { low: number; high: number } {
  if (P <= 0) return { low: 1, high: 1 };
  const mean = P * q;
  const sd = Math.sqrt(P * q * (1 - q));
  // the binomial pmf beyond 15 standard deviations and 50 ranks is below 1e-30: left out
  const from = Math.max(0, Math.floor(mean - 15 * sd - 50));
  const to = Math.min(P, Math.ceil(mean + 15 * sd + 50));
  const lq = Math.log(q);
  const l1q = Math.log1p(-q);
  const pmf = (k: number): number =>
    q <= 0 ? (k === 0 ? 1 : 0) : q >= 1 ? (k === P ? 1 : 0) : Math.exp(logChoose(P, k) + k * lq + (P - k) * l1q);
  // low: the largest l with P(Bin < l) ≤ α/2
  let low = from + 1;
  let acc = 0;
  for (let k = from; k <= to; k++) {
    acc += pmf(k); // P(Bin ≤ k)
    if (acc > alpha / 2) {
      low = Math.max(1, k); // P(Bin < k) ≤ α/2 < P(Bin ≤ k): l = k (at least the smallest value)
      break;
    }
  }
  // high: the smallest u with P(Bin ≥ u) ≤ α/2
  let high = P;
  acc = 0;
  for (let k = to; k >= from; k--) {
    acc += pmf(k); // P(Bin ≥ k)
    if (acc > alpha / 2) {
      high = Math.min(P, k + 1); // P(Bin ≥ k + 1) ≤ α/2 < P(Bin ≥ k) (at most the largest value)
      break;
    }
  }
  return { low, high };
}

/** The k-th smallest value (1-based) of a histogram of counts over values 0 … length − 1. */
export function orderStatisticOfCounts(counts: ArrayLike<number>, k: number): number {
  let acc = 0;
  for (let v = 0; v < counts.length; v++) {
    acc += counts[v]!;
    if (acc >= k) return v;
  }
  return counts.length - 1;
}

/** The rank (1-based) of the q-quantile in a sample of `size`: the smallest value with a share ≥ q at or below it. */
export function quantileRank(size: number, q: number): number {
  return Math.min(size, Math.max(1, Math.ceil(q * size - 1e-9)));
}

/**
 * A sample held as a count per distinct value (a session set has far fewer distinct amounts won
 * than players): its order statistics without sorting every value.
 */
export class CountedSample {
  /** Distinct values, increasing. */
  private readonly values: Float64Array;
  /** cumulative[i]: how many values are ≤ values[i]. */
  private readonly cumulative: Float64Array;
  readonly size: number;

  constructor(counts: ReadonlyMap<number, number>) {
    this.values = Float64Array.from(counts.keys()).sort();
    let acc = 0;
    this.cumulative = this.values.map((v) => (acc += counts.get(v)!));
    this.size = acc;
  }

  /** The k-th smallest value (1 ≤ k ≤ size). */
  at(k: number): number {
    let lo = 0;
    let hi = this.values.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid]! >= k) hi = mid;
      else lo = mid + 1;
    }
    return this.values[lo]!;
  }

  /** The q-quantile ({@link quantileRank}). */
  quantile(q: number): number {
    return this.at(quantileRank(this.size, q));
  }

  /** The largest value. */
  max(): number {
    return this.values[this.values.length - 1]!;
  }
}
