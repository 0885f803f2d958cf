import { describe, expect, it } from 'vitest';
import { STAKES, explainUnit, iterateUnits, officialBlock, officialTable, prepareGame, runRange } from '../../index';
import type { MineDorView, PrizeTable, StakeCents } from '../../index';
import { UnitStream } from '../../random/mix';
import { CONTENTS, DEFAULT_MINE_DOR_WEIGHTS, contentValue, enumeratePresentations } from './presentations';
import type { MineDorWeights } from './presentations';
import { mineDorGains } from './prepared';

/** Every presentation weighs 1: cumulative weights are 1, 2, 3 … so a draw can be aimed at one. */
const UNIFORM: MineDorWeights = {
  winningExtras: [1, 1, 1, 1],
  losingExtras: [1, 1, 1, 1],
  additionalCombination: 1,
  alignedCombination: 1,
  losingStage: 1,
};

/** A unit stream whose first draw picks presentation `k` of `n` equally weighted ones, then runs as usual. */
class AimedStream extends UnitStream {
  private first: number | null;
  constructor(k: number, n: number, seed: number) {
    super();
    this.reseed(0x5eed, seed);
    this.first = Math.floor(((k + 0.5) * 4294967296) / n);
  }
  override next(): number {
    if (this.first !== null) {
      const v = this.first;
      this.first = null;
      return v;
    }
    return super.next();
  }
}

const cases = STAKES.map((stake) => ({ stake }));

describe('Mine d’or presentations (M4)', () => {
  it.each(cases)('M4: every official level at $stake cents has at least one presentation', ({ stake }) => {
    const gains = mineDorGains(stake);
    for (const l of officialTable('mine-d-or', stake).levels)
      expect(
        enumeratePresentations(l.prizeCents, gains, DEFAULT_MINE_DOR_WEIGHTS).length,
        `${l.prizeCents}`,
      ).toBeGreaterThan(0);
    expect(prepareGame(officialBlock('mine-d-or', stake, 1)).unreachable).toEqual([]);
  });

  it.each(cases)(
    'M4, art. 4.7: at $stake cents every enumerated presentation, once generated, evaluates to its level',
    ({ stake }) => {
      const spec = officialBlock('mine-d-or', stake, 1);
      const game = prepareGame(spec, { mineDor: UNIFORM });
      const gains = mineDorGains(stake);
      let checked = 0;
      spec.table.levels.forEach((l, level) => {
        const list = enumeratePresentations(l.prizeCents, gains, UNIFORM);
        // the default weights keep the same presentations (all weights are positive)
        expect(enumeratePresentations(l.prizeCents, gains, DEFAULT_MINE_DOR_WEIGHTS).length).toBe(list.length);
        list.forEach((p, k) => {
          // the content values add up to the level (what the enumeration claims)
          expect(p.grids.reduce((s, g) => s + contentValue(CONTENTS[g]!, gains), 0)).toBe(l.prizeCents);
          game.generate(level, new AimedStream(k, list.length, k));
          const v = game.view() as MineDorView;
          const e = explainUnit('mine-d-or', stake, v);
          if (!e.valid || e.lotCents !== l.prizeCents || v.extras.length !== p.extras) {
            throw new Error(`level ${l.prizeCents}, presentation ${k}: ${JSON.stringify(v)} → ${JSON.stringify(e)}`);
          }
          // the generated unit shows exactly the presentation's combinations in each grid
          const combos = e.gains.length;
          expect(combos).toBe(p.grids.reduce((s, g) => s + CONTENTS[g]!.combos, 0));
          checked++;
        });
      });
      expect(checked).toBeGreaterThan(10_000);
    },
  );

  it('art. 3: at 0.50 €, the 10 € and 1 € lots are never one unaligned combination (no symbol pays them)', () => {
    for (const stake of STAKES) {
      const gains = mineDorGains(stake);
      const k = stake / 50;
      for (const amount of [1_000 * k, 100 * k]) {
        const list = enumeratePresentations(amount, gains, DEFAULT_MINE_DOR_WEIGHTS);
        expect(list.length).toBeGreaterThan(0);
        for (const p of list) {
          const combos = p.grids.reduce((s, g) => s + CONTENTS[g]!.combos, 0);
          const aligned = p.grids.reduce((s, g) => s + CONTENTS[g]!.alignedCount, 0);
          expect(combos === 1 && aligned === 0).toBe(false);
        }
        expect([...gains]).not.toContain(amount);
      }
    }
  });

  it('M3: presentations show 0 to 3 EXTRA, and each stage count equals the EXTRA count', () => {
    const gains = mineDorGains(50);
    for (const l of officialTable('mine-d-or', 50).levels) {
      for (const p of enumeratePresentations(l.prizeCents, gains, DEFAULT_MINE_DOR_WEIGHTS)) {
        expect(p.extras).toBeGreaterThanOrEqual(0);
        expect(p.extras).toBeLessThanOrEqual(3);
        expect(p.grids).toHaveLength(p.extras + 1);
      }
    }
  });
});

describe('M4: amounts no presentation reaches are reported, never forced', () => {
  const table = (levels: { prizeCents: number; lots: number }[], stakeCents: StakeCents = 50): PrizeTable => ({
    game: 'mine-d-or',
    stakeCents,
    blockUnits: 20_000,
    levels,
    source: 'what-if test table',
  });

  it('30 cents and 7 cents at 0.50 € are unreachable (smallest gain is 0.50 €)', () => {
    const t = table([
      { prizeCents: 1_000, lots: 10 },
      { prizeCents: 50, lots: 10 },
      { prizeCents: 30, lots: 5 },
      { prizeCents: 7, lots: 5 },
    ]);
    const g = prepareGame({ game: 'mine-d-or', stakeCents: 50, table: t });
    expect(g.unreachable).toEqual([
      { level: 2, prizeCents: 30 },
      { level: 3, prizeCents: 7 },
    ]);
  });

  it('runRange refuses a table with an unreachable amount, naming it', async () => {
    const t = table([
      { prizeCents: 50, lots: 10 },
      { prizeCents: 30, lots: 5 },
    ]);
    const spec = { ...officialBlock('mine-d-or', 50, 1), table: t };
    await expect(runRange(spec, 0, 10_000)).rejects.toThrow(
      /no presentation the rules allow reaches these lots \(cents\): 30 \(M4/,
    );
  });

  it('G1: Les 3 Gongs reports 7 cents (not a fifth of the stake) and 20 cents (fewer than 3 fifths) at 0.50 €', () => {
    const t: PrizeTable = {
      game: 'les-3-gongs',
      stakeCents: 50,
      blockUnits: 20_000,
      levels: [
        { prizeCents: 60, lots: 3 },
        { prizeCents: 20, lots: 3 },
        { prizeCents: 7, lots: 3 },
      ],
      source: 'what-if test table',
    };
    expect(prepareGame({ game: 'les-3-gongs', stakeCents: 50, table: t }).unreachable).toEqual([
      { level: 1, prizeCents: 20 },
      { level: 2, prizeCents: 7 },
    ]);
  });
});

describe('generated units of a block (M2, M3, M5)', () => {
  it('M2, M3, art. 4.6: in 200,000 units, main grids show 0–3 EXTRA, one stage per EXTRA, stages never EXTRA', () => {
    const spec = officialBlock('mine-d-or', 100, 42);
    const seenExtras = new Set<number>();
    let losingWithStages = 0;
    let losingNearMiss = 0;
    let n = 0;
    iterateUnits(spec, 0, 200_000, (_i, prize, v) => {
      if (v.game !== 'mine-d-or') throw new Error('not a Mine d’or view');
      const extras = v.main.filter((c) => c === 'extra').length;
      if (extras > 3 || v.extras.length !== extras) throw new Error(`unit ${_i}: ${JSON.stringify(v)}`);
      for (const st of v.extras) if (st.length !== 9 || st.includes('extra')) throw new Error(`unit ${_i}: M2`);
      seenExtras.add(extras);
      if (prize === 0) {
        if (extras > 0) losingWithStages++;
        const counts = new Map<string, number>();
        for (const c of v.main) counts.set(c, (counts.get(c) ?? 0) + 1);
        if ([...counts].some(([id, k]) => id !== 'extra' && k === 2)) losingNearMiss++;
      }
      n++;
    });
    expect(n).toBe(200_000);
    expect([...seenExtras].sort()).toEqual([0, 1, 2, 3]);
    expect(losingWithStages).toBeGreaterThan(0); // M5: EXTRA whose stages all lose
    expect(losingNearMiss).toBeGreaterThan(0); // M5: near misses
  });
});
