/**
 * R1: the canonical record of a unit, byte for byte, as the README's export schema lays it out,
 * whatever shortcut `writeRecord` takes (written-out copies, Bonus amounts apart), at any offset.
 */
import { describe, expect, it } from 'vitest';
import { GENERATOR_VERSIONS, STAKES, officialBlock, prepareGame } from '../index';
import type { GameId, UnitView } from '../index';
import { UnitStream } from '../random/mix';
import { GONG_CODES } from './les-3-gongs/gongs';
import { MINE_CODES } from './mine-d-or/grid';

const u32 = (v: number): number[] => [v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff];

/** The record from the unit's view: prize u32 LE, then the game's fields (README, export schema). */
function reference(prizeCents: number, view: UnitView): number[] {
  if (view.game === 'les-3-gongs') {
    const codes = view.gongs.map((g) => GONG_CODES.indexOf(g));
    const bonus = view.bonusCents === null ? [0] : [1, ...view.bonusCents.flatMap(u32)];
    return [...u32(prizeCents), ...codes, ...bonus];
  }
  const grids = [view.main, ...view.extras].flatMap((g) => g.map((c) => MINE_CODES.indexOf(c)));
  return [...u32(prizeCents), view.extras.length, ...grids];
}

describe('canonical records (R1)', () => {
  it.each(['les-3-gongs', 'mine-d-or'] as const)(
    '%s: every level, every stake and version, at aligned and unaligned offsets',
    (game: GameId) => {
      const stream = new UnitStream();
      const shapes = new Set<number>();
      for (const stake of STAKES) {
        for (const version of GENERATOR_VERSIONS) {
          const spec = officialBlock(game, stake, 3, version);
          const prepared = prepareGame(spec);
          const amounts = [...spec.table.levels.map((l) => l.prizeCents), 0];
          const out = new Uint8Array(3 + prepared.maxRecordBytes);
          for (let level = 0; level < amounts.length; level++) {
            for (let i = 0; i < 300; i++) {
              stream.reseed(0xc0ffee, i);
              prepared.generate(level, stream);
              const want = reference(amounts[level]!, prepared.view());
              for (const offset of [0, 3]) {
                out.fill(0xee);
                const n = prepared.writeRecord(amounts[level]!, out, offset);
                expect(n).toBe(want.length);
                expect(Array.from(out.subarray(offset, offset + n))).toEqual(want);
              }
              shapes.add(want.length);
            }
          }
        }
      }
      // both Gongs shapes (8 and 20 bytes); Mine d'or with 0 to 3 Extra stages
      expect(shapes.size).toBe(game === 'les-3-gongs' ? 2 : 4);
    },
  );
});
