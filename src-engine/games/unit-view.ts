/**
 * What one unit shows, in the symbol ids of docs/rules.md: the form replays, exports and imports use.
 */

/** A Mine d'or unit: the main grid (9 ids, cells 0–8 row by row) and each Extra stage in order. */
export interface MineDorView {
  readonly game: 'mine-d-or';
  readonly main: readonly string[];
  readonly extras: readonly (readonly string[])[];
}

/** A Les 3 Gongs unit: the three gongs left to right, and the Bonus amounts under the yin yang. */
export interface GongsView {
  readonly game: 'les-3-gongs';
  readonly gongs: readonly string[];
  readonly bonusCents: readonly number[] | null;
}

export type UnitView = MineDorView | GongsView;
