/**
 * The gate that answers « does the schema take this line? » without the schema agrees with the
 * schema on every line of a generated space: valid lines of both games, foreign or not, with up to
 * three fields removed, added or given values of other types and sizes. Seeded: a failure is
 * reproduced by running this file again.
 */
import { describe, expect, it } from 'vitest';
import type { GameId } from '../../rules/types';
import { FOREIGN_GONGS_LINE, FOREIGN_MINE_LINE, GONGS_LINE, isUnitLine, MINE_LINE } from './unit-schema';

const SEED = 20_261_205;
const CASES = 20_000;

/** mulberry32: a small seeded generator, enough to draw cases. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const nine = () => Array.from({ length: 9 }, (_, i) => `s${i}`);
const VALUES: readonly (() => unknown)[] = [
  () => null,
  () => true,
  () => 0,
  () => -0,
  () => -1,
  () => 7,
  () => 1.5,
  () => 2 ** 53,
  () => -(2 ** 53) + 1,
  () => '',
  () => 'GONG-100-0000007-0000-V2-A1',
  () => '0',
  () => [],
  () => nine(),
  () => nine().slice(1),
  () => [...nine().slice(1), 3],
  () => ['a', 'b', 'c'],
  () => ['a', 'b'],
  () => ['a', 'b', 4],
  () => [nine()],
  () => [nine(), nine(), nine()],
  () => [nine(), nine(), nine(), nine()],
  () => [nine(), ['a']],
  () => [40, 140, 20],
  () => [40, -1, 20],
  () => [40, 1.5, 20],
  () => [40, 140],
  () => [0, 0, 0, 0],
  () => ({}),
  () => ({ index: 1 }),
];
const KEYS = ['index', 'ref', 'prize_cents', 'main', 'extras', 'gongs', 'bonus_cents', 'extra', '__lines', 'Index'];

function validLine(game: GameId): Record<string, unknown> {
  return game === 'mine-d-or'
    ? { index: 3, ref: 'MINE-100-0000007-0003-V2-BQ', prize_cents: 200, main: nine(), extras: [nine()] }
    : { index: 3, ref: 'GONG-100-0000007-0003-V2-BQ', prize_cents: 0, gongs: ['a', 'b', 'c'], bonus_cents: null };
}

describe('isUnitLine agrees with the schema', () => {
  const next = rng(SEED);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  it(`on ${CASES} generated lines of both games, foreign or not`, () => {
    let taken = 0;
    for (let c = 0; c < CASES; c++) {
      const game: GameId = next() < 0.5 ? 'mine-d-or' : 'les-3-gongs';
      const o = validLine(game);
      const changes = Math.floor(next() * 4);
      for (let k = 0; k < changes; k++) {
        const key = pick(KEYS);
        if (next() < 0.25) delete o[key];
        else o[key] = pick(VALUES)();
      }
      for (const foreign of [false, true]) {
        const schema = foreign
          ? game === 'mine-d-or'
            ? FOREIGN_MINE_LINE
            : FOREIGN_GONGS_LINE
          : game === 'mine-d-or'
            ? MINE_LINE
            : GONGS_LINE;
        const want = schema.safeParse(o).success;
        if (isUnitLine(o, game, foreign) !== want) expect({ game, foreign, line: o, schemaTakes: want }).toBeNull();
        if (want) taken++;
      }
    }
    // the space holds both answers in numbers, so agreement is not agreement on one side only
    expect(taken).toBeGreaterThan(CASES / 10);
    expect(taken).toBeLessThan(CASES * 1.9);
  });
});
