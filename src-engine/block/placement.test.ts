import { describe, expect, it } from 'vitest';
import {
  GAME_IDS,
  GENERATOR_VERSIONS,
  InputError,
  STAKES,
  indicesOfLevel,
  levelsOfRange,
  officialBlock,
  officialTable,
} from '../index';
import type { PrizeTable } from '../index';
import { Placement } from './placement';

const pairs = GAME_IDS.flatMap((game) => STAKES.map((stake) => ({ game, stake })));

describe('placement of the lots in a block (art. 3, R2)', () => {
  it.each(pairs)(
    'art. 3: a $game block at $stake cents holds exactly the table’s lots, for 3 seeds',
    ({ game, stake }) => {
      for (const seed of [0, 1, 4294967295]) {
        const spec = officialBlock(game, stake, seed);
        const levels = levelsOfRange(spec, 0, spec.table.blockUnits);
        const counts = new Array<number>(spec.table.levels.length + 1).fill(0);
        for (const l of levels) counts[l]!++;
        expect(counts.slice(0, -1)).toEqual(spec.table.levels.map((l) => l.lots));
        expect(counts.at(-1)).toBe(spec.table.blockUnits - spec.table.levels.reduce((s, l) => s + l.lots, 0));
      }
    },
  );

  it.each(GAME_IDS)('R2: indicesOfLevel returns exactly the %s indices whose level is that level', (game) => {
    const spec = officialBlock(game, 50, 2024);
    const levels = levelsOfRange(spec, 0, spec.table.blockUnits);
    for (let level = 0; level <= spec.table.levels.length; level++) {
      const want: number[] = [];
      levels.forEach((l, i) => {
        if (l === level) want.push(i);
      });
      const got = indicesOfLevel(spec, level);
      expect(got.length, `level ${level}`).toBe(want.length);
      expect(Array.from(got).every((v, k) => v === want[k])).toBe(true);
    }
  });

  it('R1: the placement depends on the seed, and only on the block spec', () => {
    const a = levelsOfRange(officialBlock('mine-d-or', 50, 1), 0, 100_000);
    const a2 = levelsOfRange(officialBlock('mine-d-or', 50, 1), 0, 100_000);
    const b = levelsOfRange(officialBlock('mine-d-or', 50, 2), 0, 100_000);
    expect(Buffer.from(a2).equals(Buffer.from(a))).toBe(true);
    expect(Buffer.from(b).equals(Buffer.from(a))).toBe(false);
  });

  it('a table with more lots than units is refused with a message', () => {
    const t: PrizeTable = { ...officialTable('les-3-gongs', 50), blockUnits: 1_000 };
    expect(() => new Placement(t, 1)).toThrow(InputError);
    expect(() => new Placement(t, 1)).toThrow(/81597 lots for 1000 units/);
  });

  it('a small what-if table is placed exactly too', () => {
    const t: PrizeTable = {
      game: 'les-3-gongs',
      stakeCents: 50,
      blockUnits: 37,
      levels: [
        { prizeCents: 300, lots: 2 },
        { prizeCents: 50, lots: 30 },
      ],
      source: 'test',
    };
    const p = new Placement(t, 99);
    const counts = [0, 0, 0];
    for (let i = 0; i < 37; i++) counts[p.levelAt(i)]!++;
    expect(counts).toEqual([2, 30, 5]);
    expect(p.indicesOfLevel(2).length).toBe(5);
  });
});

describe('Placement.levelsInto (the block runner reads levels a segment at a time)', () => {
  it.each([
    ['mine-d-or', 50, 1],
    ['les-3-gongs', 200, 99],
  ] as const)('%s: gives levelAt of every index of a range', (game, stake, seed) => {
    const table = officialTable(game, stake);
    const p = new Placement(table, seed * 2654435761);
    const from = 123_456;
    const out = new Uint8Array(20_000);
    p.levelsInto(from, out);
    const seen = new Set<number>();
    for (let k = 0; k < out.length; k++) {
      expect(out[k]).toBe(p.levelAt(from + k));
      seen.add(out[k]!);
    }
    expect(seen.has(p.losingLevel)).toBe(true);
    expect(seen.size).toBeGreaterThan(3);
  });
});

describe('Placement.levelsOfSlots (the coarse slot → level table)', () => {
  const everySlot = (p: Placement): { slots: Int32Array; out: Uint8Array } => {
    const slots = Int32Array.from({ length: p.units }, (_, s) => s);
    const out = new Uint8Array(p.units);
    p.levelsOfSlots(slots, out);
    return { slots, out };
  };

  it.each(pairs)('gives levelOfSlot for every slot of the official $game table at $stake cents', ({ game, stake }) => {
    for (const version of GENERATOR_VERSIONS) {
      const spec = officialBlock(game, stake, 5, version);
      const p = new Placement(spec.table, 77);
      // levels start inside buckets here, so the exact walk is exercised as well as the table
      expect(p.straddlingBuckets).toBeGreaterThan(0);
      const { out } = everySlot(p);
      let wrong = 0;
      for (let s = 0; s < p.units; s++) if (out[s] !== p.levelOfSlot(s)) wrong++;
      expect(wrong).toBe(0);
    }
  });

  it('is exact for odd block sizes, one-lot levels side by side and empty levels', () => {
    for (const blockUnits of [1, 2, 4_097, 65_537, 1_000_003]) {
      const t: PrizeTable = {
        game: 'mine-d-or',
        stakeCents: 50,
        blockUnits,
        levels: [
          { prizeCents: 9_000, lots: Math.min(1, blockUnits) },
          { prizeCents: 5_000, lots: 0 },
          { prizeCents: 700, lots: blockUnits > 2 ? 1 : 0 },
          { prizeCents: 50, lots: Math.floor(blockUnits / 3) },
        ],
        source: 'test',
      };
      const p = new Placement(t, blockUnits);
      const { out } = everySlot(p);
      const counts = [0, 0, 0, 0, 0];
      let wrong = 0;
      for (let s = 0; s < p.units; s++) {
        if (out[s] !== p.levelOfSlot(s)) wrong++;
        counts[out[s]!]!++;
      }
      expect(wrong, `${blockUnits} units`).toBe(0);
      expect(counts.slice(0, 4)).toEqual(t.levels.map((l) => l.lots));
    }
  });
});
