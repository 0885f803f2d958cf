import { describe, expect, it } from 'vitest';
import { GAME_IDS, STAKES, getRules, legalBandFor, legalBands, officialTable } from '../index';
import type { GameId } from '../index';

/** The seed's own totals (art. 3.1–3.3 of each rule document), restated in docs/rules.md. */
const SEED_FIGURES: Record<GameId, { lots: number; euros: [number, number, number]; units: number }> = {
  'mine-d-or': { lots: 198_665, euros: [350_000, 700_000, 1_400_000], units: 1_000_000 },
  'les-3-gongs': { lots: 81_597, euros: [104_990, 209_980, 419_960], units: 300_000 },
};

describe.each(GAME_IDS)('%s rules data', (game) => {
  const rules = getRules(game);
  const figures = SEED_FIGURES[game];

  it('art. 2: the block has the stated number of units', () => {
    expect(rules.blockUnits).toBe(figures.units);
    for (const stake of STAKES) expect(officialTable(game, stake).blockUnits).toBe(figures.units);
  });

  it.each(STAKES.map((s, i) => [s, i] as const))(
    'art. 3: at stake %i cents, lots and total recomputed from the levels equal the seed',
    (stake, i) => {
      const table = officialTable(game, stake);
      const lots = table.levels.reduce((s, l) => s + l.lots, 0);
      const cents = table.levels.reduce((s, l) => s + l.lots * l.prizeCents, 0);
      expect(lots).toBe(figures.lots);
      expect(cents).toBe(figures.euros[i]! * 100);
      // and the data file's own "stated" figures agree with both
      expect(rules.stated[stake]).toEqual({ lots: figures.lots, totalCents: figures.euros[i]! * 100 });
      expect(table.stakeCents).toBe(stake);
      expect(table.source).toBe(`art. 3.${i + 1}`);
    },
  );

  it('art. 3: levels are whole cents, sorted by prize, largest first, with distinct amounts', () => {
    for (const stake of STAKES) {
      const levels = officialTable(game, stake).levels;
      for (const l of levels) {
        expect(Number.isSafeInteger(l.prizeCents)).toBe(true);
        expect(Number.isSafeInteger(l.lots)).toBe(true);
      }
      const amounts = levels.map((l) => l.prizeCents);
      expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
      expect(new Set(amounts).size).toBe(amounts.length);
    }
  });

  it('art. 3: the 1 € table is the 0.50 € table ×2 and the 2 € table ×4, counts unchanged', () => {
    const base = officialTable(game, 50).levels;
    expect(officialTable(game, 100).levels).toEqual(base.map((l) => ({ prizeCents: l.prizeCents * 2, lots: l.lots })));
    expect(officialTable(game, 200).levels).toEqual(base.map((l) => ({ prizeCents: l.prizeCents * 4, lots: l.lots })));
  });

  it('art. 4.4 / 4.3.1: every symbol gain at 1 € is ×2 and at 2 € ×4 the 0.50 € gain', () => {
    expect(rules.symbols.length).toBeGreaterThan(0);
    for (const s of rules.symbols) {
      expect(s.gainCents[100]).toBe(s.gainCents[50] * 2);
      expect(s.gainCents[200]).toBe(s.gainCents[50] * 4);
    }
  });

  it('D.322-10: the legal band comes from data and holds the table RTP', () => {
    const band = legalBandFor(game);
    expect(band.id).toBe('alea-immediat');
    const t = officialTable(game, 50);
    const rtp = t.levels.reduce((s, l) => s + l.lots * l.prizeCents, 0) / (t.blockUnits * t.stakeCents);
    expect(rtp).toBeGreaterThanOrEqual(band.minRtp);
    expect(rtp).toBeLessThanOrEqual(band.maxRtp);
  });
});

describe('symbols of the rules data', () => {
  it('Mine d’or art. 4.4: six paying symbols with the docs/rules.md gains, and EXTRA (art. 4.6)', () => {
    const r = getRules('mine-d-or');
    expect(r.symbols.map((s) => [s.id, s.gainCents[50]])).toEqual([
      ['nugget', 375_000],
      ['diamond', 10_000],
      ['banknote', 2_000],
      ['candle', 500],
      ['cactus', 200],
      ['pickaxe', 50],
    ]);
    expect(r.special.id).toBe('extra');
  });

  it('Les 3 Gongs art. 4.3.1: nine paying symbols with the docs/rules.md gains, and yin yang (art. 4.3.2)', () => {
    const r = getRules('les-3-gongs');
    expect(r.symbols.map((s) => [s.id, s.gainCents[50]])).toEqual([
      ['buddha', 300_000],
      ['tiger', 30_000],
      ['snake', 15_000],
      ['sabre', 3_000],
      ['lotus', 1_500],
      ['bonsai', 500],
      ['lady', 300],
      ['lantern', 100],
      ['fan', 50],
    ]);
    expect(r.special.id).toBe('yinyang');
  });
});

describe('legal bands (Code de la sécurité intérieure, art. D.322-10), loaded from data', () => {
  it('scratch games 62–75 %, instant games 65–75 %', () => {
    const bands = legalBands();
    expect(bands.find((b) => b.id === 'grattage')).toMatchObject({ minRtp: 0.62, maxRtp: 0.75 });
    expect(bands.find((b) => b.id === 'alea-immediat')).toMatchObject({ minRtp: 0.65, maxRtp: 0.75 });
  });
});
