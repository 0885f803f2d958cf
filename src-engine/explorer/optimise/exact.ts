/**
 * Exact fractions for the optimiser's bounds and re-checks. A share the user typed (« 0.1950000000005 »,
 * « 70 % ») arrives as a binary double; it is read back as the decimal it is written as (its shortest
 * round-trip text, which is what was typed), so « 0.7 » is exactly 7/10, never 0.69999999999999995559.
 * Every bound and every check then works on whole numbers (BigInt): no epsilon decides whether a table
 * meets a target, so a table is never claimed on a target it misses by any amount.
 */

/** A fraction num/den, den > 0. */
export interface Fraction {
  readonly num: bigint;
  readonly den: bigint;
}

/** A finite number as the exact decimal its shortest text writes (« 1e-7 » and « 0.195 » alike). */
export function decimalOf(x: number): Fraction {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(String(x));
  if (!m) throw new RangeError(`not a finite number: ${x}`);
  const frac = m[3] ?? '';
  const exp = Number(m[4] ?? 0) - frac.length;
  const digits = BigInt(`${m[1]}${m[2]}${frac}`);
  return exp >= 0 ? { num: digits * 10n ** BigInt(exp), den: 1n } : { num: digits, den: 10n ** BigInt(-exp) };
}

/** The fraction n/d of two whole numbers. */
export const fraction = (n: number | bigint, d: number | bigint = 1): Fraction => ({ num: BigInt(n), den: BigInt(d) });

export const add = (a: Fraction, b: Fraction): Fraction => ({ num: a.num * b.den + b.num * a.den, den: a.den * b.den });
export const sub = (a: Fraction, b: Fraction): Fraction => ({ num: a.num * b.den - b.num * a.den, den: a.den * b.den });
export const times = (a: Fraction, k: number): Fraction => ({ num: a.num * BigInt(k), den: a.den });

/** −1, 0 or 1 as a is below, equal to or above b. */
export function compare(a: Fraction, b: Fraction): -1 | 0 | 1 {
  const d = a.num * b.den - b.num * a.den;
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

export const max = (a: Fraction, b: Fraction): Fraction => (compare(a, b) >= 0 ? a : b);
export const min = (a: Fraction, b: Fraction): Fraction => (compare(a, b) <= 0 ? a : b);

/** The largest whole number at most a. */
export function floor(a: Fraction): number {
  const q = a.num / a.den;
  return Number(a.num < 0n && q * a.den !== a.num ? q - 1n : q);
}

/** The smallest whole number at least a. */
export const ceil = (a: Fraction): number => -floor({ num: -a.num, den: a.den });

/** The nearest whole number, halves away from zero (as `Math.round` on a positive number). */
export const round = (a: Fraction): number => floor(add(a, { num: 1n, den: 2n }));

/** The nearest double (for messages only: never for a check). */
export const toNumber = (a: Fraction): number => Number(a.num) / Number(a.den);
