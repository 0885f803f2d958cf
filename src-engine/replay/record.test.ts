import { describe, expect, it } from 'vitest';
import { GENERATOR_VERSION, officialBlock, openUnit, parseUnitRef, formatUnitRef } from '../index';
import type { GameId } from '../index';
import { CELL_NUMBERING, replayRecord } from './record';

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
      expect(record.numbering).toEqual(CELL_NUMBERING);
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
