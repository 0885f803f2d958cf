import { describe, expect, it } from 'vitest';
import { officialTable } from '../rules/load';
import type { PrizeTable } from '../rules/types';
import { NINE_UNIT_BLOCK, NINE_UNIT_PRIZES } from './nine-unit-block.fixture';
import { exactFirstWin, exactSessionLaw, noWinSurvival, sumLawWith, sumLawWithout } from './session-law';

const tiny = NINE_UNIT_BLOCK;
const units = NINE_UNIT_PRIZES;

/** Law of S (index: S / 50 cents) by enumeration: every ordered n-tuple, with or without replacement. */
function bruteLaw(n: number, replacement: boolean): { law: number[]; firstWin: number[] } {
  const law = new Array<number>(Math.floor((n * 500) / 50) + 1).fill(0);
  const firstWin = new Array<number>(n + 1).fill(0); // index 0: no win
  let total = 0;
  const walk = (picked: number[]): void => {
    if (picked.length === n) {
      total++;
      const sum = picked.reduce((a, i) => a + units[i]!, 0);
      law[sum / 50]!++;
      const f = picked.findIndex((i) => units[i]! > 0);
      firstWin[f + 1]!++;
      return;
    }
    for (let i = 0; i < units.length; i++) if (replacement || !picked.includes(i)) walk([...picked, i]);
  };
  walk([]);
  return { law: law.map((c) => c / total), firstWin: firstWin.map((c) => c / total) };
}

describe('exact law of a session', () => {
  for (const replacement of [true, false]) {
    it(`the law of S equals enumeration of every draw, ${replacement ? 'with' : 'without'} replacement`, () => {
      for (const n of [1, 2, 3, 4]) {
        const { law } = bruteLaw(n, replacement);
        const M = law.length - 1;
        const exact = replacement ? sumLawWith(tiny, n, M) : sumLawWithout(tiny, n, M);
        expect(exact).not.toBeNull();
        law.forEach((p, s) => expect(exact![s]).toBeCloseTo(p, 12));
        // truncated at the break-even: the same masses up to it
        const cut = replacement ? sumLawWith(tiny, n, n) : sumLawWithout(tiny, n, n);
        for (let s = 0; s <= n; s++) expect(cut![s]).toBeCloseTo(law[s]!, 12);
      }
    });

    it(`quantiles of the net result and P(ahead) equal enumeration, ${replacement ? 'with' : 'without'} replacement`, () => {
      const n = 4;
      const { law } = bruteLaw(n, replacement);
      const qs = [0.01, 0.1, 0.5, 0.9, 0.99];
      const expected = qs.map((q) => {
        let acc = 0;
        for (let s = 0; s < law.length; s++) if ((acc += law[s]!) >= q - 1e-12) return s * 50 - n * 50;
        return null;
      });
      const pAhead = law.reduce((a, p, s) => a + (s * 50 > n * 50 ? p : 0), 0);
      const got = exactSessionLaw(tiny, n, replacement, qs);
      expect(got.netQuantiles).toEqual(expected);
      expect(got.pAhead).toBeCloseTo(pAhead, 12);
      // the grid had to grow beyond the break-even (4 units: S/g ≤ 4) to reach the 99th percentile
      expect(expected[4]).toBeGreaterThan(0);
    });

    it(`no win and the unit of the first win equal enumeration, ${replacement ? 'with' : 'without'} replacement`, () => {
      for (const n of [1, 3, 4]) {
        const { firstWin } = bruteLaw(n, replacement);
        const f = exactFirstWin(tiny, n, replacement);
        expect(f.pNoWin).toBeCloseTo(firstWin[0]!, 12);
        const win = 1 - firstWin[0]!;
        const mean = firstWin.reduce((a, p, k) => a + (k > 0 ? k * p : 0), 0) / win;
        expect(f.mean).toBeCloseTo(mean, 12);
        let acc = 0;
        const median = firstWin.findIndex((p, k) => k > 0 && (acc += p) >= win / 2 - 1e-12);
        expect(f.median).toBe(median);
      }
    });
  }

  it('no win in n units: (1 − h)^n with replacement, hypergeometric without; all lost once the losing units run out', () => {
    const t = officialTable('mine-d-or', 50);
    const h = 198_665 / 1_000_000;
    expect(noWinSurvival(t, 50, true)[50]).toBeCloseTo((1 - h) ** 50, 14);
    // without: Π (801 335 − i) / (1 000 000 − i), slightly below (1 − h)^n
    let p = 1;
    for (let i = 0; i < 50; i++) p *= (801_335 - i) / (1_000_000 - i);
    expect(noWinSurvival(t, 50, false)[50]).toBeCloseTo(p, 14);
    expect(noWinSurvival(t, 50, false)[50]).toBeLessThan(noWinSurvival(t, 50, true)[50]!);
    // 4 losing units of 9: a 5-unit session always wins
    expect(exactFirstWin(tiny, 5, false).pNoWin).toBe(0);
    // the geometric mean 1/h is the limit of a long session's conditional mean
    expect(exactFirstWin(t, 1000, true).mean).toBeCloseTo(1 / h, 6);
  });

  it('a grid too large is not attempted: no exact figure instead of minutes of work', () => {
    // amounts whose gcd is 1 cent (10,01 €, 10,03 €, …), 1,000 units at 2 €: 200,001 cells × 1,000 units × 12 steps > 2e9
    const t: PrizeTable = {
      game: 'mine-d-or',
      stakeCents: 200,
      blockUnits: 1_000_000,
      levels: Array.from({ length: 11 }, (_, i) => ({ prizeCents: 1001 + 2 * i, lots: 1000 })),
      source: 'test',
    };
    const got = exactSessionLaw(t, 1000, true, [0.5]);
    expect(got).toEqual({ pAhead: null, netQuantiles: [null] });
    // amounts whose sum can never pass the break-even: the law is whole and nobody ends ahead
    const small: PrizeTable = { ...t, levels: [{ prizeCents: 101, lots: 1000 }] };
    // S / 1,01 € is binomial (1,000, 0.001): P(0) = 0.368, P(≤ 1) = 0.736, P(≤ 3) = 0.981, P(≤ 4) = 0.996
    const whole = exactSessionLaw(small, 1000, true, [0.3, 0.5, 0.99]);
    expect(whole.pAhead).toBeCloseTo(0, 12);
    expect(whole.netQuantiles).toEqual([-200_000, -200_000 + 101, -200_000 + 404]);
  });
});
