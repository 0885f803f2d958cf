/**
 * The placement tests of any block, ours or foreign: from the level of every
 * unit in index order, checked against the table it claims, to the overall Holm verdict and one
 * line per test — the shape `verify --json` reports under `"placement"`.
 */
import { InputError } from '../block/input-error';
import type { PrizeTable } from '../rules/types';
import { testKey } from './calibration';
import { LOSING_LEVEL, PLACEMENT_SEGMENTS } from './placement-tests';
import { placementReport, placementTests } from './placement-parts';
import type { PlacementTest, PlacementWhere } from './placement-tests';
import { blockPlacementP } from './placement-family';
import { rareLevels } from './rare-lots';

export interface PlacementTestLine {
  /** `segments`, `runs`, `serial`, `gaps`, `longestRun` or `levelPositions:<level index>`. */
  readonly name: string;
  readonly statistic: number;
  readonly p: number;
  /** This test alone at 1 %. */
  readonly ok: boolean;
  /** Where in the block the test points, when it can say. */
  readonly where?: PlacementWhere;
}

/** Winners in one of the {@link PLACEMENT_SEGMENTS} segments of the block: where the winners fall. */
export interface WinnersInSegment {
  readonly from: number;
  readonly to: number;
  readonly winners: number;
  readonly expected: number;
}

export interface PlacementVerdict {
  /** The overall Holm–Bonferroni verdict at 1 % over every test (this block alone). */
  readonly ok: boolean;
  /** The block's overall p-value (tests × smallest p, capped at 1), for Holm over a set of blocks. */
  readonly p: number;
  readonly tests: readonly PlacementTestLine[];
  /** The winners per segment, in index order, for the chart of where they fall. */
  readonly segments: readonly WinnersInSegment[];
  /** Indices of the lots of the levels with fewer than 5 lots. */
  readonly rareLots: readonly number[];
}

/** The winners in each of `k` equal segments of a levels array, and the lots of `rare` levels. */
export function winnersMap(
  levels: Uint8Array,
  rare: readonly number[],
  k = PLACEMENT_SEGMENTS,
): { segments: WinnersInSegment[]; rareLots: number[] } {
  const n = levels.length;
  const isRare = new Set(rare);
  const counts = new Array<number>(Math.min(k, n)).fill(0);
  const rareLots: number[] = [];
  let w = 0;
  for (let i = 0; i < n; i++) {
    const l = levels[i]!;
    if (l === LOSING_LEVEL) continue;
    w++;
    counts[Math.floor((i * counts.length) / n)]!++;
    if (isRare.has(l)) rareLots.push(i);
  }
  const segments = counts.map((c, s) => {
    const from = Math.ceil((s * n) / counts.length);
    const to = Math.ceil(((s + 1) * n) / counts.length);
    return { from, to, winners: c, expected: (w * (to - from)) / n };
  });
  return { segments, rareLots };
}

/**
 * Runs every placement test on `levels` (level index per unit, {@link LOSING_LEVEL} for a losing
 * one). The block must hold exactly the table's units and lots (art. 3): otherwise an
 * {@link InputError} says which level differs and what the table expects. `tests`: the tests of
 * these levels already run (`placementTestPart`'s parts, on workers), else they run here.
 */
export function placementOfLevels(
  levels: Uint8Array,
  table: PrizeTable,
  tests?: readonly PlacementTest[],
): PlacementVerdict {
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
  const rep = tests ? placementReport(levels, tests) : placementTests(levels, table);
  return {
    ok: rep.familyPass,
    p: blockPlacementP(rep.tests.map((t) => t.pValue)),
    tests: rep.tests.map((t) => ({
      name: testKey(t),
      statistic: t.statistic,
      p: t.pValue,
      ok: t.pass,
      ...(t.where ? { where: t.where } : {}),
    })),
    ...winnersMap(levels, rareLevels(table)),
  };
}
