/**
 * The original SVG artwork of both games (resources/artwork, see its README), by symbol id, and the
 * symbol names in French and English from the rules data, for `alt` text and explanations.
 */
import { symbolLabel } from '@engine';
import type { GameId } from '@engine';

const files = import.meta.glob('../../../resources/artwork/*/*.svg', {
  eager: true,
  query: '?url',
  import: 'default',
}) as Record<string, string>;

const FOLDER: Readonly<Record<GameId, string>> = { 'mine-d-or': 'mine-d-or', 'les-3-gongs': 'les-3-gongs' };

/** The URL of a symbol's artwork, or of the cover (`cell-back` for Mine d'or, `gong` for Les 3 Gongs). */
export function artworkUrl(game: GameId, id: string): string {
  const url = files[`../../../resources/artwork/${FOLDER[game]}/${id}.svg`];
  if (!url) throw new Error(`no artwork for "${id}" in ${game}`);
  return url;
}

/** The cover shown before a cell or gong is uncovered (art. 4.1). */
export function coverUrl(game: GameId): string {
  return artworkUrl(game, game === 'mine-d-or' ? 'cell-back' : 'gong');
}

/** A symbol's name in the rules data, in French or English (paying symbols, EXTRA, yin yang). */
export function symbolName(game: GameId, id: string, lang: 'fr' | 'en'): string {
  return symbolLabel(game, id)[lang];
}
