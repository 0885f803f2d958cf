import { describe, expect, it } from 'vitest';
import { NINE_UNIT_BLOCK, NINE_UNIT_PRIZES } from './nine-unit-block.fixture';
import jStatLib from 'jstat';
import { officialTable } from '../rules/load';
import type { PrizeTable } from '../rules/types';
import {
  checkpoints,
  exactPAheadWithReplacement,
  exactPAheadWithoutReplacement,
  mergeSessionTallies,
  pAtLeastOneWith,
  pAtLeastOneWithout,
  simulateSessions,
  summariseSessions,
  wilson,
} from './sessions';
import type { SessionParams, SessionSummary } from './sessions';
import { meanReturnDeviation } from './mean-return';

// src-engine/stats/jstat.d.ts types the part of jStat the statistics use; these tests also use two
// discrete laws. pdf(k, N, m, n) of hypgeom: k successes in n draws from N items, m successes.
// @see https://jstat.github.io/distributions.html
interface Discrete {
  pdf(k: number, ...params: number[]): number;
}
const jStat = jStatLib as unknown as { binomial: Discrete; hypgeom: Discrete };

const params = (t: PrizeTable, units: number, replacement: boolean, seed = 7): SessionParams => ({
  levels: t.levels,
  blockUnits: t.blockUnits,
  stakeCents: t.stakeCents,
  units,
  replacement,
  seed,
});

/** Every exact figure of a summary lies in its simulated 99 % interval, and every interval holds its estimate. */
function expectExactInside(s: SessionSummary): void {
  const figures = [
    ...s.netPercentiles,
    s.noWin,
    s.firstWinMean!,
    s.firstWinMedian!,
    { simulated: s.pAhead, ci99: s.pAheadCi99, exact: s.pAheadExact },
  ];
  for (const f of figures) {
    expect(f.exact).not.toBeNull();
    expect(f.ci99.low).toBeLessThanOrEqual(f.simulated);
    expect(f.simulated).toBeLessThanOrEqual(f.ci99.high);
    expect(f.exact!).toBeGreaterThanOrEqual(f.ci99.low);
    expect(f.exact!).toBeLessThanOrEqual(f.ci99.high);
  }
}

describe('exact formulas', () => {
  it('binomial and hypergeometric P(≥ 1 lot) agree with jStat', () => {
    expect(pAtLeastOneWith(10, 1000, 50)).toBeCloseTo(1 - jStat.binomial.pdf(0, 50, 0.01), 12);
    expect(pAtLeastOneWithout(10, 1000, 50)).toBeCloseTo(1 - jStat.hypgeom.pdf(0, 1000, 10, 50), 12);
    expect(pAtLeastOneWithout(30, 300_000, 1000)).toBeCloseTo(1 - jStat.hypgeom.pdf(0, 300_000, 30, 1000), 10);
    expect(pAtLeastOneWithout(995, 1000, 10)).toBe(1); // fewer than 10 losing units left
    expect(pAtLeastOneWithout(0, 1000, 10)).toBe(0);
  });

  it('exact P(end ahead) equals brute-force enumeration on a small table', () => {
    const t: PrizeTable = {
      game: 'les-3-gongs',
      stakeCents: 50,
      blockUnits: 100,
      levels: [
        { prizeCents: 500, lots: 2 },
        { prizeCents: 150, lots: 10 },
        { prizeCents: 50, lots: 20 },
      ],
      source: 'test',
    };
    const outcomes = [...t.levels.map((l) => ({ a: l.prizeCents, p: l.lots / 100 })), { a: 0, p: 0.68 }];
    for (const n of [1, 2, 3, 4]) {
      let pAhead = 0;
      const walk = (k: number, sum: number, p: number): void => {
        if (k === n) {
          if (sum > n * 50) pAhead += p;
          return;
        }
        for (const o of outcomes) walk(k + 1, sum + o.a, p * o.p);
      };
      walk(0, 0, 1);
      expect(exactPAheadWithReplacement(t, n)).toBeCloseTo(pAhead, 12);
    }
  });

  it('Wilson interval contains the estimate; checkpoints are at most 100 and end at n', () => {
    const w = wilson(30, 100);
    expect(w.low).toBeLessThan(0.3);
    expect(w.high).toBeGreaterThan(0.3);
    expect(checkpoints(50)).toHaveLength(50);
    const c = checkpoints(1000);
    expect(c).toHaveLength(100);
    expect(c.at(-1)).toBe(1000);
  });
});

describe('simulated sessions agree with the exact figures within their own 99 % interval', () => {
  for (const [game, units] of [
    ['mine-d-or', 100],
    ['les-3-gongs', 50],
  ] as const) {
    it(`${game}, ${units} units, with replacement: P(end ahead) and P(≥ 1 lot of each level)`, () => {
      const t = officialTable(game, 50);
      const p = params(t, units, true);
      const s = summariseSessions(p, t, simulateSessions(p, 0, 200_000));
      expect(s.pAheadExact).not.toBeNull();
      expect(s.pAheadExact!).toBeGreaterThanOrEqual(s.pAheadCi99.low);
      expect(s.pAheadExact!).toBeLessThanOrEqual(s.pAheadCi99.high);
      for (const l of s.levels) {
        expect(l.exact).toBeGreaterThanOrEqual(l.ci99.low);
        expect(l.exact).toBeLessThanOrEqual(l.ci99.high);
      }
      expectExactInside(s);
      // mean return ≈ RTP: within 4 standard errors (sd 17 stakes per unit for Mine d'or)
      expect(Math.abs(s.meanReturn - 0.7)).toBeLessThan(0.02);
      // the exact mean return is the table's RTP, inside the simulated value's 99 % interval
      expect(s.meanReturnExact).toBeCloseTo(game === 'mine-d-or' ? 0.7 : 104_990 / 150_000, 12);
      expect(s.meanReturnCi99.low).toBeLessThanOrEqual(s.meanReturn);
      expect(s.meanReturnCi99.high).toBeGreaterThanOrEqual(s.meanReturn);
      expect(s.meanReturnExact).toBeGreaterThanOrEqual(s.meanReturnCi99.low);
      expect(s.meanReturnExact).toBeLessThanOrEqual(s.meanReturnCi99.high);
    });
  }

  it('without replacement (small block, where it matters): P(≥ 1 lot) matches the hypergeometric law', () => {
    const t: PrizeTable = {
      game: 'mine-d-or',
      stakeCents: 50,
      blockUnits: 2_000,
      levels: [
        { prizeCents: 10_000, lots: 2 },
        { prizeCents: 500, lots: 40 },
        { prizeCents: 50, lots: 300 },
      ],
      source: 'test',
    };
    const p = params(t, 500, false);
    const s = summariseSessions(p, t, simulateSessions(p, 0, 50_000));
    for (const l of s.levels) {
      expect(l.exact).toBeGreaterThanOrEqual(l.ci99.low);
      expect(l.exact).toBeLessThanOrEqual(l.ci99.high);
    }
    // the exact mean return holds without replacement too (E of a sample mean is the block's mean)
    expect(s.meanReturnExact).toBeGreaterThanOrEqual(s.meanReturnCi99.low);
    expect(s.meanReturnExact).toBeLessThanOrEqual(s.meanReturnCi99.high);
    expect(pAtLeastOneWithout(2, 2000, 500)).not.toBeCloseTo(pAtLeastOneWith(2, 2000, 500), 3);
    // 2 lots in 2,000 units, 500 drawn: 1 − (1498·1497)/(2000·1999) ≠ 1 − (1 − 1/1000)^500
    expect(s.pAheadExact).not.toBeNull();
    expect(s.pAheadExact!).toBeGreaterThanOrEqual(s.pAheadCi99.low);
    expect(s.pAheadExact!).toBeLessThanOrEqual(s.pAheadCi99.high);
  });

  it('exact P(end ahead) without replacement: every 3-unit draw of a 9-unit block, and Les 3 Gongs 10 units', () => {
    // Block: 1 × 500, 2 × 100, 2 × 50 cents, 4 losing; stake 50, 3 units: ahead when S > 150.
    const t = NINE_UNIT_BLOCK;
    const units = NINE_UNIT_PRIZES;
    let ahead = 0;
    let all = 0;
    for (let a = 0; a < 9; a++)
      for (let b = a + 1; b < 9; b++)
        for (let c = b + 1; c < 9; c++) {
          all++;
          if (units[a]! + units[b]! + units[c]! > 150) ahead++;
        }
    expect(exactPAheadWithoutReplacement(t, 3)).toBeCloseTo(ahead / all, 12);
    // The figure recomputed independently with SciPy's multivariate hypergeometric law.
    expect(exactPAheadWithoutReplacement(officialTable('les-3-gongs', 50), 10)).toBeCloseTo(0.14602128, 8);
  });

  it('Les 3 Gongs, 40 units bought from one block: every figure beside its exact value', () => {
    const t = officialTable('les-3-gongs', 100);
    const p = params(t, 40, false);
    const s = summariseSessions(p, t, simulateSessions(p, 0, 100_000));
    expectExactInside(s);
    expect(s.replacement).toBe(false);
    expect(s.netPercentiles.map((x) => x.q)).toEqual([0.01, 0.1, 0.5, 0.9, 0.99]);
    // percentiles in order, on the grid of the amounts (multiples of 1 € at 1 €), net of 40 € staked
    for (let i = 1; i < 5; i++)
      expect(s.netPercentiles[i]!.exact!).toBeGreaterThanOrEqual(s.netPercentiles[i - 1]!.exact!);
    for (const x of s.netPercentiles) expect((x.exact! + 4000) % 100).toBe(0);
    // exact figures follow the mode: the chance of no win differs with replacement
    const w = summariseSessions(params(t, 40, true), t, simulateSessions(params(t, 40, true), 0, 10));
    expect(w.noWin.exact).toBeCloseTo((1 - 81_597 / 300_000) ** 40, 14);
    let hyper = 1;
    for (let i = 0; i < 40; i++) hyper *= (300_000 - 81_597 - i) / (300_000 - i);
    expect(s.noWin.exact! / hyper).toBeCloseTo(1, 12);
    expect(s.noWin.exact).toBeLessThan(w.noWin.exact!);
    // the largest lot seen is a lot of the table; the best session is at least the 99th percentile
    expect(t.levels.map((l) => l.prizeCents)).toContain(s.largestLotCents);
    expect(s.bestNetCents).toBeGreaterThanOrEqual(s.netPercentiles[4]!.simulated);
    expect(s.seed).toBe(7);
  });

  it('the seed reproduces a session set: same seed, same figures; another seed, other figures', () => {
    const t = officialTable('mine-d-or', 50);
    const run = (seed: number) => {
      const p = params(t, 30, false, seed);
      return summariseSessions(p, t, simulateSessions(p, 0, 2000));
    };
    const a = run(12345);
    expect(run(12345)).toEqual(a);
    const b = run(12346);
    expect(b.seed).toBe(12346);
    expect(b.meanReturn).not.toBe(a.meanReturn);
    expect(b.noWin.simulated).not.toBe(a.noWin.simulated);
  });

  it('chunks merge to exactly the single run (players are reseeded by index)', () => {
    const t = officialTable('les-3-gongs', 100);
    const p = params(t, 30, false);
    const whole = simulateSessions(p, 0, 3000);
    const merged = mergeSessionTallies([simulateSessions(p, 0, 1234), simulateSessions(p, 1234, 3000)]);
    expect(merged).toEqual(whole);
  });

  it('the mean return interval is [X̄ − b, X̄ − a] from the deviation quantiles', () => {
    // a table where a unit wins 1 € (2 stakes) half the time: σ of a unit's return is exactly 1
    const t: PrizeTable = {
      game: 'mine-d-or',
      stakeCents: 50,
      blockUnits: 2,
      levels: [{ prizeCents: 100, lots: 1 }],
      source: 'test',
    };
    const p = params(t, 4, true);
    const s = summariseSessions(p, t, simulateSessions(p, 0, 10_000));
    const { a, b } = meanReturnDeviation(t, 10_000, 4, true);
    expect(s.meanReturnCi99.low).toBeCloseTo(s.meanReturn - b, 12);
    expect(s.meanReturnCi99.high).toBeCloseTo(s.meanReturn - a, 12);
    expect(b).toBeCloseTo(2.5758293035489004 / 200, 6);
    expect(s.meanReturnExact).toBe(1);
    // without replacement, the finite-population correction: 2 units of a 2-unit block have no spread
    expect(meanReturnDeviation(t, 1000, 2, false)).toEqual({
      a: expect.closeTo(0, 6) as unknown,
      b: expect.closeTo(0, 6) as unknown,
    });
  });

  it('percentile bands: net result at the last checkpoint brackets the median, p10 ≤ p50 ≤ p90', () => {
    const t = officialTable('mine-d-or', 50);
    const p = params(t, 100, true);
    const s = summariseSessions(p, t, simulateSessions(p, 0, 20_000));
    expect(s.bands).toHaveLength(100);
    for (const b of s.bands) {
      expect(b.p10).toBeLessThanOrEqual(b.p50);
      expect(b.p50).toBeLessThanOrEqual(b.p90);
      expect(b.p10).toBeGreaterThanOrEqual(-b.bought * 50);
    }
    expect(s.returnHist.reduce((a, h) => a + h.share, 0)).toBeCloseTo(1, 12);
  });
});
