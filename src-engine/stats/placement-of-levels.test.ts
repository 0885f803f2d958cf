import { describe, expect, it } from 'vitest';
import { officialTable } from '../rules/load';
import { UnitStream } from '../random/mix';
import { generatorLevels, shuffleInPlace, sortedLevels } from './calibration';
import { placementOfLevels } from './placement-of-levels';
import { LOSING_LEVEL } from './placement-tests';
import { PLACEMENT_PARTS, placementTestPart } from './placement-parts';

/** The winners of a block moved towards its first half: each winner at i goes to the first free unit from i/2. */
function shiftedTowardsStart(levels: Uint8Array, share: number): Uint8Array {
  const out = Uint8Array.from(levels);
  const half = Math.floor(levels.length / 2);
  let moved = 0;
  const target = Math.floor(share * levels.reduce((a, l) => a + (l === LOSING_LEVEL ? 0 : 1), 0));
  for (let i = half; i < levels.length && moved < target; i++) {
    if (out[i] === LOSING_LEVEL) continue;
    let j = Math.floor((i - half) / 2);
    while (out[j] !== LOSING_LEVEL) j++;
    out[j] = out[i]!;
    out[i] = LOSING_LEVEL;
    moved++;
  }
  return out;
}

describe('placement tests of any block', () => {
  it('a fair block passes; the same block with a tenth of its winners shifted towards its first half fails, naming the tests', () => {
    const table = officialTable('les-3-gongs', 50);
    const rng = new UnitStream();
    rng.reseed(3, 0);
    const fair = sortedLevels(table);
    shuffleInPlace(fair, rng);
    const v = placementOfLevels(fair, table);
    expect(v.ok).toBe(true);
    expect(v.tests.map((t) => t.name)).toEqual([
      'segments',
      'runs',
      'serial',
      'gaps',
      'longestRun',
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((l) => `levelPositions:${l}`),
      ...[2, 3, 4, 5, 6, 7, 8].map((l) => `levelRegularity:${l}`),
      'rareLots',
      'periodicity',
      'spectral',
      'scales',
    ]);
    const shifted = placementOfLevels(shiftedTowardsStart(fair, 0.1), table);
    expect(shifted.ok).toBe(false);
    const failed = shifted.tests.filter((t) => !t.ok).map((t) => t.name);
    expect(failed).toContain('segments');
    expect(failed.some((n) => n.startsWith('levelPositions:'))).toBe(true);
    for (const t of shifted.tests) expect(t.ok).toBe(t.p >= 0.01);
  });

  it('the tests run in parts apart (as on workers, through a structured clone) give the same verdict, fair or not', () => {
    const table = officialTable('les-3-gongs', 50);
    const rng = new UnitStream();
    rng.reseed(5, 0);
    const fair = sortedLevels(table);
    shuffleInPlace(fair, rng);
    for (const levels of [fair, shiftedTowardsStart(fair, 0.1)]) {
      const parts = Array.from({ length: PLACEMENT_PARTS }, (_, k) =>
        structuredClone(placementTestPart(levels, table, k)),
      );
      // each part holds some of the tests: neither is all of them
      for (const p of parts) expect(p.length).toBeGreaterThan(0);
      expect(placementOfLevels(levels, table, parts.flat())).toEqual(placementOfLevels(levels, table));
    }
  });

  it("the generator's own placement of a Mine d'or block passes", () => {
    const table = officialTable('mine-d-or', 50);
    expect(placementOfLevels(generatorLevels(table, 12345), table).ok).toBe(true);
  });

  it('a block that does not reconcile with the table is refused, saying which level and what is expected', () => {
    const table = officialTable('les-3-gongs', 50);
    const levels = sortedLevels(table);
    expect(() => placementOfLevels(levels.subarray(1), table)).toThrow(
      'the block has 299999 units where the table has 300000: placement needs the whole block',
    );
    const extra = Uint8Array.from(levels);
    extra[0] = 0;
    expect(() => placementOfLevels(extra, table)).toThrow(/the block has \d+ lots of level 1 where the table has \d+/);
    const bad = Uint8Array.from(levels);
    bad[0] = 40;
    expect(() => placementOfLevels(bad, table)).toThrow('unit 0 has level 41, but the table has');
  });
});
