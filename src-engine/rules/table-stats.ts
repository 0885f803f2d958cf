/**
 * Exact figures of a prize table: RTP, hit rate, standard deviation (docs/rules.md "Derived").
 * Pure integer sums where money is involved; ratios only at the end.
 */
import type { PrizeTable } from './types';

export interface TableFigures {
  /** Lots in the block (winning units). */
  readonly lots: number;
  readonly losing: number;
  /** Sum of all lots, in cents. */
  readonly totalCents: number;
  /** Return to player: totalCents / (units × stake). */
  readonly rtp: number;
  /** Share of units that win. */
  readonly hitRate: number;
  /** Standard deviation of one unit's prize, in stakes. */
  readonly sdStakes: number;
  /** Largest lot, in stakes. */
  readonly maxLotStakes: number;
}

/** Exact figures of one block of a table. */
export function tableFigures(table: PrizeTable): TableFigures {
  let lots = 0;
  let totalCents = 0;
  let sumSq = 0; // in stakes², as floating point: an exact integer here is not needed
  let max = 0;
  for (const l of table.levels) {
    lots += l.lots;
    totalCents += l.lots * l.prizeCents;
    const x = l.prizeCents / table.stakeCents;
    sumSq += l.lots * x * x;
    if (l.prizeCents > max) max = l.prizeCents;
  }
  const n = table.blockUnits;
  const mean = totalCents / table.stakeCents / n;
  const variance = sumSq / n - mean * mean;
  return {
    lots,
    losing: n - lots,
    totalCents,
    rtp: totalCents / (n * table.stakeCents),
    hitRate: lots / n,
    sdStakes: Math.sqrt(Math.max(0, variance)),
    maxLotStakes: max / table.stakeCents,
  };
}
