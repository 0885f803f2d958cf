/**
 * Why a unit paid what it paid, grid by grid (Mine d'or art. 4.4, 4.6; Les 3 Gongs art. 4.3): each
 * grid named — the main grid, Extra stage k, or the gongs — with its gains and its near misses, and
 * every symbol the player saw three times or more across grids but never three in one grid. That is
 * the dispute « I saw three nuggets »: art. 4.4 pays three identical symbols *in the grid*, and each
 * Extra stage is a grid of its own that wins only by three in it (art. 4.6), so symbols spread over
 * grids pay nothing. One reasoning, in both languages, for the replay screen, its PNG and JSON
 * evidence and `npm run replay`.
 */
import type { OpenedUnit } from '../block/open-unit';
import { localized } from '../i18n/localized-text';
import type { LocalizedText } from '../i18n/localized-text';
import { formatEuros } from '../money/format';
import { getRules } from '../rules/load';
import type { GameId } from '../rules/types';
import { cellsLabel, gainLabel, gridLabel, gridLabelInline, nearMissLabel, symbolLabel } from './describe';
import { nearMisses } from './unit-facts';
import type { NearMiss } from './unit-facts';

/** One grid of a unit and what it shows. */
export interface GridReasoning {
  /** 0 = main grid (Mine d'or) or the gongs; k ≥ 1 = Extra stage k, as the screen numbers them. */
  readonly grid: number;
  /** The grid's name as the screen titles it. */
  readonly name: LocalizedText;
  /** The gains of this grid: indices into `explanation.gains`. */
  readonly gains: readonly number[];
  /** Pairs of a paying symbol in this grid (M5, G3). */
  readonly nearMisses: readonly NearMiss[];
  /** Mine d'or main grid: the cells of its EXTRA symbols, one Extra stage each (art. 4.6). */
  readonly extraCells: readonly number[];
  /** The grid in one sentence. */
  readonly text: LocalizedText;
}

/** A symbol shown three times or more in all, never three times in one grid: no gain (art. 4.4, 4.6). */
export interface SpreadSymbol {
  readonly symbol: string;
  /** How many times the unit shows it, all grids together. */
  readonly total: number;
  /** Where: each grid that shows it, with its cells (from 0). */
  readonly grids: readonly { readonly grid: number; readonly cells: readonly number[] }[];
  /** The finding in one sentence, citing art. 4.4 and 4.6. */
  readonly text: LocalizedText;
}

/** The reasoning over every grid of a unit. */
export interface UnitReasoning {
  readonly grids: readonly GridReasoning[];
  readonly acrossGrids: readonly SpreadSymbol[];
  /** {@link ACROSS_GRIDS_RULE} when `acrossGrids` is not empty, else null. */
  readonly acrossGridsRule: LocalizedText | null;
  /** Everything above as sentences, in order: each grid, then the rule and each spread symbol. */
  readonly lines: readonly LocalizedText[];
}

/** The cells of `symbol` in `symbols`. */
const cellsOf = (symbols: readonly string[], symbol: string): number[] =>
  symbols.flatMap((s, i) => (s === symbol ? [i] : []));

/** Separators: French puts a space before « ; » and « : », English does not. */
const SEP: LocalizedText = localized('; ', ' ; ');
const COLON: LocalizedText = localized(': ', ' : ');

function gridText(game: GameId, u: OpenedUnit, g: Omit<GridReasoning, 'text'>, article: string): LocalizedText {
  const parts: LocalizedText[] = [];
  const gains = u.explanation.gains;
  for (const i of g.gains) {
    const gain = gains[i]!;
    const what = gainLabel(game, gain);
    parts.push(
      localized(
        `${what.en} → ${formatEuros(gain.amountCents, 'en')} (${gain.article})`,
        `${what.fr} → ${formatEuros(gain.amountCents, 'fr')} (${gain.article})`,
      ),
    );
  }
  if (g.gains.length === 0)
    parts.push(localized(`no winning combination (${article})`, `aucune combinaison gagnante (${article})`));
  if (g.nearMisses.length > 0) {
    const list = g.nearMisses.map((n) => nearMissLabel(game, n));
    const rule = game === 'les-3-gongs' ? 'G3' : 'M5';
    parts.push(
      localized(
        `near miss${list.length > 1 ? 'es' : ''}, no prize: ${list.map((x) => x.en).join(', ')} (${rule})`,
        `quasi-gain${list.length > 1 ? 's' : ''} sans lot : ${list.map((x) => x.fr).join(', ')} (${rule})`,
      ),
    );
  }
  if (g.extraCells.length > 0) {
    const n = g.extraCells.length;
    const cells = cellsLabel(game, g.extraCells);
    parts.push(
      localized(
        `${n} EXTRA symbol${n > 1 ? 's' : ''} (${cells.en}): ${n} Extra stage${n > 1 ? 's' : ''} (art. 4.6)`,
        `${n} symbole${n > 1 ? 's' : ''} EXTRA (${cells.fr}) : ${n} étape${n > 1 ? 's' : ''} Extra (art. 4.6)`,
      ),
    );
  }
  return localized(
    `${g.name.en}${COLON.en}${parts.map((p) => p.en).join(SEP.en)}.`,
    `${g.name.fr}${COLON.fr}${parts.map((p) => p.fr).join(SEP.fr)}.`,
  );
}

function spreadText(game: GameId, s: Omit<SpreadSymbol, 'text'>): LocalizedText {
  const symbol = symbolLabel(game, s.symbol);
  const where = s.grids.map((x) => {
    const name = gridLabelInline(game, x.grid);
    const cells = cellsLabel(game, x.cells);
    return localized(`${name.en}: ${cells.en}`, `${name.fr} : ${cells.fr}`);
  });
  return localized(
    `${s.total} × ${symbol.en} in all, but never three in one grid (${where.map((w) => w.en).join('; ')}): no gain (art. 4.4, 4.6).`,
    `${s.total} × ${symbol.fr} en tout, mais jamais trois dans une même grille (${where.map((w) => w.fr).join(' ; ')}) : aucun gain (art. 4.4, 4.6).`,
  );
}

/** Why symbols spread over grids pay nothing, said once before the symbols it concerns. */
export const ACROSS_GRIDS_RULE: LocalizedText = localized(
  'Symbols seen three times or more over several grids win nothing: art. 4.4 pays three identical symbols in one grid, and each Extra stage is a grid of its own that wins only by three identical symbols in it (art. 4.6).',
  'Des symboles vus trois fois ou plus sur plusieurs grilles ne gagnent rien : l’art. 4.4 paie trois symboles identiques dans une même grille, et chaque étape Extra est une grille à part, gagnante seulement par trois symboles identiques en elle (art. 4.6).',
);

/**
 * The reasoning over every grid of an opened unit, winning or losing.
 * @param u - the unit as `openUnit` returns it (its view and the evaluator's explanation, R4)
 */
export function reasonUnit(u: OpenedUnit): UnitReasoning {
  const game = u.view.game;
  const grids = u.view.game === 'mine-d-or' ? [u.view.main, ...u.view.extras] : [u.view.gongs];
  const misses = nearMisses(u);
  const gains = u.explanation.gains;
  const reasoned = grids.map((symbols, grid): GridReasoning => {
    const base = {
      grid,
      name: gridLabel(game, grid),
      gains: gains.flatMap((g, i) => (g.grid === grid ? [i] : [])),
      nearMisses: misses.filter((n) => n.grid === grid),
      extraCells: game === 'mine-d-or' && grid === 0 ? cellsOf(symbols, 'extra') : [],
    };
    // Les 3 Gongs: art. 4.3.1 lists the winning combinations, art. 4.5 loses the rest; Mine d'or:
    // art. 4.4 for the main grid, and an Extra stage wins under the same rules (art. 4.6)
    const article = game === 'les-3-gongs' ? 'art. 4.3.1, 4.5' : grid === 0 ? 'art. 4.4' : 'art. 4.4, 4.6';
    return { ...base, text: gridText(game, u, base, article) };
  });
  const acrossGrids: SpreadSymbol[] = [];
  if (grids.length > 1) {
    for (const { id } of getRules(game).symbols) {
      const where = grids.map((symbols, grid) => ({ grid, cells: cellsOf(symbols, id) })).filter((x) => x.cells.length);
      const total = where.reduce((n, x) => n + x.cells.length, 0);
      // M1: three in one grid is a combination (and never more): that symbol was paid in that grid
      if (total < 3 || where.some((x) => x.cells.length >= 3)) continue;
      const s = { symbol: id, total, grids: where };
      acrossGrids.push({ ...s, text: spreadText(game, s) });
    }
  }
  const acrossGridsRule = acrossGrids.length > 0 ? ACROSS_GRIDS_RULE : null;
  const lines = [
    ...reasoned.map((g) => g.text),
    ...(acrossGridsRule ? [acrossGridsRule] : []),
    ...acrossGrids.map((s) => s.text),
  ];
  return { grids: reasoned, acrossGrids, acrossGridsRule, lines };
}
