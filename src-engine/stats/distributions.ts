/**
 * Distribution functions of the placement tests: chi-square and normal from jStat
 * (https://jstat.github.io/distributions.html), and the Kolmogorov distribution, which jStat
 * lacks, from Numerical Recipes.
 */
import jStatModule from 'jstat';

// The UMD bundle is the jStat object itself; older builds nest it under `.jStat`.
const jStat = jStatModule.jStat ?? jStatModule;

/** Upper tail of the chi-square distribution: P(X ≥ x) with `df` degrees of freedom. */
export function chiSquareUpper(x: number, df: number): number {
  if (!(x > 0)) return 1;
  return clamp01(1 - jStat.chisquare.cdf(x, df));
}

/**
 * Lower tail of the chi-square distribution, P(X ≤ x): jStat's regularised lower gamma, a series
 * below the mean, keeps its relative precision far in the tail (1e-170 for x = 0.01 on 99 df).
 */
export function chiSquareLower(x: number, df: number): number {
  if (!(x > 0)) return 0;
  return clamp01(jStat.chisquare.cdf(x, df));
}

/**
 * Two-sided p-value of a chi-square statistic: 2·min(P(X ≥ x), P(X ≤ x)). A count spread too
 * evenly (an exact quota per window) is as much a finding as one spread too unevenly.
 */
export function chiSquareTwoSided(x: number, df: number): { p: number; tooEven: boolean } {
  const lower = chiSquareLower(x, df);
  const upper = chiSquareUpper(x, df);
  return { p: clamp01(2 * Math.min(lower, upper)), tooEven: lower < upper };
}

/** Standard normal cumulative distribution Φ(z). */
export function normalCdf(z: number): number {
  return jStat.normal.cdf(z, 0, 1);
}

/** Two-sided p-value of a standard normal statistic: 2 (1 − Φ(|z|)). */
export function normalTwoSided(z: number): number {
  if (!Number.isFinite(z)) return Number.isNaN(z) ? 1 : 0;
  // Φ(−|z|) rather than 1 − Φ(|z|): no cancellation in the far tail.
  return clamp01(2 * normalCdf(-Math.abs(z)));
}

/**
 * The Kolmogorov–Smirnov survival function Q_KS(λ) = 2 Σ_{k≥1} (−1)^{k−1} e^{−2k²λ²}, with the
 * equivalent series 1 − (√(2π)/λ) Σ_{k≥1} e^{−(2k−1)²π²/(8λ²)} for small λ, where the first
 * converges slowly. Numerical Recipes, 3rd ed. (Press et al., 2007), §6.14.12 and struct `KSdist`.
 */
export function qks(lambda: number): number {
  if (!(lambda > 0)) return 1;
  if (lambda < 1.18) {
    const y = Math.exp(-(Math.PI * Math.PI) / (8 * lambda * lambda));
    let s = 0;
    for (let k = 1; k < 20; k += 2) s += y ** (k * k);
    return clamp01(1 - (Math.sqrt(2 * Math.PI) / lambda) * s);
  }
  let s = 0;
  for (let k = 1; k <= 100; k++) {
    const term = Math.exp(-2 * k * k * lambda * lambda);
    s += (k % 2 === 1 ? 1 : -1) * term;
    if (term < 1e-17) break;
  }
  return clamp01(2 * s);
}

/**
 * P-value of a one-sample Kolmogorov–Smirnov statistic D over n points: Q_KS(λ) with
 * λ = (√n + 0.12 + 0.11/√n) · D (Stephens' correction, Numerical Recipes 3rd ed. eq. 14.3.18).
 */
export function ksPValue(d: number, n: number): number {
  const sn = Math.sqrt(n);
  return qks((sn + 0.12 + 0.11 / sn) * d);
}

/** log C(n, k) from jStat's log-gamma; −∞ outside 0 ≤ k ≤ n. */
export function logChoose(n: number, k: number): number {
  if (k < 0 || k > n) return -Infinity;
  if (k === 0 || k === n) return 0;
  return jStat.gammaln(n + 1) - jStat.gammaln(k + 1) - jStat.gammaln(n - k + 1);
}

/** Quantile of the beta distribution Beta(a, b) at probability p (Clopper–Pearson bounds). */
export function betaInv(p: number, a: number, b: number): number {
  return jStat.beta.inv(p, a, b);
}

function clamp01(p: number): number {
  return Math.min(1, Math.max(0, p));
}
