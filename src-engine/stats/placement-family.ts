/**
 * Family-wise error over the tests of a block and over the blocks of a verification.
 *
 * Within a block, Holm's step-down at 1 % (Holm, Scand. J. Stat. 6, 1979) rejects the block exactly
 * when its smallest p-value is below 1 %/m: the block's overall p-value is m·min p (capped at 1),
 * valid whatever the tests' dependence. Over a set of B blocks verified together, the same
 * step-down runs over the blocks' overall p-values, so that the chance that any fair block of
 * the set is called a finding stays at most 1 % (for 100 blocks judged each at 1 %, it would be
 * 1 − 0.99¹⁰⁰ = 63 %).
 */
import { ALPHA } from './placement-constants';

/** A block's overall placement p-value from its tests' p-values: m·min p, capped at 1. */
export function blockPlacementP(pValues: readonly number[]): number {
  if (pValues.length === 0) return 1;
  let min = 1;
  for (const p of pValues) min = Math.min(min, p);
  return Math.min(1, pValues.length * min);
}

export interface SetDecision {
  /** Holm-adjusted p-value of each block over the set, in the order given. */
  readonly adjusted: readonly number[];
  /** Whether each block is a finding at `alpha` over the set. */
  readonly rejected: readonly boolean[];
  readonly alpha: number;
  readonly blocks: number;
}

/** Holm's step-down over the blocks' overall p-values (one per block, in any order). */
export function holmOverSet(blockP: readonly number[], alpha = ALPHA): SetDecision {
  const b = blockP.length;
  const order = blockP.map((p, i) => ({ p, i })).sort((x, y) => x.p - y.p);
  const adjusted = new Array<number>(b).fill(1);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (b - rank) * p));
    adjusted[i] = running;
  });
  return { adjusted, rejected: adjusted.map((a) => a < alpha), alpha, blocks: b };
}

/**
 * The share of sets of `setSize` consecutive blocks in which Holm over the set calls at least one
 * block a finding: the false-alarm rate of a verification of that many fair blocks.
 */
export function setFalseAlarms(
  blockP: ArrayLike<number>,
  setSize: number,
  alpha = ALPHA,
): { sets: number; alarms: number } {
  const sets = Math.floor(blockP.length / setSize);
  let alarms = 0;
  for (let s = 0; s < sets; s++) {
    const ps = Array.from({ length: setSize }, (_, j) => blockP[s * setSize + j]!);
    if (holmOverSet(ps, alpha).rejected.some(Boolean)) alarms++;
  }
  return { sets, alarms };
}
