/**
 * Bounds of a logarithmic chart axis that keep every point inside the plot: the power of ten below
 * the smallest value and the one above the largest. Chart.js otherwise puts the axis ends on the
 * extreme values themselves, so that their points are drawn half outside the plot, on its edge.
 */

/** The axis bounds for positive `values`; undefined bounds (Chart.js's own) when there is none. */
export function logAxisBounds(values: readonly number[]): { min?: number; max?: number } {
  const positive = values.filter((v) => Number.isFinite(v) && v > 0);
  if (positive.length === 0) return {};
  const lo = Math.min(...positive);
  const hi = Math.max(...positive);
  return { min: 10 ** (Math.ceil(Math.log10(lo)) - 1), max: 10 ** (Math.floor(Math.log10(hi)) + 1) };
}

/**
 * Series `i` of `n` drawn at the same x on a log axis are moved apart by `step` decades each,
 * centred on the true value, so that equal points of several series sit side by side instead of
 * on top of one another; the true value stays in the point's data (its tooltip and the table).
 */
export function dodgeLog(x: number, i: number, n: number, step = 0.035): number {
  return x * 10 ** ((i - (n - 1) / 2) * step);
}
