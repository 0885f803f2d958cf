import { describe, expect, it } from 'vitest';
import { blockOfRef, explainUnit, formatUnitRef, officialBlock, openUnit, parseUnitRef } from '../index';
import type { GameId, OpenedUnit, UnitView } from '../index';
import { buildSteps } from '../replay/steps';

/** The first Bonus unit of a Les 3 Gongs block of generator `version` (the engine is the only source). */
function firstBonus(version: number): OpenedUnit {
  const spec = officialBlock('les-3-gongs', 50, 2024, version);
  for (let i = 0; i < 50_000; i++) {
    const u = openUnit(spec, i);
    if (u.view.game === 'les-3-gongs' && u.view.bonusCents !== null) return u;
  }
  throw new Error('no Bonus unit in the first 50,000');
}

/** The Bonus unit of `version`, opened from its typed reference as the replay screen opens it. */
function byRef(version: number): OpenedUnit {
  const u = firstBonus(version);
  const parsed = parseUnitRef(
    formatUnitRef({ game: 'les-3-gongs', stakeCents: 50, seed: 2024, index: u.index, generatorVersion: version }),
  );
  return openUnit(blockOfRef(parsed), parsed.index);
}

describe('explainUnit: the generator version behind a Les 3 Gongs Bonus (G1, G5)', () => {
  it('G5: a version-2 Bonus unit cites G5 beside G1 for how its amounts were split', () => {
    const u = byRef(2);
    expect(u.explanation.gains[0]!.article).toBe('art. 4.3.2, 4.4, G1, G5');
    expect(u.explanation.gains[0]!.roundSplit).toBe(true);
    expect(u.explanation.article).toBe('art. 4.4'); // the lot's article does not change
  });

  it('G1 only: a version-1 Bonus unit was not split round, so G5 is not cited', () => {
    const u = byRef(1);
    expect(u.explanation.gains[0]!.article).toBe('art. 4.3.2, 4.4, G1');
    expect(u.explanation.gains[0]!.roundSplit).toBeUndefined();
  });

  it('without a generator version the evaluator cites only the rules it checks (G1)', () => {
    const u = firstBonus(2);
    const e = explainUnit('les-3-gongs', 50, u.view);
    expect(e.gains[0]!.article).toBe('art. 4.3.2, 4.4, G1');
    expect(e.lotCents).toBe(u.explanation.lotCents);
  });

  it('G5 is a Bonus rule: direct gongs and Mine d’or gains of version 2 do not cite it', () => {
    const direct: UnitView = { game: 'les-3-gongs', gongs: ['fan', 'fan', 'fan'], bonusCents: null };
    expect(explainUnit('les-3-gongs', 50, direct, undefined, 2).gains[0]!.article).toBe('art. 4.3.1');
    const main = ['nugget', 'nugget', 'nugget', 'diamond', 'banknote', 'candle', 'cactus', 'pickaxe', 'diamond'];
    const mine: UnitView = { game: 'mine-d-or', main, extras: [] };
    const game: GameId = 'mine-d-or';
    expect(explainUnit(game, 50, mine, undefined, 2).gains[0]!.article).toBe('art. 4.4, 4.5');
  });

  it('the replay steps of a version-2 Bonus cite G5 when each amount is uncovered', () => {
    const reveal2 = buildSteps(byRef(2)).filter((s) => s.kind === 'bonus-reveal');
    expect(reveal2.map((s) => s.article)).toEqual(Array(3).fill('art. 4.4, G1, G4, G5'));
    const reveal1 = buildSteps(byRef(1)).filter((s) => s.kind === 'bonus-reveal');
    expect(reveal1.map((s) => s.article)).toEqual(Array(3).fill('art. 4.4, G1, G4'));
  });
});
