/**
 * Words for what a unit shows, shared by the explanation panel and the PNG evidence so that both
 * say the same thing: where a gain is, what combination it is, and near misses.
 */
import { formatEuros } from '../../../src-engine/index';
import type { Gain, GameId } from '../../../src-engine/index';
import { symbolName } from './artwork';
import type { NearMiss } from '../../../src-engine/index';

/** The translation function of vue-i18n, as far as these texts need it. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Cells or gongs numbered from 1 for people (the engine counts from 0). */
const human = (cells: readonly number[]): string => cells.map((c) => c + 1).join(', ');

/** Where a gain is: main grid, Extra stage k (art. 4.6) or the gongs. */
export function gainWhere(t: Translate, game: GameId, grid: number): string {
  if (game === 'les-3-gongs') return t('replay.explain.gongs');
  return grid === 0 ? t('replay.explain.main') : t('replay.explain.extra', { k: grid });
}

/** What a gain is: three symbols, aligned and doubled (art. 4.5) or not; a Bonus and its amounts. */
export function gainWhat(t: Translate, game: GameId, g: Gain, lang: 'fr' | 'en'): string {
  const symbol = symbolName(game, g.symbol, lang);
  if (game === 'les-3-gongs') {
    if (g.bonusCents)
      return t('replay.explain.gainBonus', { amounts: g.bonusCents.map((c) => formatEuros(c, lang)).join(' + ') });
    return t('replay.explain.gainGongs', { symbol });
  }
  const base = t('replay.explain.gainMine', { symbol, cells: human(g.cells) });
  const how = g.lineName ? t('replay.explain.aligned', { line: g.lineName[lang] }) : t('replay.explain.notAligned');
  return `${base}, ${how}`;
}

/** A near miss in words (M5, G3). */
export function nearMissText(t: Translate, game: GameId, n: NearMiss, lang: 'fr' | 'en'): string {
  const where =
    game === 'mine-d-or'
      ? t('replay.explain.cells', { cells: human(n.cells) })
      : t('replay.explain.gongsAt', { cells: human(n.cells) });
  return t('replay.explain.nearMiss', { symbol: symbolName(game, n.symbol, lang), where });
}
