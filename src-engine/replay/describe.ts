/**
 * Words for what a unit shows, in French and English: the name of each grid, what a gain is and
 * what a near miss is. One source for the replay screen, its PNG and JSON evidence and
 * `npm run replay`, so that all of them name a grid, a line and a cell the same way. Cells and
 * gongs are numbered from 1, as the screen shows them (`cellNumbers`); lines by their names of
 * art. 4.5 (« ligne 2 » / « row 2 »).
 */
import type { Gain } from '../games/explain';
import { localized } from '../i18n/localized-text';
import type { LocalizedText } from '../i18n/localized-text';
import { formatEuros } from '../money/format';
import { getRules } from '../rules/load';
import type { GameId } from '../rules/types';
import { cellNumbers } from './unit-facts';
import type { NearMiss } from './unit-facts';

/** The two languages of every text here. */
type Lang = keyof LocalizedText;

/** Builds a {@link LocalizedText} from one function of the language. */
const both = (f: (lang: Lang) => string): LocalizedText => localized(f('en'), f('fr'));

/** A symbol's name in the rules data (paying symbols, EXTRA, yin yang); its id if unknown. */
export function symbolLabel(game: GameId, id: string): LocalizedText {
  const rules = getRules(game);
  const s = rules.symbols.find((x) => x.id === id) ?? (rules.special.id === id ? rules.special : undefined);
  return s ? localized(s.en, s.fr) : localized(id, id);
}

/**
 * The name of a grid as the screen titles it: the main grid, Extra stage k (art. 4.6), or the gongs.
 * @param grid - 0 = main grid or the gongs; k ≥ 1 = Extra stage k
 */
export function gridLabel(game: GameId, grid: number): LocalizedText {
  if (game === 'les-3-gongs') return localized('Gongs', 'Gongs');
  return grid === 0
    ? localized('Main grid', 'Grille principale')
    : localized(`Extra stage ${grid}`, `Étape Extra ${grid}`);
}

/** The same name inside a sentence (« grille principale : case 8 ; étape Extra 1 : cases 2, 3 »). */
export function gridLabelInline(game: GameId, grid: number): LocalizedText {
  if (game === 'les-3-gongs') return localized('gongs', 'gongs');
  return grid === 0
    ? localized('main grid', 'grille principale')
    : localized(`Extra stage ${grid}`, `étape Extra ${grid}`);
}

/** « cases 1, 5, 9 » / « cells 1, 5, 9 »; « gongs 1, 3 » under the gongs. Numbered from 1. */
export function cellsLabel(game: GameId, cells: readonly number[]): LocalizedText {
  const list = cellNumbers(cells).join(', ');
  if (game === 'les-3-gongs')
    return cells.length === 1 ? localized(`gong ${list}`, `gong ${list}`) : localized(`gongs ${list}`, `gongs ${list}`);
  return cells.length === 1 ? localized(`cell ${list}`, `case ${list}`) : localized(`cells ${list}`, `cases ${list}`);
}

/**
 * What a gain is: three symbols and their cells, aligned and doubled (art. 4.5) or not; three
 * identical symbols under the gongs (art. 4.3.1); a Bonus and its amounts (art. 4.4, G5).
 */
export function gainLabel(game: GameId, g: Gain): LocalizedText {
  const symbol = symbolLabel(game, g.symbol);
  if (game === 'les-3-gongs') {
    const bonus = g.bonusCents;
    if (bonus)
      return both((lang) => {
        const amounts = bonus.map((c) => formatEuros(c, lang)).join(' + ');
        // G5: a version-2 unit's Bonus amounts were split round
        const round = g.roundSplit ? (lang === 'fr' ? ', montants ronds (G5)' : ', round amounts (G5)') : '';
        return `Bonus${lang === 'fr' ? ' : ' : ': '}${amounts}${round}`;
      });
    return localized(`3 × ${symbol.en} under the gongs`, `3 × ${symbol.fr} sous les gongs`);
  }
  const cells = cellsLabel(game, g.cells);
  const line = g.lineName;
  return localized(
    `3 × ${symbol.en} (${cells.en}), ${line ? `aligned on ${line.en}: gain doubled` : 'not aligned'}`,
    `3 × ${symbol.fr} (${cells.fr}), ${line ? `alignés sur la ${line.fr} : gain doublé` : 'non alignés'}`,
  );
}

/** A near miss (M5, G3): two of a symbol where three would have won. */
export function nearMissLabel(game: GameId, n: NearMiss): LocalizedText {
  const symbol = symbolLabel(game, n.symbol);
  const cells = cellsLabel(game, n.cells);
  return localized(`2 × ${symbol.en} (${cells.en})`, `2 × ${symbol.fr} (${cells.fr})`);
}
