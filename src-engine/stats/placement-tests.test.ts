import { describe, expect, it } from 'vitest';
import { mergeBlock, officialBlock, officialTable, runRange } from '../index';
import type { PrizeTable } from '../index';
import { chiSquareUpper, ksPValue, normalCdf, normalTwoSided, qks } from './distributions';
import { describeFirstScreenClass, firstScreenTable } from './first-screen';
import { UnitStream } from '../random/mix';
import { applyBias, shuffleInPlace, sortedLevels } from './calibration';
import { circularSerialMoments } from './permutation-moments';
import {
  gapLaw,
  holmPass,
  levelPositionTests,
  LOSING_LEVEL,
  gapsTest,
  ksUniformD,
  longestRunTest,
  longestRunUpper,
  runsTestBinary,
  segmentsTest,
  serialTest,
} from './placement-tests';
import { placementTests } from './placement-parts';

describe('distributions reproduce textbook values', () => {
  it('chi-square: 3.841 on 1 df is the 95 % point, 6.635 the 99 % point, 134.642 on 99 df the 99 % point', () => {
    // Tables: NIST/SEMATECH e-Handbook §1.3.6.7.4 (critical values of the chi-square distribution).
    expect(1 - chiSquareUpper(3.841, 1)).toBeCloseTo(0.95, 4);
    expect(chiSquareUpper(6.635, 1)).toBeCloseTo(0.01, 4);
    expect(chiSquareUpper(134.642, 99)).toBeCloseTo(0.01, 4);
    expect(chiSquareUpper(18.307, 10)).toBeCloseTo(0.05, 4);
  });

  it('normal: Φ(1.96) = 0.975, two-sided p of 2.5758 is 0.01', () => {
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalTwoSided(-1.959964)).toBeCloseTo(0.05, 6);
    expect(normalTwoSided(2.575829)).toBeCloseTo(0.01, 6);
    expect(normalTwoSided(40)).toBe(0);
  });

  it('Kolmogorov: Q_KS(1.36) ≈ 0.05, Q_KS(1.63) ≈ 0.01, Q_KS(1.22) ≈ 0.10, both series agree', () => {
    // Asymptotic critical values 1.22, 1.36, 1.63 (Smirnov 1948; Massey 1951, Table 1, "over 35").
    expect(qks(1.3581)).toBeCloseTo(0.05, 3);
    expect(qks(1.6276)).toBeCloseTo(0.01, 3);
    expect(qks(1.2238)).toBeCloseTo(0.1, 3);
    // λ = 1.18 is where Numerical Recipes switches series: both sides must meet.
    expect(qks(1.18 - 1e-9)).toBeCloseTo(qks(1.18 + 1e-9), 8);
    expect(qks(0.5)).toBeCloseTo(0.9639, 4);
  });

  it('KS p-value for D and n from Massey’s table: n = 20, D = 0.294 → 0.05; n = 10, D = 0.490 → 0.01', () => {
    // Massey (1951), Table 1: critical values of D at α = 0.05 (n = 20: 0.294) and α = 0.01 (n = 10: 0.490).
    expect(ksPValue(0.294, 20)).toBeCloseTo(0.05, 2);
    expect(ksPValue(0.49, 10)).toBeCloseTo(0.01, 2);
  });

  it('KS statistic of a known sample', () => {
    // Points 0.1, 0.4, 0.7: the empirical CDF jumps to 1/3, 2/3, 1; D = max(1/3 − 0.1, …, 0.7 − 2/3, 1 − 0.7) = 0.3.
    expect(ksUniformD(Float64Array.of(0.7, 0.1, 0.4))).toBeCloseTo(0.3, 12);
  });
});

describe('runs, serial correlation and longest run on textbook cases', () => {
  it('runs test: 10 A then 10 B has 2 runs, z = −4.135; alternation has 20 runs, z = +4.135', () => {
    // E[R] = 2·10·10/20 + 1 = 11, Var[R] = 2·100·180/(400·19) = 4.7368 (Wald & Wolfowitz 1940).
    const blocks = runsTestBinary(20, (i) => i < 10);
    expect(blocks.runs).toBe(2);
    expect(blocks.z).toBeCloseTo(-9 / Math.sqrt(36000 / 7600), 10);
    expect(blocks.z).toBeCloseTo(-4.135, 3);
    const alt = runsTestBinary(20, (i) => i % 2 === 0);
    expect(alt.runs).toBe(20);
    expect(alt.z).toBeCloseTo(4.135, 3);
  });

  it('runs test: NIST e-Handbook style sequence of 12 values', () => {
    // + + − − − + − − + + + −  : n1 = 6, n2 = 6, R = 6, E[R] = 7, Var = 2·36·60/(144·11) = 2.7273.
    const s = [1, 1, 0, 0, 0, 1, 0, 0, 1, 1, 1, 0];
    const r = runsTestBinary(s.length, (i) => s[i] === 1);
    expect(r.runs).toBe(6);
    expect(r.z).toBeCloseTo(-1 / Math.sqrt(2.7272727), 6);
  });

  it('serial test: level ranks alternating high and low have a strongly negative z; a sorted block a positive one', () => {
    const table = synthetic(1_000, [
      { prizeCents: 500, lots: 500 },
      { prizeCents: 100, lots: 500 },
    ]);
    const alternating = Uint8Array.from({ length: 1_000 }, (_, i) => i % 2);
    const alt = serialTest(alternating, table);
    expect(alt.statistic).toBeLessThan(-20);
    expect(alt.pass).toBe(false);
    const sorted = Uint8Array.from({ length: 1_000 }, (_, i) => (i < 500 ? 0 : 1));
    expect(serialTest(sorted, table).statistic).toBeGreaterThan(20);
  });

  it('longest run: 1 − exp(−n·p·q^L) is close to the exact recursion', () => {
    // Exact P(longest run of losses < L) by the standard recursion on the current run length.
    const exactBelow = (n: number, q: number, L: number): number => {
      let state = new Float64Array(L);
      state[0] = 1;
      for (let i = 0; i < n; i++) {
        const next = new Float64Array(L);
        for (let r = 0; r < L; r++) {
          next[0]! += state[r]! * (1 - q);
          if (r + 1 < L) next[r + 1]! += state[r]! * q;
        }
        state = next;
      }
      return state.reduce((s, v) => s + v, 0);
    };
    for (const [n, q, L] of [
      [10_000, 0.8, 35],
      [10_000, 0.73, 25],
      [200, 0.5, 7],
    ] as const) {
      expect(longestRunUpper(n, q, L)).toBeCloseTo(1 - exactBelow(n, q, L), 2);
    }
  });
});

const synthetic = (units: number, levels: PrizeTable['levels']): PrizeTable => ({
  game: 'les-3-gongs',
  stakeCents: 50,
  blockUnits: units,
  levels,
  source: 'test table',
});

describe('placement tests on engine blocks', () => {
  it('a real Les 3 Gongs block and a real Mine d’or block pass every test', async () => {
    for (const [game, seed] of [
      ['les-3-gongs', 1],
      ['mine-d-or', 2],
    ] as const) {
      const spec = officialBlock(game, 50, seed);
      const t = await runRange(spec, 0, spec.table.blockUnits, { keepLevels: true });
      const rep = placementTests(t.levels, spec.table);
      for (const test of rep.tests)
        expect({ game, id: test.id, level: test.level, pass: test.pass }).toMatchObject({ pass: true });
      // five tests of the whole block, the levels of 5 lots or more, the spacing of the levels of 20 lots
      // or more, then the rare lots (Mine d’or has four single top lots, Les 3 Gongs one), periodicity,
      // the periodogram and the scales
      expect(rep.tests.length).toBe(5 + 8 + 7 + 4);
      expect(rep.failures).toBe(0);
      expect(rep.familyPass).toBe(true);
    }
  });

  it('a fair block failing one test alone at 1 % still passes the overall verdict (Mine d’or seed 1)', async () => {
    const spec = officialBlock('mine-d-or', 50, 1);
    const t = await runRange(spec, 0, spec.table.blockUnits, { keepLevels: true });
    const rep = placementTests(t.levels, spec.table);
    expect(rep.failures).toBe(1);
    expect(rep.familyPass).toBe(true);
  });

  it('moderately clustered winners (corrected χ² p about 1e-5) fail the overall verdict', () => {
    const table = officialTable('les-3-gongs', 50);
    const rng = new UnitStream();
    rng.reseed(7, 0);
    const levels = sortedLevels(table);
    shuffleInPlace(levels, rng);
    applyBias(levels, table, 'clustered', 0.022, rng);
    const seg = segmentsTest(levels);
    expect(seg.pValue).toBeGreaterThan(1e-7);
    expect(seg.pValue).toBeLessThan(1e-4);
    expect(placementTests(levels, table).familyPass).toBe(false);
    // The independent-draws law (χ² not scaled by (n − 1)/(n − w)) would have let it pass.
    const w = 81_597;
    const n = 300_000;
    expect(chiSquareUpper((seg.statistic * (n - w)) / (n - 1), 99)).toBeGreaterThan(0.01 / 13);
  });

  it('all winners moved into the first half fail the segments and position tests', async () => {
    const spec = officialBlock('les-3-gongs', 50, 1);
    const t = await runRange(spec, 0, spec.table.blockUnits, { keepLevels: true });
    const biased = new Uint8Array(t.levels.length).fill(LOSING_LEVEL);
    let slot = 0;
    for (let i = 0; i < t.levels.length; i++) {
      if (t.levels[i] === LOSING_LEVEL) continue;
      slot = Math.max(slot, Math.floor(i / 2));
      biased[slot++] = t.levels[i]!;
    }
    expect(biased.subarray(biased.length / 2).every((l) => l === LOSING_LEVEL)).toBe(true);
    const rep = placementTests(biased, spec.table);
    expect(segmentsTest(biased).pass).toBe(false);
    const ks = rep.tests.filter((x) => x.id === 'levelPositions');
    expect(ks.length).toBe(8);
    // Levels with many lots fail outright; even the 10-lot level's D is 0.5 or more.
    expect(ks.filter((x) => x.n >= 100).every((x) => !x.pass)).toBe(true);
    expect(ks.every((x) => x.statistic >= 0.5)).toBe(true);
  });

  it('every tenth unit a winner fails runs, gaps, serial correlation and longest run', () => {
    const table = synthetic(100_000, [
      { prizeCents: 500, lots: 1_000 },
      { prizeCents: 100, lots: 9_000 },
    ]);
    const levels = new Uint8Array(100_000).fill(LOSING_LEVEL);
    for (let i = 0; i < levels.length; i += 10) levels[i] = i % 100 === 0 ? 0 : 1;
    const rep = placementTests(levels, table);
    const failed = new Set(rep.tests.filter((x) => !x.pass).map((x) => x.id));
    for (const id of ['runs', 'gaps', 'serial', 'longestRun'] as const) expect(failed.has(id)).toBe(true);
    expect(gapsTest(levels).pValue).toBe(0);
    expect(longestRunTest(levels).statistic).toBe(9);
  });
});

describe('first screen', () => {
  it('Les 3 Gongs: first two gongs that differ lose on sight; two alike are undecided and do not leak', async () => {
    const spec = officialBlock('les-3-gongs', 50, 1);
    const r = mergeBlock(spec, [await runRange(spec, 0, spec.table.blockUnits)]);
    const fs = firstScreenTable(r.firstScreenClasses, r.firstScreen, spec.table);
    expect(fs.rows.reduce((s, x) => s + x.units, 0)).toBe(300_000);
    expect(fs.rows.reduce((s, x) => s + x.wins, 0)).toBe(81_597);
    expect(fs.hitRate).toBeCloseTo(81_597 / 300_000, 12);
    const differ = fs.rows.find((x) => x.cls === 'first-two-differ')!;
    expect(differ.outcome).toBe('visible-loss');
    expect(differ.wins).toBe(0);
    const yy = fs.rows.find((x) => x.cls === 'first-two-yinyang')!;
    expect(yy.outcome).toBe('undecided');
    expect(yy.pWin).toBeGreaterThan(2 * fs.hitRate); // two alike: most units then win…
    expect(yy.leaks).toBe(false); // …but no more than two alike of a paying symbol do
  });

  it("Mine d'or: a visible combination is a win on sight; no EXTRA and no combination a loss; near misses do not leak", async () => {
    const spec = officialBlock('mine-d-or', 100, 5);
    const r = mergeBlock(spec, [await runRange(spec, 0, spec.table.blockUnits)]);
    const fs = firstScreenTable(r.firstScreenClasses, r.firstScreen, spec.table);
    expect(fs.rows.reduce((s, x) => s + x.units, 0)).toBe(1_000_000);
    for (const row of fs.rows) {
      if (row.outcome === 'visible-win') expect(row.wins).toBe(row.units);
      if (row.outcome === 'visible-loss') expect(row.wins).toBe(0);
      expect(row.leaks, row.cls).toBe(false);
    }
    expect(describeFirstScreenClass('extra=2;main=none;pairs=2+', 'fr')).toBe(
      '2 EXTRA, grille principale sans combinaison, 2 paires ou plus',
    );
  });
});

describe('null laws of a fixed-count block', () => {
  /** Every distinct ordering of a multiset, for exact permutation moments. */
  const orderings = (values: number[]): number[][] => {
    if (values.length <= 1) return [values];
    const out: number[][] = [];
    for (const v of new Set(values)) {
      const rest = [...values];
      rest.splice(rest.indexOf(v), 1);
      for (const o of orderings(rest)) out.push([v, ...o]);
    }
    return out;
  };

  it('circular serial statistic: mean and variance equal those over every ordering of the block', () => {
    for (const block of [
      [0, 0, 0, 1, 1, 2, 3],
      [0, 0, 0, 0, 1, 1, 1, 5],
      [1, 2, 3, 4, 5, 6],
    ]) {
      const rs = orderings(block).map((o) => circularSerialMoments(o).statistic);
      const mean = rs.reduce((a, b) => a + b, 0) / rs.length;
      const variance = rs.reduce((a, b) => a + (b - mean) ** 2, 0) / rs.length;
      const m = circularSerialMoments(block);
      expect(m.mean).toBeCloseTo(mean, 10);
      expect(m.variance).toBeCloseTo(variance, 10);
    }
  });

  it('gap law: P(gap = j) over every placement of 3 winners among 8 units', () => {
    const n = 8;
    const w = 3;
    const counts = new Array<number>(n).fill(0);
    let gaps = 0;
    for (const o of orderings([1, 1, 1, 0, 0, 0, 0, 0])) {
      let last = -1;
      o.forEach((x, i) => {
        if (x !== 1) return;
        if (last >= 0) {
          counts[i - last - 1]!++;
          gaps++;
        }
        last = i;
      });
    }
    const law = gapLaw(n, w, n - w + 1);
    for (let j = 0; j <= n - w; j++) expect(law[j]).toBeCloseTo(counts[j]! / gaps, 12);
    expect(law.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('segments: Pearson χ² of the wins scaled by (n − 1)/(n − w)', () => {
    // 4 units per segment, 2 segments (k = 2): wins 3 | 1, w = 4, n = 8, expected 2 | 2.
    const levels = Uint8Array.of(0, 0, 0, LOSING_LEVEL, 0, LOSING_LEVEL, LOSING_LEVEL, LOSING_LEVEL);
    const t = segmentsTest(levels, 2);
    expect(t.statistic).toBeCloseTo(((1 / 2 + 1 / 2) * 7) / 4, 12);
    expect(t.df).toBe(1);
  });

  it('KS positions: the law is taken at the finite-population size m·(n − 1)/(n − m)', () => {
    const table = synthetic(1_000, [{ prizeCents: 100, lots: 500 }]);
    const levels = new Uint8Array(1_000).fill(LOSING_LEVEL);
    // The first 60 units all win, the other 440 lots spread evenly over the last 940 units: D ≈ 0.06.
    levels.fill(0, 0, 60);
    for (let k = 0; k < 440; k++) levels[60 + Math.floor((k * 940) / 440)] = 0;
    const [t] = levelPositionTests(levels, table);
    expect(t!.pValue).toBeCloseTo(ksPValue(t!.statistic, (500 * 999) / 500), 12);
    expect(t!.pValue).toBeLessThan(ksPValue(t!.statistic, 500) / 10);
    expect(t!.pValue).toBeGreaterThan(0);
  });
});

describe('Holm–Bonferroni overall verdict', () => {
  it('rejects the family only when the smallest p-value is below α/m', () => {
    expect(holmPass([0.004, 0.5, 0.9], 0.01)).toBe(true); // 0.004 ≥ 0.01/3
    expect(holmPass([0.003, 0.5, 0.9], 0.01)).toBe(false); // 0.003 < 0.01/3
    expect(holmPass([], 0.01)).toBe(true);
  });
});
