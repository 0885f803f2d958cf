/**
 * Exact permutation moments of the circular serial statistic R = Σ x_i·x_{i+1} (x_{n+1} = x_1)
 * over all orderings of a fixed multiset of values: Wald & Wolfowitz, "An exact test for
 * randomness in the non-parametric case based on serial correlation", Ann. Math. Stat. 14 (1943).
 * With the values centred (S1 = 0, which shifts R by a constant only):
 * E[R] = −S2/(n − 1), Var[R] = (S2² − S4)/(n − 1) + (S2² − 2·S4)/((n − 1)(n − 2)) − E[R]².
 */
export interface SerialMoments {
  /** R of the centred values as they stand. */
  readonly statistic: number;
  readonly mean: number;
  readonly variance: number;
  /** (R − E[R]) / √Var[R]; 0 when the variance is 0. */
  readonly z: number;
}

export function circularSerialMoments(x: ArrayLike<number>): SerialMoments {
  const n = x.length;
  if (n < 3) return { statistic: 0, mean: 0, variance: 0, z: 0 };
  let mu = 0;
  for (let i = 0; i < n; i++) mu += x[i]!;
  mu /= n;
  let s2 = 0;
  let s4 = 0;
  let r = 0;
  for (let i = 0; i < n; i++) {
    const d = x[i]! - mu;
    const d2 = d * d;
    s2 += d2;
    s4 += d2 * d2;
    r += d * (x[(i + 1) % n]! - mu);
  }
  const mean = -s2 / (n - 1);
  const variance = Math.max(0, (s2 * s2 - s4) / (n - 1) + (s2 * s2 - 2 * s4) / ((n - 1) * (n - 2)) - mean * mean);
  const z = variance > 0 ? (r - mean) / Math.sqrt(variance) : 0;
  return { statistic: r, mean, variance, z };
}
