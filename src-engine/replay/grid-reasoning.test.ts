import { describe, expect, it } from 'vitest';
import { officialBlock, openUnit } from '../index';
import type { GameId, GongsView, MineDorView, OpenedUnit } from '../index';
import { ACROSS_GRIDS_RULE, reasonUnit } from './grid-reasoning';

const count = (grid: readonly string[], symbol: string): number => grid.filter((s) => s === symbol).length;

/** The first unit of the 1 € block of seed 12345 that satisfies `pred` (the engine is the only source of units). */
function find(game: GameId, pred: (u: OpenedUnit) => boolean): OpenedUnit {
  const spec = officialBlock(game, 100, 12345);
  for (let i = 0; i < 100_000; i++) {
    const u = openUnit(spec, i);
    if (pred(u)) return u;
  }
  throw new Error('no such unit in the first 100,000');
}

describe('reasonUnit: every grid of a unit', () => {
  // « I saw three nuggets »: one in the main grid, two in Extra stage 1, and the unit pays nothing
  const dispute = find(
    'mine-d-or',
    (u) =>
      u.view.game === 'mine-d-or' &&
      u.assignedCents === 0 &&
      u.view.extras.length === 1 &&
      count(u.view.main, 'nugget') === 1 &&
      count(u.view.extras[0]!, 'nugget') === 2,
  );

  it('names the main grid and the Extra stage, each with its own near misses (M5)', () => {
    const r = reasonUnit(dispute);
    expect(r.grids.map((g) => g.name)).toEqual([
      { en: 'Main grid', fr: 'Grille principale' },
      { en: 'Extra stage 1', fr: 'Étape Extra 1' },
    ]);
    expect(r.grids.every((g) => g.gains.length === 0)).toBe(true);
    const extra = r.grids[1]!;
    const pair = extra.nearMisses.find((n) => n.symbol === 'nugget');
    expect(pair).toBeDefined();
    expect(pair!.grid).toBe(1);
    expect(pair!.cells.map((c) => (dispute.view as MineDorView).extras[0]![c])).toEqual(['nugget', 'nugget']);
    expect(extra.text.fr).toMatch(
      /^Étape Extra 1 : aucune combinaison gagnante \(art\. 4\.4, 4\.6\) ; quasi-gains? sans lot : /,
    );
    expect(extra.text.fr).toContain("2 × pépite d'or (cases ");
    expect(extra.text.en).toMatch(
      /^Extra stage 1: no winning combination \(art\. 4\.4, 4\.6\); near miss(es)?, no prize: /,
    );
    expect(extra.text.en).toContain('2 × gold nugget (cells ');
    // the main grid's EXTRA symbol opened that stage (art. 4.6)
    expect(r.grids[0]!.extraCells).toHaveLength(1);
    expect(r.grids[0]!.text.en).toContain('1 EXTRA symbol');
  });

  it('says the three nuggets are in two grids, never three in one, citing art. 4.4 and 4.6', () => {
    const r = reasonUnit(dispute);
    const nugget = r.acrossGrids.find((s) => s.symbol === 'nugget');
    expect(nugget).toBeDefined();
    expect(nugget!.total).toBe(3);
    expect(nugget!.grids.map((g) => [g.grid, g.cells.length])).toEqual([
      [0, 1],
      [1, 2],
    ]);
    const main = (dispute.view as MineDorView).main.indexOf('nugget') + 1;
    expect(nugget!.text.fr).toContain(
      `3 × pépite d'or en tout, mais jamais trois dans une même grille (grille principale : case ${main} ; étape Extra 1 : cases `,
    );
    expect(nugget!.text.en).toContain(
      `3 × gold nugget in all, but never three in one grid (main grid: cell ${main}; Extra stage 1: cells `,
    );
    for (const l of ['fr', 'en'] as const) expect(nugget!.text[l]).toMatch(/\(art\. 4\.4, 4\.6\)\.$/);
    expect(r.acrossGridsRule).toEqual(ACROSS_GRIDS_RULE);
    expect(ACROSS_GRIDS_RULE.fr).toMatch(/art\. 4\.4.*art\. 4\.6/);
    expect(ACROSS_GRIDS_RULE.en).toMatch(/art\. 4\.4.*art\. 4\.6/);
    // the sentences in order: each grid, then the rule, then each symbol
    expect(r.lines[0]).toEqual(r.grids[0]!.text);
    expect(r.lines[2]).toEqual(ACROSS_GRIDS_RULE);
    expect(r.lines).toContainEqual(nugget!.text);
  });

  it('a winning unit: each gain in the grid that shows it, with its amount and articles; a paid symbol is not « spread »', () => {
    const u = find(
      'mine-d-or',
      (x) => x.view.game === 'mine-d-or' && x.view.extras.length >= 1 && x.explanation.gains.some((g) => g.grid === 1),
    );
    const r = reasonUnit(u);
    expect(r.grids).toHaveLength(1 + (u.view as MineDorView).extras.length);
    u.explanation.gains.forEach((g, i) => {
      expect(r.grids[g.grid]!.gains).toContain(i);
      expect(r.grids[g.grid]!.text.fr).toContain(`(${g.article})`);
      // M1: three in one grid is the combination that paid, so that symbol is not said to be spread
      expect(r.acrossGrids.some((s) => s.symbol === g.symbol && s.grids.some((w) => w.grid === g.grid))).toBe(false);
    });
    const paid = r.grids[1]!;
    expect(paid.text.en).toMatch(/^Extra stage 1: 3 × .* → €\d+\.\d\d \(art\. 4\.4(, 4\.5)?, 4\.6\)/);
  });

  it('Les 3 Gongs: one grid, the gongs, and nothing said across grids', () => {
    const losing = find('les-3-gongs', (u) => u.assignedCents === 0 && new Set((u.view as GongsView).gongs).size === 2);
    const r = reasonUnit(losing);
    expect(r.grids).toHaveLength(1);
    expect(r.grids[0]!.text.fr).toMatch(
      /^Gongs : aucune combinaison gagnante \(art\. 4\.3\.1, 4\.5\) ; quasi-gain sans lot : 2 × .* \(gongs \d, \d\) \(G3\)\.$/,
    );
    expect(r.acrossGrids).toEqual([]);
    expect(r.acrossGridsRule).toBeNull();
    const direct = find('les-3-gongs', (u) => u.assignedCents > 0 && (u.view as GongsView).bonusCents === null);
    expect(reasonUnit(direct).grids[0]!.text.en).toMatch(
      /^Gongs: 3 × .* under the gongs → €[\d,.]+ \(art\. 4\.3\.1\)\.$/,
    );
  });
});
