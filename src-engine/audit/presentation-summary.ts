/**
 * How each prize level was shown, from the engine's presentation classes (BlockResult.presentation).
 * - Mine d'or (M4, art. 4.5–4.6): classes "extra=E;win=none|main|extra|main+extra;aligned=true|false":
 *   where the gains are (main grid, Extra stages, both), whether a combination is aligned (art. 4.5,
 *   doubled) and how many EXTRA symbols the main grid shows (M3: at most 3).
 * - Les 3 Gongs (G2, G3): classes lose / lose-near-miss / direct / bonus.
 * Class names become column ids here; the screen translates the ids.
 */
import type { GameId } from '../rules/types';

/** Column ids of the presentation table, by game. */
export const PRESENTATION_COLUMNS: Readonly<Record<GameId, readonly string[]>> = {
  'mine-d-or': [
    'winMain',
    'winExtra',
    'winBoth',
    'winNone',
    'aligned',
    'notAligned',
    'extra0',
    'extra1',
    'extra2',
    'extra3',
  ],
  'les-3-gongs': ['direct', 'bonus', 'lose', 'nearMiss'],
};

/** Columns drawn as stacked bars (they partition each level's units). */
export const PRESENTATION_STACK: Readonly<Record<GameId, readonly string[]>> = {
  'mine-d-or': ['winMain', 'winExtra', 'winBoth', 'winNone'],
  'les-3-gongs': ['direct', 'bonus', 'lose', 'nearMiss'],
};

const MINE_WHERE: Readonly<Record<string, string>> = {
  main: 'winMain',
  extra: 'winExtra',
  'main+extra': 'winBoth',
  none: 'winNone',
};
const GONG_CLASS: Readonly<Record<string, string>> = {
  direct: 'direct',
  bonus: 'bonus',
  lose: 'lose',
  'lose-near-miss': 'nearMiss',
};

/** The column ids one presentation class counts towards. */
export function columnsOfClass(game: GameId, className: string): string[] {
  if (game === 'les-3-gongs') {
    const c = GONG_CLASS[className];
    if (!c) throw new Error(`unknown Les 3 Gongs presentation class "${className}"`);
    return [c];
  }
  const parts = Object.fromEntries(className.split(';').map((kv) => kv.split('=') as [string, string]));
  const where = MINE_WHERE[parts.win ?? ''];
  const extra = Number(parts.extra);
  if (!where || !Number.isInteger(extra) || extra < 0 || extra > 3 || !['true', 'false'].includes(parts.aligned ?? ''))
    throw new Error(`unknown Mine d'or presentation class "${className}"`);
  const out = [where, `extra${extra}`];
  // art. 4.5: an aligned combination only exists in a winning unit
  if (where !== 'winNone') out.push(parts.aligned === 'true' ? 'aligned' : 'notAligned');
  return out;
}

/** One level's units per column. */
export interface PresentationRow {
  /** Level index in table order; the losing row is `levels` (prizeCents 0). */
  readonly level: number;
  readonly prizeCents: number;
  readonly units: number;
  readonly byColumn: Readonly<Record<string, number>>;
}

/** Per level, how its units were shown: `presentation` is [level × class], losing level last. */
export function presentationRows(
  game: GameId,
  prizeCents: readonly number[],
  classes: readonly string[],
  presentation: readonly number[],
): PresentationRow[] {
  const mapped = classes.map((c) => columnsOfClass(game, c));
  const nLevels = prizeCents.length + 1;
  const rows: PresentationRow[] = [];
  for (let l = 0; l < nLevels; l++) {
    const byColumn: Record<string, number> = Object.fromEntries(PRESENTATION_COLUMNS[game].map((c) => [c, 0]));
    let units = 0;
    mapped.forEach((cols, k) => {
      const n = presentation[l * classes.length + k] ?? 0;
      units += n;
      for (const c of cols) byColumn[c] = (byColumn[c] ?? 0) + n;
    });
    rows.push({ level: l, prizeCents: prizeCents[l] ?? 0, units, byColumn });
  }
  return rows;
}
