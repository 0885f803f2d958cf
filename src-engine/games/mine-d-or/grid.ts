/**
 * The 3 × 3 grid of Mine d'or (art. 4.1): cells 0–8 row by row, the 8 lines of art. 4.5, and the
 * symbol codes used in buffers and canonical records.
 */

/** Paying symbols in the order of `resources/rules/mine-d-or.json` (codes 0–5), then EXTRA (6). */
export const MINE_SYMBOLS = ['nugget', 'diamond', 'banknote', 'candle', 'cactus', 'pickaxe'] as const;
export const EXTRA = 6;
export const MINE_CODES: readonly string[] = [...MINE_SYMBOLS, 'extra'];

/** Art. 4.5: the 3 rows, 3 columns and 2 diagonals. */
export const LINES: readonly (readonly [number, number, number])[] = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

/** French/English names of the lines, for gains explained on screen. */
export const LINE_NAMES: readonly { fr: string; en: string }[] = [
  { fr: 'ligne 1', en: 'row 1' },
  { fr: 'ligne 2', en: 'row 2' },
  { fr: 'ligne 3', en: 'row 3' },
  { fr: 'colonne 1', en: 'column 1' },
  { fr: 'colonne 2', en: 'column 2' },
  { fr: 'colonne 3', en: 'column 3' },
  { fr: 'diagonale ↘', en: 'diagonal ↘' },
  { fr: 'diagonale ↙', en: 'diagonal ↙' },
];

/** For each 9-bit cell mask, the line it is (0–7), or -1. */
export const LINE_OF_MASK: Int8Array = (() => {
  const t = new Int8Array(512).fill(-1);
  LINES.forEach((l, i) => {
    t[(1 << l[0]) | (1 << l[1]) | (1 << l[2])] = i;
  });
  return t;
})();

/** Buffer layout: [number of Extra grids shown, main grid 9 cells, Extra grids 9 cells each]. */
/** M3: the evaluator accepts any number of EXTRA, up to a grid full of them (9 stages). */
export const MAX_STAGES = 9;
export const BUFFER_SIZE = 1 + 9 + 9 * MAX_STAGES;
export const gridOffset = (grid: number): number => 1 + 9 * grid;
