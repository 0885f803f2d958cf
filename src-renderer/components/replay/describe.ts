/**
 * Words for what a unit shows, shared by the explanation panel and the PNG evidence so that both
 * say the same thing: where a gain is, what combination it is, and near misses. Cells and gongs are
 * numbered from 1, as the engine's `cellNumbers` (and the JSON evidence's `cell_numbers`) number them.
 */
import { cellNumbers } from '../../../src-engine/index';
import type { Gain, GameId, NearMiss } from '../../../src-engine/index';
import { symbolName } from './artwork';

/** The translation function of vue-i18n, as far as these texts need it. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The formatters these texts need (from `useFormat`, bound to the interface language). */
export interface DescribeFormat {
  readonly lang: 'fr' | 'en';
  readonly euros: (cents: number) => string;
}

const human = (cells: readonly number[]): string => cellNumbers(cells).join(', ');

/** Where a gain is: main grid, Extra stage k (art. 4.6) or the gongs. */
export function gainWhere(t: Translate, game: GameId, grid: number): string {
  if (game === 'les-3-gongs') return t('replay.explain.gongs');
  return grid === 0 ? t('replay.explain.main') : t('replay.explain.extra', { k: grid });
}

/** What a gain is: three symbols, aligned and doubled (art. 4.5) or not; a Bonus and its amounts. */
export function gainWhat(t: Translate, game: GameId, g: Gain, f: DescribeFormat): string {
  const symbol = symbolName(game, g.symbol, f.lang);
  if (game === 'les-3-gongs') {
    if (g.bonusCents) {
      const bonus = t('replay.explain.gainBonus', { amounts: g.bonusCents.map(f.euros).join(' + ') });
      // G5: a version-2 unit's Bonus amounts were split round
      return g.roundSplit ? `${bonus}, ${t('replay.explain.roundSplit')}` : bonus;
    }
    return t('replay.explain.gainGongs', { symbol });
  }
  const base = t('replay.explain.gainMine', { symbol, cells: human(g.cells) });
  const how = g.lineName ? t('replay.explain.aligned', { line: g.lineName[f.lang] }) : t('replay.explain.notAligned');
  return `${base}, ${how}`;
}

/** A near miss in words (M5, G3). */
export function nearMissText(t: Translate, game: GameId, n: NearMiss, f: DescribeFormat): string {
  const where =
    game === 'mine-d-or'
      ? t('replay.explain.cells', { cells: human(n.cells) })
      : t('replay.explain.gongsAt', { cells: human(n.cells) });
  return t('replay.explain.nearMiss', { symbol: symbolName(game, n.symbol, f.lang), where });
}
