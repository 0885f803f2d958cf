import { describe, expect, it } from 'vitest';
import { officialBlock, openUnit } from '../index';
import type { GongsView, OpenedUnit } from '../index';
import { buildSteps, chooseYinYang, gridsExplained, normaliseBonusOrder } from './steps';

/** The first unit of a block that satisfies `pred` (the engine is the only source of units). */
function find(game: 'mine-d-or' | 'les-3-gongs', pred: (u: OpenedUnit) => boolean): OpenedUnit {
  const spec = officialBlock(game, 100, 12345);
  for (let i = 0; i < 50_000; i++) {
    const u = openUnit(spec, i);
    if (pred(u)) return u;
  }
  throw new Error('no such unit in the first 50,000');
}

describe('buildSteps: Mine d’or', () => {
  const u = find('mine-d-or', (x) => x.view.game === 'mine-d-or' && x.view.extras.length === 2 && x.assignedCents > 0);

  it('starts covered, reveals the main grid, then each Extra stage in order, and ends on the lot', () => {
    const steps = buildSteps(u);
    expect(steps[0]!.kind).toBe('cover');
    expect(steps[0]!.frame.revealed).toBe(0);
    expect(steps[1]).toMatchObject({ kind: 'reveal', article: 'art. 4.3', frame: { revealed: 1 } });
    const extras = steps.filter((s) => s.kind === 'extra');
    expect(extras.map((s) => s.target)).toEqual([1, 2]);
    expect(extras.every((s) => s.article === 'art. 4.6')).toBe(true);
    const last = steps.at(-1)!;
    expect(last.kind).toBe('lot');
    expect(last.frame.final).toBe(true);
    expect(last.frame.runningCents).toBe(u.explanation.lotCents);
    expect(last.frame.gainsShown).toHaveLength(u.explanation.gains.length);
  });

  it('adds one gain per step, with its article, and never goes back in the running total', () => {
    const steps = buildSteps(u);
    const gains = steps.filter((s) => s.kind === 'gain');
    expect(gains).toHaveLength(u.explanation.gains.length);
    for (const s of gains) expect(s.article).toBe(u.explanation.gains[s.gain!]!.article);
    for (let i = 1; i < steps.length; i++)
      expect(steps[i]!.frame.runningCents).toBeGreaterThanOrEqual(steps[i - 1]!.frame.runningCents);
  });

  it('is a pure function: the same unit gives the same steps', () => {
    expect(buildSteps(u)).toEqual(buildSteps(u));
  });
});

describe('buildSteps: Les 3 Gongs', () => {
  const bonus = find('les-3-gongs', (x) => x.view.game === 'les-3-gongs' && x.view.bonusCents !== null);
  const losing = find('les-3-gongs', (x) => x.assignedCents === 0);

  it('« Jouer » uncovers the three gongs in one step (art. 4.3), then the Bonus, then each yin yang in the order given (G4)', () => {
    const steps = buildSteps(bonus, [2, 1, 0]);
    expect(steps.filter((s) => s.kind === 'reveal')).toMatchObject([{ article: 'art. 4.3', frame: { revealed: 3 } }]);
    // no step shows one or two gongs uncovered: the three symbols « se découvrent automatiquement »
    expect(steps.filter((s) => s.frame.revealed > 0 && s.frame.revealed < 3)).toEqual([]);
    expect(steps[1]!.kind).toBe('reveal');
    expect(steps.find((s) => s.kind === 'bonus')!.article).toBe('art. 4.3.2, 4.4');
    expect(steps.filter((s) => s.kind === 'bonus-reveal').map((s) => s.target)).toEqual([2, 1, 0]);
    const amounts = (bonus.view as GongsView).bonusCents!;
    const sum = amounts.reduce((a, b) => a + b, 0);
    expect(steps.at(-1)!.frame.runningCents).toBe(sum);
    expect(sum).toBe(bonus.assignedCents);
  });

  it('the order of the clicks changes only the order of reveal, never the sum (G4)', () => {
    const a = buildSteps(bonus, [0, 1, 2]);
    const b = buildSteps(bonus, [1, 2, 0]);
    expect(a.length).toBe(b.length);
    expect(a.at(-1)!.frame.runningCents).toBe(b.at(-1)!.frame.runningCents);
  });

  it('a losing unit ends on the lot 0 with art. 4.5', () => {
    const steps = buildSteps(losing);
    expect(steps.map((s) => s.kind)).toEqual(['cover', 'reveal', 'lot']);
    expect(steps.at(-1)).toMatchObject({ article: 'art. 4.5', frame: { runningCents: 0, final: true } });
  });
});

describe('yin yang order', () => {
  it('normalises to a permutation of 0–2', () => {
    expect(normaliseBonusOrder([])).toEqual([0, 1, 2]);
    expect(normaliseBonusOrder([2, 2, 7])).toEqual([2, 0, 1]);
  });
  it('puts the clicked yin yang next and keeps those already revealed', () => {
    expect(chooseYinYang([0, 1, 2], 0, 2)).toEqual([2, 0, 1]);
    expect(chooseYinYang([2, 0, 1], 1, 1)).toEqual([2, 1, 0]);
    expect(chooseYinYang([2, 1, 0], 2, 2)).toEqual([2, 1, 0]);
  });
});

describe('gridsExplained: a grid is explained once the board has shown all of it', () => {
  it('Mine d’or: each grid when the next Extra stage is uncovered, the last one with the lot', () => {
    const u = find('mine-d-or', (x) => x.view.game === 'mine-d-or' && x.view.extras.length === 2);
    const steps = buildSteps(u);
    const at = (kind: string, target: number) => steps.find((s) => s.kind === kind && s.target === target)!.frame;
    expect(gridsExplained(u, steps[0]!.frame)).toEqual([]);
    expect(gridsExplained(u, at('reveal', 0))).toEqual([]);
    expect(gridsExplained(u, at('extra', 1))).toEqual([0]);
    expect(gridsExplained(u, at('extra', 2))).toEqual([0, 1]);
    expect(gridsExplained(u, steps.at(-1)!.frame)).toEqual([0, 1, 2]);
  });
  it('Les 3 Gongs: the gongs with the lot', () => {
    const u = find('les-3-gongs', (x) => x.assignedCents === 0);
    const steps = buildSteps(u);
    expect(steps.slice(0, -1).map((s) => gridsExplained(u, s.frame))).toEqual(steps.slice(0, -1).map(() => []));
    expect(gridsExplained(u, steps.at(-1)!.frame)).toEqual([0]);
  });
});
