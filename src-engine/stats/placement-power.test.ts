import { describe, expect, it } from 'vitest';
import { officialTable } from '../rules/load';
import { calibratePlacement } from './calibration';
import { POWER_PLAN } from './placement-biases';

/**
 * The power table's stated strengths on the Mine d'or 0.50 € table, one biased shuffle each (the
 * full table, 20 blocks a row, is `npm run calibrate -- --power 20`): each bias is caught by the
 * overall verdict, and by the test meant for it.
 */
const MEANT: Record<string, readonly string[]> = {
  'top-lots-first': ['rareLots'],
  'period-7': ['periodicity'],
  even: ['periodicity'],
  'quota-1000': ['scales'],
  'quota-10000': ['segments', 'scales'],
  'hot-cold-500': ['spectral'],
  'level-grid': ['levelRegularity'],
  'level-spread': ['levelRegularity'],
};

describe('power against the stated biases (Mine d’or 0.50 €, one block each)', () => {
  const table = officialTable('mine-d-or', 50);
  for (const plan of POWER_PLAN) {
    it(`${plan.bias} at strength ${plan.strengths[0]} fails the overall verdict`, () => {
      const r = calibratePlacement(table, {
        trials: 1,
        seed: 3,
        source: 'shuffle',
        bias: plan.bias,
        strength: plan.strengths[0],
      });
      expect(r.overall.rejections).toBe(1);
      const meant = MEANT[plan.bias];
      if (meant) expect(meant).toContain(Object.keys(r.firedBy)[0]);
    });
  }
});
