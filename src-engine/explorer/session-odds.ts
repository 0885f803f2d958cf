/**
 * Exact odds of a session beside the simulated ones: intervals of a proportion (Wilson), the
 * chance of at least one lot of a level (binomial, hypergeometric) and of ending ahead.
 */
import type { PrizeTable } from '../rules/types';
import { gcdAll, sumLawWith, sumLawWithout } from './session-law';

export const Z99 = 2.5758293035489004;
/** z of a two-sided 95 % normal interval (Φ⁻¹(0.975)). */
export const Z95 = 1.959963984540054;

/** Wilson score interval of a proportion (Wilson 1927), at normal quantile z. */
export function wilson(successes: number, trials: number, z = Z99): { low: number; high: number } {
  if (trials === 0) return { low: 0, high: 1 };
  const ph = successes / trials;
  const z2 = z * z;
  const d = 1 + z2 / trials;
  const c = (ph + z2 / (2 * trials)) / d;
  const h = (z * Math.sqrt((ph * (1 - ph)) / trials + z2 / (4 * trials * trials))) / d;
  return { low: Math.max(0, c - h), high: Math.min(1, c + h) };
}

/** P(at least one lot of a level in n units), with replacement: 1 − (1 − p)^n, p = K / N (binomial). */
export function pAtLeastOneWith(K: number, N: number, n: number): number {
  if (K <= 0) return 0;
  if (K >= N) return 1;
  return -Math.expm1(n * Math.log1p(-K / N));
}

/**
 * P(at least one lot of a level in n units), without replacement: 1 − C(N − K, n) / C(N, n)
 * (hypergeometric P(X = 0)), in log space: C(N−K, n)/C(N, n) = Π_{i<n} (N − K − i) / (N − i).
 */
export function pAtLeastOneWithout(K: number, N: number, n: number): number {
  if (K <= 0) return 0;
  if (N - K < n) return 1;
  let log = 0;
  for (let i = 0; i < n; i++) log += Math.log1p(-K / (N - i));
  return -Math.expm1(log);
}

/**
 * Exact P(a session of n i.i.d. units ends ahead: S > n × stake), or null when the grid would be
 * too large (gcd of the amounts too small against n × stake): 1 − P(S ≤ T) from the law on [0, T].
 */
export function exactPAheadWithReplacement(table: PrizeTable, n: number): number | null {
  const law = sumLawWith(table, n, Math.floor((n * table.stakeCents) / gcdAll(table.levels.map((l) => l.prizeCents))));
  return law ? Math.min(1, Math.max(0, 1 - law.reduce((a, v) => a + v, 0))) : null;
}

/**
 * Exact P(a session of n units sold without replacement from one block ends ahead: S > n × stake),
 * or null when the grid would be too large: 1 − P(S ≤ T) from the law on [0, T].
 */
export function exactPAheadWithoutReplacement(table: PrizeTable, n: number): number | null {
  const law = sumLawWithout(
    table,
    n,
    Math.floor((n * table.stakeCents) / gcdAll(table.levels.map((l) => l.prizeCents))),
  );
  return law ? Math.min(1, Math.max(0, 1 - law.reduce((a, v) => a + v, 0))) : null;
}
