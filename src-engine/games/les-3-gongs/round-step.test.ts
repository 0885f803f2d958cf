import { describe, expect, it } from 'vitest';
import { STAKES, getRules, officialTable } from '../../index';
import { UnitStream } from '../../random/mix';
import { GongsGenerator } from './generate';
import { gongGains } from './prepared';
import { bonusStep, isRoundCents, roundStep, splitCount } from './round-step';

describe('G5: the round step of a Bonus split', () => {
  it('G5: 300 € at 0.50 € is split in steps of 50 €, 10 possible splits (docs/rules.md)', () => {
    expect(roundStep(30_000, 50)).toBe(5_000);
    expect(splitCount(30_000, 5_000)).toBe(10);
  });

  it('version 1 keeps the G1 step, a fifth of the stake, for every lot', () => {
    for (const stake of STAKES)
      for (const l of officialTable('les-3-gongs', stake).levels)
        expect(bonusStep(l.prizeCents, stake, 1)).toBe(stake / 5);
  });

  it('G5 then G1: at 2 € the 2 € and 4 € lots have no round step with five steps, and fall back to 0.40 € (G1)', () => {
    expect(roundStep(200, 200)).toBeNull();
    expect(roundStep(400, 200)).toBeNull();
    expect(bonusStep(200, 200, 2)).toBe(40);
    expect(bonusStep(400, 200, 2)).toBe(40);
    // 50 cents is round and divides 4 € into 8, but is no multiple of 0.40 €: G1 rules it out
    expect(bonusStep(400, 200, 2) % 40).toBe(0);
  });

  const lots = STAKES.flatMap((stake) =>
    officialTable('les-3-gongs', stake).levels.map((l) => ({ stake, lot: l.prizeCents })),
  );
  it.each(lots)('at $stake cents, the $lot cents lot: largest round step, ≥ 5 steps, G1 multiple', ({ stake, lot }) => {
    const step = bonusStep(lot, stake, 2);
    const fifth = stake / 5;
    expect(step % fifth).toBe(0); // G1
    expect(lot % step).toBe(0);
    const round = roundStep(lot, stake);
    if (round === null) {
      expect(step).toBe(fifth); // the G1 fallback
    } else {
      expect(isRoundCents(step)).toBe(true);
      expect(lot / step).toBeGreaterThanOrEqual(5);
      // no larger round step (multiple of the fifth) divides the lot into five steps or more
      for (let k = step + 1; 5 * k <= lot; k++)
        if (isRoundCents(k) && k % fifth === 0) expect(lot % k, `step ${k}`).not.toBe(0);
    }
  });

  it.each(STAKES)('G5: every Bonus lot at %i cents is drawn uniformly among its round splits', (stake) => {
    const table = officialTable('les-3-gongs', stake);
    const gains = gongGains(stake);
    const gen = new GongsGenerator(table, gains, { bonusShare: 1 }, 2);
    const buf = new Int32Array(7);
    const stream = new UnitStream();
    table.levels.forEach((l, level) => {
      const step = bonusStep(l.prizeCents, stake, 2);
      const splits = splitCount(l.prizeCents, step);
      const seen = new Map<string, number>();
      const draws = Math.min(40 * splits, 20_000);
      for (let i = 0; i < draws; i++) {
        stream.reseed(0x5eed + level, i);
        gen.generate(level, stream, buf);
        expect(buf[3]).toBe(1);
        const amounts = [buf[4]!, buf[5]!, buf[6]!];
        expect(amounts[0]! + amounts[1]! + amounts[2]!).toBe(l.prizeCents);
        for (const a of amounts) {
          expect(a).toBeGreaterThan(0);
          expect(a % step).toBe(0);
        }
        const k = amounts.join(',');
        seen.set(k, (seen.get(k) ?? 0) + 1);
      }
      if (draws >= 40 * splits) {
        // every split appears, none far from its share (uniform choice, G5)
        expect(seen.size, `${l.prizeCents} cents`).toBe(splits);
        for (const n of seen.values()) expect(n).toBeGreaterThan(10);
      } else {
        expect(seen.size).toBeLessThanOrEqual(splits);
      }
    });
  });

  it('the 0.50 € table: the steps and split counts of every Bonus lot', () => {
    const rows = officialTable('les-3-gongs', 50).levels.map((l) => {
      const step = bonusStep(l.prizeCents, 50, 2);
      return [l.prizeCents, step, splitCount(l.prizeCents, step)];
    });
    expect(rows).toEqual([
      [300_000, 50_000, 10],
      [30_000, 5_000, 10],
      [15_000, 1_000, 91],
      [3_000, 500, 10],
      [1_500, 100, 91],
      [500, 100, 6],
      [300, 50, 10],
      [100, 20, 6],
      [50, 10, 6],
    ]);
    expect(getRules('les-3-gongs').symbols).toHaveLength(9);
  });
});
