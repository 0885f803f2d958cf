/**
 * What the first screen reveals: the distribution of the final lot given what the player sees
 * before the outcome is final — Mine d'or: the EXTRA count and the pairs shown in the main grid
 * before any Extra stage (art. 4.6); Les 3 Gongs: whether the first two gongs match or are yin
 * yang (art. 4.3.2). Classes that show the outcome on sight (a visible combination, or nothing
 * that could still win) are listed but cannot leak; among the undecided ones, a class whose win
 * probability is far from that of its group (same EXTRA count, or "first two gongs alike") tells
 * the player the outcome early through near misses alone (a product that "leaks").
 */
import type { PrizeTable } from '../rules/types';

/** A class leaks when its win probability is at least this many times the hit rate, or at most its inverse. */
export const LEAK_RATIO = 2;
/** Classes smaller than this share of the block are shown but never flagged (too rare to matter). */
export const LEAK_MIN_SHARE = 0.001;

/** What the player can tell from the class alone. */
export type FirstScreenOutcome = 'visible-win' | 'visible-loss' | 'undecided';

/**
 * The outcome a class shows on sight, and the group of classes that show the same thing apart
 * from near misses (a leak is a difference *within* a group: the EXTRA count itself is a feature).
 */
export function classifyFirstScreen(cls: string): { outcome: FirstScreenOutcome; group: string } {
  if (cls === 'first-two-differ' || cls.endsWith('main=lose')) return { outcome: 'visible-loss', group: cls };
  if (cls.endsWith('main=win')) return { outcome: 'visible-win', group: cls };
  if (cls.startsWith('first-two-')) return { outcome: 'undecided', group: 'first-two-same' };
  return { outcome: 'undecided', group: cls.split(';')[0]! };
}

/** A class in words: « 2 EXTRA, grille principale sans combinaison, 2 paires ou plus ». */
export function describeFirstScreenClass(cls: string, lang: 'fr' | 'en'): string {
  const fr = lang === 'fr';
  switch (cls) {
    case 'first-two-differ':
      return fr ? 'les deux premiers gongs diffèrent' : 'the first two gongs differ';
    case 'first-two-match':
      return fr ? 'les deux premiers gongs montrent le même symbole' : 'the first two gongs show the same symbol';
    case 'first-two-yinyang':
      return fr ? 'les deux premiers gongs montrent un yin yang' : 'the first two gongs show yin yang';
  }
  const parts = Object.fromEntries(cls.split(';').map((kv) => kv.split('=') as [string, string]));
  const extra = `${parts.extra} EXTRA`;
  if (parts.main === 'win')
    return fr
      ? `${extra}, combinaison visible dans la grille principale`
      : `${extra}, a combination visible in the main grid`;
  if (parts.main === 'lose')
    return fr ? 'aucun EXTRA, aucune combinaison (perdu à vue)' : 'no EXTRA, no combination (lost on sight)';
  const pairs =
    parts.pairs === '2+'
      ? fr
        ? '2 paires ou plus'
        : '2 pairs or more'
      : fr
        ? `${parts.pairs} paire`
        : `${parts.pairs} pair${parts.pairs === '1' ? '' : 's'}`;
  return fr
    ? `${extra}, grille principale sans combinaison, ${pairs}`
    : `${extra}, main grid without a combination, ${pairs}`;
}

export interface FirstScreenRow {
  readonly cls: string;
  readonly outcome: FirstScreenOutcome;
  readonly units: number;
  readonly share: number;
  readonly wins: number;
  /** P(win | class); NaN when the class never occurs. */
  readonly pWin: number;
  /** Mean lot in cents over the class's units (losses count 0). */
  readonly meanLotCents: number;
  /**
   * For an undecided class, P(win | class) / P(win | its group); NaN for classes decided on sight,
   * which cannot leak: the player already sees the outcome.
   */
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
  const base = classes.map((cls, c) => {
    const levelCounts = Array.from({ length: nLevels }, (_, l) => counts[c * nLevels + l] ?? 0);
    const units = levelCounts.reduce((s, x) => s + x, 0);
    return { cls, ...classifyFirstScreen(cls), levelCounts, units, wins: units - levelCounts[nLevels - 1]! };
  });
  const groupWin = new Map<string, { units: number; wins: number }>();
  for (const b of base) {
    const g = groupWin.get(b.group) ?? { units: 0, wins: 0 };
    groupWin.set(b.group, { units: g.units + b.units, wins: g.wins + b.wins });
  }
  const rows = base.map(({ cls, outcome, group, levelCounts, units, wins }) => {
    let paid = 0;
    table.levels.forEach((lv, l) => (paid += levelCounts[l]! * lv.prizeCents));
    const pWin = units > 0 ? wins / units : NaN;
    const g = groupWin.get(group)!;
    const pGroup = g.units > 0 ? g.wins / g.units : NaN;
    const ratio = outcome === 'undecided' && units > 0 && pGroup > 0 ? pWin / pGroup : NaN;
    const share = total > 0 ? units / total : 0;
    const leaks = share >= LEAK_MIN_SHARE && (ratio >= LEAK_RATIO || ratio <= 1 / LEAK_RATIO);
    return {
      cls,
      outcome,
      units,
      share,
      wins,
      pWin,
      meanLotCents: units > 0 ? paid / units : 0,
      ratio,
      leaks,
      levelCounts,
    };
  });
  return { hitRate, leakRatio: LEAK_RATIO, rows, leaks: rows.filter((r) => r.leaks).length };
}
