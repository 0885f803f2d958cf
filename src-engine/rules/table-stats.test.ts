import { describe, expect, it } from 'vitest';
import { STAKES, officialTable, tableFigures } from '../index';

describe('docs/rules.md "Derived" figures of the official tables', () => {
  it.each(STAKES)('Mine d’or at %i cents: RTP 70.000 %, hit rate 19.8665 %, sd 17.02 stakes', (stake) => {
    const f = tableFigures(officialTable('mine-d-or', stake));
    expect(f.lots).toBe(198_665);
    expect(f.losing).toBe(1_000_000 - 198_665);
    expect(f.rtp).toBeCloseTo(0.7, 5);
    expect(Math.abs(f.rtp - 0.7)).toBeLessThan(1e-5);
    expect(f.hitRate).toBe(0.198665);
    expect(f.sdStakes.toFixed(2)).toBe('17.02');
    expect(f.maxLotStakes).toBe(15_000);
    expect((1 / f.hitRate).toFixed(4)).toBe('5.0336');
  });

  it.each(STAKES)('Les 3 Gongs at %i cents: RTP 69.993 %, hit rate 27.199 %, sd 11.98 stakes', (stake) => {
    const f = tableFigures(officialTable('les-3-gongs', stake));
    expect(f.lots).toBe(81_597);
    expect(f.losing).toBe(300_000 - 81_597);
    expect(Math.abs(f.rtp - 0.69993)).toBeLessThan(1e-5);
    expect(f.totalCents).toBe(10_499_000 * (stake / 50));
    expect(f.hitRate).toBe(0.27199);
    expect(f.sdStakes.toFixed(2)).toBe('11.98');
    expect(f.maxLotStakes).toBe(6_000);
    expect((1 / f.hitRate).toFixed(4)).toBe('3.6766');
  });

  it('art. 3: money totals are exact integers of cents', () => {
    for (const game of ['mine-d-or', 'les-3-gongs'] as const)
      for (const stake of STAKES)
        expect(Number.isSafeInteger(tableFigures(officialTable(game, stake)).totalCents)).toBe(true);
  });
});
