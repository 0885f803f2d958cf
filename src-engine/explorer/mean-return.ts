/**
 * The 99 % interval of a simulated mean return, honest about rare lots.
 *
 * The mean return of m units is μ + D. A normal interval for D (z σ / √m) fails when some lots are
 * rarer than 1 in m: a sample meets 0, 1 or 2 top lots, and each moves the mean by points (10 000
 * Mine d'or sessions of 50 units miss a 70 % RTP by 6 points one time in 16, not one in 100).
 * So the law of D is built in two parts:
 * - the levels a sample meets often (m × p ≥ {@link RARE_EXPECTED}): their sum is normal (CLT),
 *   with its exact mean and variance (× the finite-population correction without replacement);
 * - the rare levels: their counts are Poisson(m × p), independent, convolved exactly on the grid of
 *   the gcd of their amounts (a Poisson count is at least as spread as the hypergeometric one
 *   without replacement, so the interval errs on the wide side).
 * The quantiles a, b of D then give the interval of μ from a simulated mean X̄: [X̄ − b, X̄ − a].
 */
import { normalCdf } from '../stats/distributions';
import type { PrizeTable } from '../rules/types';
import { gcdAll } from './session-law';

/** A level met fewer times than this in a sample counts as rare (exact Poisson law). */
export const RARE_EXPECTED = 30;
/** Largest grid of the rare levels' convolution; beyond, the rare levels are treated as normal too. */
export const MAX_RARE_CELLS = 500_000;

/** Poisson probabilities P(K = k), k = 0…kmax, with kmax past the mass that matters. */
function poisson(lambda: number): number[] {
  const kmax = Math.ceil(lambda + 12 * Math.sqrt(lambda) + 12);
  const out = [Math.exp(-lambda)];
  for (let k = 1; k <= kmax; k++) out.push((out[k - 1]! * lambda) / k);
  return out;
}

/**
 * Quantiles (two-sided, `level`) of D = mean return of m units − RTP, for sessions of n units
 * (m = players × n), with or without replacement. Returns { a, b }: P(D < a) = P(D > b) = (1 − level) / 2.
 */
export function meanReturnDeviation(
  table: PrizeTable,
  players: number,
  n: number,
  replacement: boolean,
  level = 0.99,
): { a: number; b: number } {
  const N = table.blockUnits;
  const m = players * n;
  const stake = table.stakeCents;
  const fpc = replacement || N <= 1 ? 1 : Math.max(0, N - n) / (N - 1);
  let muF = 0; // per unit, in stakes
  let m2F = 0;
  let mu = 0;
  const rare: { cents: number; lambda: number }[] = [];
  for (const l of table.levels) {
    const p = l.lots / N;
    const x = l.prizeCents / stake;
    mu += p * x;
    if (m * p < RARE_EXPECTED) rare.push({ cents: l.prizeCents, lambda: m * p });
    else {
      muF += p * x;
      m2F += p * x * x;
    }
  }
  // the rare levels' law on the grid of g cents: mass[i] = P(R = i × g)
  const g = gcdAll(rare.map((r) => r.cents));
  const laws = rare.map((r) => ({ step: r.cents / g, law: poisson(r.lambda) }));
  const cells = laws.reduce((s, l) => s + l.step * (l.law.length - 1), 0) + 1;
  if (cells > MAX_RARE_CELLS) {
    // too fine a grid: every level in the normal part (the rare part then adds only its variance)
    for (const r of rare) {
      const x = r.cents / stake;
      muF += (r.lambda / m) * x;
      m2F += (r.lambda / m) * x * x;
    }
    laws.length = 0;
  }
  let mass = new Float64Array(laws.length > 0 ? cells : 1);
  mass[0] = 1;
  let top = 0;
  for (const { step, law } of laws) {
    const next = new Float64Array(mass.length);
    for (let s = 0; s <= top; s++) {
      const w = mass[s]!;
      if (w < 1e-18) continue;
      for (let k = 0; k < law.length; k++) next[s + k * step]! += w * law[k]!;
    }
    top += step * (law.length - 1);
    mass = next;
  }
  // the support, ascending, with prefix sums: cells further than 10 σ from t weigh 0 or 1 in Φ
  const rs: number[] = [];
  const prefix: number[] = [0];
  const ws: number[] = [];
  for (let s = 0; s <= top; s++)
    if (mass[s]! > 1e-15) {
      rs.push((s * g) / stake);
      ws.push(mass[s]!);
      prefix.push(prefix[prefix.length - 1]! + mass[s]!);
    }
  const firstAtLeast = (x: number): number => {
    let lo = 0;
    let hi = rs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (rs[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  // T = frequent sum + rare sum (in stakes); D = T / m − μ
  const meanF = m * muF;
  const sdF = Math.sqrt(Math.max(0, m * (m2F - muF * muF) * fpc));
  const cdf = (t: number): number => {
    const from = firstAtLeast(t - meanF - 10 * sdF);
    const to = sdF > 0 ? firstAtLeast(t - meanF + 10 * sdF) : from;
    let acc = prefix[from]!;
    for (let i = from; i < to; i++) acc += ws[i]! * normalCdf((t - rs[i]! - meanF) / sdF);
    // with sdF = 0, the cells at exactly t − meanF count as ≤ t
    if (sdF === 0) acc += prefix[firstAtLeast(t - meanF + 1e-9)]! - prefix[from]!;
    return acc;
  };
  // bisection to 10⁻⁷ of the mean return: far below the 0,001 point the screen shows
  const quantile = (q: number): number => {
    let lo = meanF - 12 * sdF - 1;
    let hi = meanF + 12 * sdF + (top * g) / stake + 1;
    for (let i = 0; i < 100 && hi - lo > 1e-7 * Math.max(1, m); i++) {
      const mid = (lo + hi) / 2;
      if (cdf(mid) < q) lo = mid;
      else hi = mid;
    }
    return hi;
  };
  const tail = (1 - level) / 2;
  return { a: quantile(tail) / m - mu, b: quantile(1 - tail) / m - mu };
}
