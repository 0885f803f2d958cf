/**
 * The placement tests of any block, ours or foreign (issue 14, item 3): from the level of every
 * unit in index order, checked against the table it claims, to the overall Holm verdict and one
 * line per test — the shape `verify --json` reports under `"placement"`.
 */
import { InputError } from '../block/input-error';
import type { PrizeTable } from '../rules/types';
import { testKey } from './calibration';
import { LOSING_LEVEL, placementTests } from './placement-tests';

export interface PlacementTestLine {
  /** `segments`, `runs`, `serial`, `gaps`, `longestRun` or `levelPositions:<level index>`. */
  readonly name: string;
  readonly statistic: number;
  readonly p: number;
  /** This test alone at 1 %. */
  readonly ok: boolean;
}

export interface PlacementVerdict {
  /** The overall Holm–Bonferroni verdict at 1 % over every test. */
  readonly ok: boolean;
  readonly tests: readonly PlacementTestLine[];
}

/**
 * Runs every placement test on `levels` (level index per unit, {@link LOSING_LEVEL} for a losing
 * one). The block must hold exactly the table's units and lots (art. 3): otherwise an
 * {@link InputError} says which level differs and what the table expects.
 */
export function placementOfLevels(levels: Uint8Array, table: PrizeTable): PlacementVerdict {
  if (levels.length !== table.blockUnits)
    throw new InputError(
      `the block has ${levels.length} units where the table has ${table.blockUnits}: placement needs the whole block`,
      `le bloc compte ${levels.length} unités là où le tableau en a ${table.blockUnits} : le placement se teste sur le bloc entier`,
    );
  const counts = new Array<number>(table.levels.length).fill(0);
  for (let i = 0; i < levels.length; i++) {
    const l = levels[i]!;
    if (l === LOSING_LEVEL) continue;
    if (l >= table.levels.length)
      throw new InputError(
        `unit ${i} has level ${l + 1}, but the table has ${table.levels.length} levels`,
        `l’unité ${i} porte le niveau ${l + 1}, mais le tableau n’en a que ${table.levels.length}`,
      );
    counts[l]!++;
  }
  table.levels.forEach((lvl, li) => {
    if (counts[li] !== lvl.lots)
      throw new InputError(
        `the block has ${counts[li]} lots of level ${li + 1} where the table has ${lvl.lots}: reconcile the block first`,
        `le bloc compte ${counts[li]} lots du niveau ${li + 1} là où le tableau en a ${lvl.lots} : rapprocher d’abord le bloc`,
      );
  });
  const rep = placementTests(levels, table);
  return {
    ok: rep.familyPass,
    tests: rep.tests.map((t) => ({ name: testKey(t), statistic: t.statistic, p: t.pValue, ok: t.pass })),
  };
}
