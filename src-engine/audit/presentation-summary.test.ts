import { describe, expect, it } from 'vitest';
import { prepareGame, officialBlock } from '../index';
import { columnsOfClass, presentationRows } from './presentation-summary';

describe('presentation classes', () => {
  it("maps every Mine d'or class of the engine to where, alignment (art. 4.5) and EXTRA count (M3)", () => {
    const classes = prepareGame(officialBlock('mine-d-or', 100, 1)).presentationClasses;
    for (const c of classes) expect(columnsOfClass('mine-d-or', c).length).toBeGreaterThanOrEqual(2);
    expect(columnsOfClass('mine-d-or', 'extra=2;win=main+extra;aligned=true')).toEqual([
      'winBoth',
      'extra2',
      'aligned',
    ]);
    expect(columnsOfClass('mine-d-or', 'extra=0;win=none;aligned=false')).toEqual(['winNone', 'extra0']);
  });
  it('maps every Les 3 Gongs class of the engine (G2, G3)', () => {
    const classes = prepareGame(officialBlock('les-3-gongs', 50, 1)).presentationClasses;
    expect(classes.map((c) => columnsOfClass('les-3-gongs', c))).toEqual([
      ['lose'],
      ['nearMiss'],
      ['direct'],
      ['bonus'],
    ]);
  });
  it('refuses a class it does not know rather than guess', () => {
    expect(() => columnsOfClass('les-3-gongs', 'jackpot')).toThrow(/unknown/);
    expect(() => columnsOfClass('mine-d-or', 'extra=5;win=main;aligned=true')).toThrow(/unknown/);
  });
  it('sums [level × class] counts per level', () => {
    const classes = ['lose', 'lose-near-miss', 'direct', 'bonus'];
    // 1 level + losing: level 0 has 3 direct and 1 bonus; losing has 5 lose and 2 near misses
    const rows = presentationRows('les-3-gongs', [500], classes, [0, 0, 3, 1, 5, 2, 0, 0]);
    expect(rows).toEqual([
      { level: 0, prizeCents: 500, units: 4, byColumn: { direct: 3, bonus: 1, lose: 0, nearMiss: 0 } },
      { level: 1, prizeCents: 0, units: 7, byColumn: { direct: 0, bonus: 0, lose: 5, nearMiss: 2 } },
    ]);
  });
});
