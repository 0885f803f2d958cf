/**
 * What the first screen reveals: the distribution of the final lot given what the player sees
 * before the outcome is final — Mine d'or: the EXTRA count and the pairs shown in the main grid
 * before any Extra stage (art. 4.6); Les 3 Gongs: whether the first two gongs match or are yin
 * yang (art. 4.3.2). A class whose win probability is far from the block's hit rate tells the
 * player the outcome early (a product that "leaks").
 */
import type { PrizeTable } from '../rules/types';

/** A class leaks when its win probability is at least this many times the hit rate, or at most its inverse. */
export const LEAK_RATIO = 2;
/** Classes smaller than this share of the block are shown but never flagged (too rare to matter). */
export const LEAK_MIN_SHARE = 0.001;

export interface FirstScreenRow {
  readonly cls: string;
  readonly units: number;
  readonly share: number;
  readonly wins: number;
  /** P(win | class); NaN when the class never occurs. */
  readonly pWin: number;
  /** Mean lot in cents over the class's units (losses count 0). */
  readonly meanLotCents: number;
  /** P(win | class) / hit rate. */
  readonly ratio: number;
  readonly leaks: boolean;
  /** Units per level (table order, losing last) in this class. */
  readonly levelCounts: readonly number[];
}

export interface FirstScreenTable {
  readonly hitRate: number;
  readonly leakRatio: number;
  readonly rows: readonly FirstScreenRow[];
  readonly leaks: number;
}

/**
 * From `BlockResult.firstScreen` ([class × level] counts, levels in table order then losing) and
 * the class names.
 */
export function firstScreenTable(
  classes: readonly string[],
  counts: readonly number[],
  table: PrizeTable,
): FirstScreenTable {
  const nLevels = table.levels.length + 1;
  const total = counts.reduce((s, c) => s + c, 0);
  let allWins = 0;
  for (let c = 0; c < classes.length; c++)
    for (let l = 0; l < nLevels - 1; l++) allWins += counts[c * nLevels + l] ?? 0;
  const hitRate = total > 0 ? allWins / total : 0;
  const rows = classes.map((cls, c) => {
    const levelCounts = Array.from({ length: nLevels }, (_, l) => counts[c * nLevels + l] ?? 0);
    const units = levelCounts.reduce((s, x) => s + x, 0);
    const wins = units - levelCounts[nLevels - 1]!;
    let paid = 0;
    table.levels.forEach((lv, l) => (paid += levelCounts[l]! * lv.prizeCents));
    const pWin = units > 0 ? wins / units : NaN;
    const ratio = hitRate > 0 && units > 0 ? pWin / hitRate : NaN;
    const share = total > 0 ? units / total : 0;
    const leaks = share >= LEAK_MIN_SHARE && (ratio >= LEAK_RATIO || ratio <= 1 / LEAK_RATIO);
    return { cls, units, share, wins, pWin, meanLotCents: units > 0 ? paid / units : 0, ratio, leaks, levelCounts };
  });
  return { hitRate, leakRatio: LEAK_RATIO, rows, leaks: rows.filter((r) => r.leaks).length };
}
