import { describe, expect, it } from 'vitest';
import { UnitStream } from '../random/mix';
import type { PrizeTable } from '../rules/types';
import { applyBias, shuffleInPlace, sortedLevels } from './calibration';
import {
  REGULARITY_MIN_LOTS,
  expectedMinGap,
  levelRegularityTests,
  minGapAtLeast,
  regularityOf,
} from './level-regularity';
import { LOSING_LEVEL } from './placement-constants';
import { findingBody, findingsOverSet } from './placement-finding';
import { placementTests } from './placement-parts';

/** How many of the C(n, k) placements of k lots among n units have each smallest inner gap. */
function enumerated(n: number, k: number): Map<number, number> {
  const counts = new Map<number, number>();
  for (let mask = 0; mask < 1 << n; mask++) {
    const at: number[] = [];
    for (let i = 0; i < n; i++) if (mask & (1 << i)) at.push(i);
    if (at.length !== k) continue;
    let min = Infinity;
    for (let i = 1; i < k; i++) min = Math.min(min, at[i]! - at[i - 1]! - 1);
    counts.set(min, (counts.get(min) ?? 0) + 1);
  }
  return counts;
}

/** A block shaped like Les 3 Gongs, small enough for a test: a level of 500 lots among 20,000 units. */
const SMALL: PrizeTable = {
  game: 'les-3-gongs',
  stakeCents: 50,
  blockUnits: 20_000,
  levels: [
    { prizeCents: 100_000, lots: 1 },
    { prizeCents: 2_000, lots: 19 },
    { prizeCents: 500, lots: 500 },
    { prizeCents: 100, lots: 3_000 },
  ],
  source: 'level regularity test table',
};

const fairBlock = (seed: number): Uint8Array => {
  const rng = new UnitStream();
  rng.reseed(seed, 0);
  const levels = sortedLevels(SMALL);
  shuffleInPlace(levels, rng);
  return levels;
};

describe('the law of the smallest gap between the lots of a level', () => {
  it('the closed form C(n − (k − 1)m, k)/C(n, k) is the count of every placement, n = 12, k = 4 and n = 14, k = 3', () => {
    for (const [n, k] of [
      [12, 4],
      [14, 3],
    ] as const) {
      const counts = enumerated(n, k);
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      for (let m = 0; m <= n; m++) {
        let atLeast = 0;
        for (const [min, c] of counts) if (min >= m) atLeast += c;
        expect(minGapAtLeast(n, k, m), `n ${n}, k ${k}, m ${m}`).toBeCloseTo(atLeast / total, 14);
      }
    }
    // all four at least 3 apart among 12 units: only 0, 3, 6, 9 … shifted within C(12 − 6, 4) = 15 placements
    expect(minGapAtLeast(12, 4, 2) * 495).toBeCloseTo(15, 10);
  });

  it('the randomised p-value runs from P(min > t) to P(min ≥ t) with its uniform', () => {
    const at = Int32Array.from([0, 3, 7, 11]); // smallest inner part 2
    expect(regularityOf(at, 12, 0).p).toBeCloseTo(minGapAtLeast(12, 4, 3), 14);
    expect(regularityOf(at, 12, 1).p).toBeCloseTo(minGapAtLeast(12, 4, 2), 14);
    expect(regularityOf(at, 12, 0.5).minGap).toBe(2);
  });

  it('the expected smallest distance: 1 + Σ P(min ≥ m), here against the enumeration', () => {
    const counts = enumerated(12, 4);
    let mean = 0;
    for (const [min, c] of counts) mean += ((min + 1) * c) / 495;
    expect(expectedMinGap(12, 4)).toBeCloseTo(mean, 10);
  });
});

describe('a level spaced too regularly is a finding; a fair one is not', () => {
  it('a fair shuffle passes, and only the levels of 20 lots or more are tested', () => {
    const tests = levelRegularityTests(fairBlock(4), SMALL, 0.5);
    expect(tests.map((t) => t.level)).toEqual([2, 3]);
    expect(SMALL.levels[1]!.lots).toBeLessThan(REGULARITY_MIN_LOTS);
    for (const t of tests) expect(t.pass, t.detail).toBe(true);
  });

  it('the level of 500 lots on a grid jittered by ±45 % of its step is rejected, and the block with it', () => {
    const levels = fairBlock(4);
    const rng = new UnitStream();
    rng.reseed(4, 1);
    // the level nearest 1,000 lots is the one of 500
    applyBias(levels, SMALL, 'level-grid', 0.45, rng);
    const counts = new Map<number, number>();
    for (const l of levels) if (l !== LOSING_LEVEL) counts.set(l, (counts.get(l) ?? 0) + 1);
    expect(counts.get(2)).toBe(500);
    expect(counts.get(3)).toBe(3_000);
    const rep = placementTests(levels, SMALL);
    const grid = rep.tests.find((t) => t.id === 'levelRegularity' && t.level === 2)!;
    expect(grid.pValue).toBeLessThan(1e-6);
    expect(grid.statistic).toBeGreaterThanOrEqual(3); // 10 % of a step of 40 units, less the rounding
    expect(rep.familyPass).toBe(false);
    // the finding names the level, its smallest gap and what chance would give
    const [f] = findingsOverSet([
      {
        tests: rep.tests.map((t) => ({
          name: `${t.id}${t.level === undefined ? '' : `:${t.level}`}`,
          p: t.pValue,
          ...(t.where ? { where: t.where } : {}),
        })),
      },
    ]);
    expect(f!.test).toBe('levelRegularity:2');
    expect(findingBody(f!, 'fr')).toMatch(
      /^constat à examiner \(pas un défaut de rapprochement\) : test levelRegularity:2, p = .+, le niveau 3 est placé trop régulièrement : plus petit écart 5 unités, attendu 1 pour un placement au hasard, lots des unités \d+ à \d+$/,
    );
    expect(findingBody(f!, 'en')).toMatch(/level 3 is spaced too regularly: smallest gap 5 units, 1 expected/);
  });

  it('lots never closer than 5 % of the mean step are rejected; the KS test of their positions does not see it', () => {
    const levels = fairBlock(6);
    const rng = new UnitStream();
    rng.reseed(6, 1);
    // 0.05 of a 40-unit step: at least 2 units apart, against about 1.04 expected
    applyBias(levels, SMALL, 'level-spread', 0.05, rng);
    const rep = placementTests(levels, SMALL);
    expect(rep.tests.find((t) => t.id === 'levelRegularity' && t.level === 2)!.pValue).toBeLessThan(1e-3);
    expect(rep.tests.find((t) => t.id === 'levelPositions' && t.level === 2)!.pass).toBe(true);
  });
});
