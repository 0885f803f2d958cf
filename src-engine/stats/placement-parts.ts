/**
 * Every placement test of a block ({@link placementTests}), in two parts of about the same work
 * ({@link placementTestPart}) that can run on two threads and be joined into the same report.
 */
import type { PrizeTable } from '../rules/types';
import { levelRegularityTests } from './level-regularity';
import { periodicityTest } from './periodicity';
import { ALPHA, LOSING_LEVEL, winnerIndices } from './placement-constants';
import type { PlacementTest } from './placement-constants';
import {
  gapsTest,
  holmPass,
  levelPositionTests,
  longestRunTest,
  runsTest,
  segmentsTest,
  serialTest,
  tieBreakOf,
} from './placement-tests';
import type { PlacementReport } from './placement-tests';
import { rareLotsTest } from './rare-lots';
import { scalesTest } from './scales';
import { spectralTest } from './spectral';

/** The parts {@link placementTestPart} cuts the tests into: about the same work each. */
export const PLACEMENT_PARTS = 2;

/**
 * Part `part` (0 or 1) of a block's placement tests, in {@link placementTests}' order: the parts
 * joined are every test, so they can run on two threads and give the same report.
 */
export function placementTestPart(
  levels: Uint8Array,
  table: PrizeTable,
  part: number,
  tieBreak?: number,
): PlacementTest[] {
  if (part === 0)
    return [
      segmentsTest(levels),
      runsTest(levels),
      serialTest(levels, table),
      gapsTest(levels),
      longestRunTest(levels, tieBreak ?? tieBreakOf(levels)),
      ...levelPositionTests(levels, table),
    ].filter((t): t is PlacementTest => t !== null);
  // the level-regularity tests go with those of the winners' positions: then each part is about
  // half of a Mine d'or block's work (measured), and the cut keeps the tests' order
  const winnersAt = winnerIndices(levels);
  const n = levels.length;
  return [
    ...levelRegularityTests(levels, table, tieBreak ?? tieBreakOf(levels)),
    rareLotsTest(levels, table),
    periodicityTest(winnersAt, n),
    spectralTest(winnersAt, n),
    scalesTest(winnersAt, n),
  ].filter((t): t is PlacementTest => t !== null);
}

/** Every placement test of a block; `tieBreak` fixes the randomised tests' uniform (tests, calibration). */
export function placementTests(levels: Uint8Array, table: PrizeTable, tieBreak?: number): PlacementReport {
  const tests: PlacementTest[] = [];
  for (let k = 0; k < PLACEMENT_PARTS; k++) tests.push(...placementTestPart(levels, table, k, tieBreak));
  return placementReport(levels, tests);
}

/** The report of a block's tests (every part, in order). */
export function placementReport(levels: Uint8Array, tests: readonly PlacementTest[]): PlacementReport {
  let winners = 0;
  for (let i = 0; i < levels.length; i++) if (levels[i] !== LOSING_LEVEL) winners++;
  return {
    units: levels.length,
    winners,
    alpha: ALPHA,
    tests,
    failures: tests.filter((t) => !t.pass).length,
    expectedFalseFailures: tests.length * ALPHA,
    familyPass: holmPass(
      tests.map((t) => t.pValue),
      ALPHA,
    ),
  };
}
