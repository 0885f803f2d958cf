import { describe, expect, it } from 'vitest';
import type { PrizeTable } from '../rules/types';
import { calibratePlacement, clopperPearson } from './calibration';
import { setFalseAlarms } from './placement-family';
import type { CalibrationResult } from './calibration';

/** A small block shaped like Les 3 Gongs (hit rate about 27 %, a few top lots): fast enough for CI. */
const SMALL: PrizeTable = {
  game: 'les-3-gongs',
  stakeCents: 50,
  blockUnits: 20_000,
  levels: [
    { prizeCents: 100_000, lots: 1 },
    { prizeCents: 10_000, lots: 6 },
    { prizeCents: 2_000, lots: 20 },
    { prizeCents: 500, lots: 150 },
    { prizeCents: 200, lots: 800 },
    { prizeCents: 100, lots: 1_500 },
    { prizeCents: 50, lots: 3_000 },
  ],
  source: 'calibration test table',
};

const summary = (r: CalibrationResult): string[] =>
  [...r.rows, r.overall].map(
    (x) =>
      `${x.key} ${x.rejections}/${x.trials} [${x.low.toFixed(4)}, ${x.high.toFixed(4)}] KS p ${x.uniformityP.toFixed(3)}`,
  );

describe('calibration of the placement tests (reduced CI run of `npm run calibrate`)', () => {
  it('a dead test is seen: 0 failures in 2,000 trials is outside the 99 % interval of 1 %', () => {
    expect(clopperPearson(0, 2_000, 0.99).high).toBeLessThan(0.01);
    // and the Clopper–Pearson bounds of 20/2000 at 99 %, as tabulated by the beta quantiles
    const { low, high } = clopperPearson(20, 2_000, 0.99);
    expect(low).toBeLessThan(0.01);
    expect(high).toBeGreaterThan(0.01);
    expect(low).toBeGreaterThan(0.005);
    expect(high).toBeLessThan(0.0175);
  });

  it('on 1,000 ideal shuffles every test fails about 1 % of fair blocks, and its p-values are uniform', () => {
    const r = calibratePlacement(SMALL, { trials: 1_000, seed: 11, source: 'shuffle' });
    const s = summary(r);
    for (const row of r.rows) expect(row.calibrated, s.join('\n')).toBe(true);
    // Uniform p-values for every single test, the longest run included (randomised); the tests
    // that take the smallest of several p-values times their number (Bonferroni) pile up at 1.
    const combined = new Set(['periodicity', 'scales', 'rareLots']);
    for (const row of r.rows.filter((x) => !combined.has(x.key)))
      expect(row.uniformityP, s.join('\n')).toBeGreaterThan(0.001);
    expect(r.overall.rate).toBeLessThanOrEqual(r.overall.high);
    expect(r.overall.low).toBeLessThanOrEqual(0.01);
    // each false alarm of the overall verdict is laid to one test, named by its row's key
    const keys = new Set(r.rows.map((x) => x.key));
    expect(Object.values(r.overallBy).reduce((a, b) => a + b, 0)).toBe(r.overall.rejections);
    for (const key of Object.keys(r.overallBy)) expect(keys, key).toContain(key);
    // verifications of 20 of these fair blocks together: Holm over the set (50 sets of 20)
    const sets = setFalseAlarms(r.blockP, 20);
    expect(sets.sets).toBe(50);
    expect(sets.alarms).toBeLessThanOrEqual(2);
  });

  it("on 300 of the generator's own placements every test's rate holds its interval", () => {
    const r = calibratePlacement(SMALL, { trials: 300, seed: 5, source: 'generator' });
    for (const row of r.rows) expect(row.calibrated, summary(r).join('\n')).toBe(true);
  });

  it('power: stated biases are caught by the tests meant to catch them', () => {
    const power = (bias: 'towards-start' | 'clustered' | 'top-lots-early', strength: number, key: string): number => {
      const r = calibratePlacement(SMALL, { trials: 40, seed: 9, source: 'shuffle', bias, strength });
      return [...r.rows, r.overall].find((x) => x.key === key)!.rate;
    };
    expect(power('towards-start', 0.2, 'segments')).toBeGreaterThan(0.9);
    expect(power('clustered', 0.3, 'segments')).toBeGreaterThan(0.9);
    expect(power('clustered', 0.3, 'overall')).toBeGreaterThan(0.9);
    expect(power('top-lots-early', 1, 'levelPositions:1')).toBeGreaterThan(0.9);
  });
});
