/**
 * Facts about what an opened unit shows, for the replay screen's filters and explanation: the
 * lines of a Mine d'or grid, near misses (M5, G3) and the presentation a unit was given.
 */
import type { OpenedUnit } from '../block/open-unit';

/** The 8 lines of art. 4.5 (rows, columns, diagonals; `Gain.line` indexes them). */
export { LINES as MINE_LINES } from '../games/mine-d-or/grid';

/**
 * Cells or gongs numbered for people, from 1, as the replay screen shows them (« cases 1, 5, 9 »,
 * « gong 3 »); the engine, the symbol arrays and the export files index them from 0 (docs/rules.md).
 */
export function cellNumbers(cells: readonly number[]): number[] {
  return cells.map((c) => c + 1);
}

/** Two of one symbol shown where three would have won: no gain (Mine d'or art. 4.4, M5; Les 3 Gongs G3). */
export interface NearMiss {
  /** 0 = main grid or the gongs; k ≥ 1 = Extra stage k. */
  readonly grid: number;
  readonly symbol: string;
  readonly cells: readonly number[];
}

/**
 * The near misses of a unit: pairs of a paying symbol in the Mine d'or main grid (the engine's
 * M5 notion, counted before any Extra stage), or two identical symbols under the gongs (G3).
 */
export function nearMisses(u: OpenedUnit): NearMiss[] {
  const out: NearMiss[] = [];
  const symbols = u.view.game === 'mine-d-or' ? u.view.main : u.view.gongs;
  const seen = new Map<string, number[]>();
  symbols.forEach((s, i) => seen.set(s, [...(seen.get(s) ?? []), i]));
  for (const [symbol, cells] of seen) {
    if (cells.length !== 2) continue;
    if (u.view.game === 'mine-d-or' && symbol === 'extra') continue; // EXTRA pays by stages, not by three (art. 4.6)
    out.push({ grid: 0, symbol, cells });
  }
  return out;
}

/** The presentations the block browser filters on. */
export const PRESENTATIONS = ['any', 'extra', 'extra2', 'aligned', 'bonus', 'direct', 'near-miss'] as const;
export type Presentation = (typeof PRESENTATIONS)[number];

/** The presentations that make sense for a game. */
export function presentationsOf(game: OpenedUnit['view']['game']): readonly Presentation[] {
  return game === 'mine-d-or'
    ? ['any', 'extra', 'extra2', 'aligned', 'near-miss']
    : ['any', 'bonus', 'direct', 'near-miss'];
}

/**
 * Whether a unit shows a presentation: at least one / two Extra stages (art. 4.6), an aligned win
 * (art. 4.5), a Bonus (art. 4.3.2) or a direct win (art. 4.3.1), or a losing unit with a near miss.
 */
export function hasPresentation(u: OpenedUnit, p: Presentation): boolean {
  switch (p) {
    case 'any':
      return true;
    case 'extra':
      return u.view.game === 'mine-d-or' && u.view.extras.length >= 1;
    case 'extra2':
      return u.view.game === 'mine-d-or' && u.view.extras.length >= 2;
    case 'aligned':
      return u.explanation.gains.some((g) => g.line >= 0);
    case 'bonus':
      return u.view.game === 'les-3-gongs' && u.view.bonusCents !== null;
    case 'direct':
      return u.view.game === 'les-3-gongs' && u.view.bonusCents === null && u.assignedCents > 0;
    case 'near-miss':
      return u.assignedCents === 0 && nearMisses(u).length > 0;
  }
}
