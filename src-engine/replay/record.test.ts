import { describe, expect, it } from 'vitest';
import { GENERATOR_VERSION, officialBlock, openUnit, parseUnitRef, formatUnitRef } from '../index';
import type { GameId } from '../index';
import { RECORD_NUMBERING, replayRecord } from './record';
import { MINE_LINE_NAMES, gainLabel, gridLabel, reasonUnit } from '../index';

/** The record of the first unit of block 12345 at 1 € with a gain in its main grid or gongs (no Bonus). */
function winningRecord(game: GameId): { record: Record<string, unknown>; cells: readonly (readonly number[])[] } {
  const spec = officialBlock(game, 100, 12345);
  for (let i = 0; i < 1000; i++) {
    const u = openUnit(spec, i);
    if (!u.explanation.gains.some((g) => g.grid === 0) || u.explanation.gains.some((g) => g.bonusCents)) continue;
    const ref = formatUnitRef({ game, stakeCents: 100, seed: 12345, index: i, generatorVersion: GENERATOR_VERSION });
    return { record: replayRecord(ref, parseUnitRef(ref), u), cells: u.explanation.gains.map((g) => g.cells) };
  }
  throw new Error('no winning unit in the first 1,000');
}

describe('replay record: cell numbering says which it is', () => {
  it.each(['mine-d-or', 'les-3-gongs'] as const)(
    '%s: numbers from 1 as the screen, indices from 0 as arrays',
    (game) => {
      const { record, cells } = winningRecord(game);
      expect(record.numbering).toEqual(RECORD_NUMBERING);
      const gains = record.gains as { cell_numbers: number[]; cell_indices: number[]; cells?: unknown }[];
      expect(gains.map((g) => g.cell_indices)).toEqual(cells);
      expect(gains.map((g) => g.cell_numbers)).toEqual(cells.map((c) => c.map((x) => x + 1)));
      // no field named only « cells », whose numbering a reader would have to guess
      expect(gains.every((g) => g.cells === undefined)).toBe(true);
      // the indices name the winning symbol in the record's own arrays
      const symbols = (game === 'mine-d-or' ? record.main : record.gongs) as string[];
      const first = (record.gains as { grid: number; symbol: string; cell_indices: number[] }[]).find(
        (g) => g.grid === 0,
      );
      expect(first).toBeDefined();
      expect(first!.cell_indices.map((c) => symbols[c])).toEqual([first!.symbol, first!.symbol, first!.symbol]);
    },
  );
});

/** A unit of the 1 € block of seed 12345 and its record. */
function recordOf(game: GameId, pred: (u: ReturnType<typeof openUnit>) => boolean) {
  const spec = officialBlock(game, 100, 12345);
  for (let i = 0; i < 100_000; i++) {
    const u = openUnit(spec, i);
    if (!pred(u)) continue;
    const ref = formatUnitRef({ game, stakeCents: 100, seed: 12345, index: i, generatorVersion: GENERATOR_VERSION });
    return { u, record: replayRecord(ref, parseUnitRef(ref), u) };
  }
  throw new Error('no such unit in the first 100,000');
}

type RecordGain = {
  grid: number;
  grid_name: { en: string; fr: string };
  line_name: { en: string; fr: string } | null;
  line_index: number | null;
  aligned: boolean;
  cell_indices: number[];
};

describe('replay record: grids and lines counted as the screen and the PNG count them', () => {
  it('« ligne 2 » in « Étape Extra 1 » is grid 1, grid_name « Étape Extra 1 », line_name « ligne 2 », line_index 1', () => {
    const { u, record } = recordOf('mine-d-or', (x) => x.explanation.gains.some((g) => g.grid === 1 && g.line === 1));
    const k = u.explanation.gains.findIndex((g) => g.grid === 1 && g.line === 1);
    const g = (record.gains as RecordGain[])[k]!;
    expect(g).toMatchObject({
      grid: 1,
      grid_name: { fr: 'Étape Extra 1', en: 'Extra stage 1' },
      aligned: true,
      line_name: { fr: 'ligne 2', en: 'row 2' },
      line_index: 1,
    });
    // the screen and the PNG title the grid and name the line with the same words
    expect(g.grid_name).toEqual(gridLabel('mine-d-or', 1));
    expect(gainLabel('mine-d-or', u.explanation.gains[k]!).fr).toContain(`alignés sur la ${g.line_name!.fr}`);
    // line_index is the line of RULES.md: row 2 is cells 3-4-5
    expect([...g.cell_indices].sort()).toEqual([3, 4, 5]);
    expect(record.gains).not.toContainEqual(expect.objectContaining({ line: expect.anything() }));
    // the note names every numbered field the record uses
    for (const f of ['grid', 'line_name', 'line_index', 'cell_numbers', 'cell_indices', 'gain_indices'])
      expect(Object.keys(record.numbering as object)).toContain(f);
  });

  it('every line has one name and one index, as the screen names the 8 lines', () => {
    const { record } = recordOf('mine-d-or', (x) => x.explanation.gains.some((g) => g.line >= 3));
    for (const g of record.gains as RecordGain[]) {
      if (!g.aligned) expect([g.line_name, g.line_index]).toEqual([null, null]);
      else expect(g.line_name).toEqual(MINE_LINE_NAMES[g.line_index!]);
    }
  });

  it('carries the reasoning over every grid, the same sentences as the screen and the command line', () => {
    const { u, record } = recordOf(
      'mine-d-or',
      (x) =>
        x.view.game === 'mine-d-or' &&
        x.assignedCents === 0 &&
        x.view.extras.length === 1 &&
        x.view.main.filter((s) => s === 'nugget').length === 1 &&
        x.view.extras[0]!.filter((s) => s === 'nugget').length === 2,
    );
    const why = reasonUnit(u);
    const grids = record.grids as { grid: number; grid_name: unknown; text: unknown; near_misses: unknown[] }[];
    expect(grids.map((g) => g.grid)).toEqual([0, 1]);
    expect(grids.map((g) => g.text)).toEqual(why.grids.map((g) => g.text));
    expect(grids[1]!.near_misses).toContainEqual(expect.objectContaining({ symbol: 'nugget' }));
    const across = record.across_grids as { symbol: string; total: number; grids: { grid: number }[]; text: unknown }[];
    const nugget = across.find((x) => x.symbol === 'nugget')!;
    expect(nugget.total).toBe(3);
    expect(nugget.grids.map((g) => g.grid)).toEqual([0, 1]);
    expect(record.across_grids_rule).toEqual(why.acrossGridsRule);
  });
});
