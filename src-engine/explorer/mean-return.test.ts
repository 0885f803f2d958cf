import { describe, expect, it } from 'vitest';
import { officialTable } from '../rules/load';
import type { PrizeTable } from '../rules/types';
import { meanReturnDeviation } from './mean-return';
import { tableFigures } from '../rules/table-stats';
import { Z99, simulateSessions } from './sessions';

describe('the interval of a simulated mean return, with rare lots counted exactly', () => {
  it('without rare levels it is the normal interval ± z σ / √m', () => {
    const t: PrizeTable = {
      game: 'mine-d-or',
      stakeCents: 50,
      blockUnits: 2,
      levels: [{ prizeCents: 100, lots: 1 }],
      source: 'test',
    };
    const { a, b } = meanReturnDeviation(t, 1000, 10, true);
    const half = (Z99 * tableFigures(t).sdStakes) / Math.sqrt(10_000); // σ = 1 stake
    expect(b).toBeCloseTo(half, 6);
    expect(a).toBeCloseTo(-half, 6);
  });

  it('Mine d’or, 10 000 sessions of 50 units: the top lots make the upper side much wider than the normal one', () => {
    const t = officialTable('mine-d-or', 50);
    const { a, b } = meanReturnDeviation(t, 10_000, 50, true);
    const half = (Z99 * tableFigures(t).sdStakes) / Math.sqrt(500_000);
    expect(b).toBeGreaterThan(half * 1.3);
    expect(a).toBeLessThan(0);
    expect(-a).toBeLessThan(half);
    // a sample that met the 7 500 € and 3 750 € lots once each (+4,5 points) is still inside
    expect(b).toBeGreaterThan(0.045);
  });

  it('covers the exact mean about 99 times in 100 over repeated small runs (Les 3 Gongs, 300 runs)', () => {
    const t = officialTable('les-3-gongs', 50);
    const rtp = 104_990 / 150_000;
    const players = 200;
    const n = 20;
    const { a, b } = meanReturnDeviation(t, players, n, true);
    let inside = 0;
    const runs = 300;
    for (let seed = 1; seed <= runs; seed++) {
      const tally = simulateSessions(
        { levels: t.levels, blockUnits: t.blockUnits, stakeCents: 50, units: n, replacement: true, seed },
        0,
        players,
      );
      const mean = tally.wonCents / (players * n * 50);
      if (rtp >= mean - b && rtp <= mean - a) inside++;
    }
    // 99 % expected: at most a handful of the 300 runs outside (P(more than 9 outside) < 0.1 %)
    expect(runs - inside).toBeLessThanOrEqual(9);
  });
});
