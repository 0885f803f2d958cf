import { describe, expect, it } from 'vitest';
import { STAKES, explainUnit, getRules, officialTable } from '../../index';
import type { GongsView, StakeCents } from '../../index';
import { ERR_BONUS_SHAPE, ERR_G1, ERR_GONG_SYMBOL, evaluateGongs } from './evaluate';
import { GONG_CODES, GONG_SYMBOLS } from './gongs';
import { gongGains } from './prepared';

const view = (gongs: string[], bonusCents: number[] | null = null): GongsView => ({
  game: 'les-3-gongs',
  gongs,
  bonusCents,
});

function lowLevel(v: GongsView, stake: StakeCents): number {
  const buf = new Int32Array(7);
  v.gongs.forEach((id, i) => (buf[i] = GONG_CODES.indexOf(id)));
  if (v.bonusCents) {
    buf[3] = 1;
    buf.set(v.bonusCents, 4);
  }
  return evaluateGongs(buf, gongGains(stake), stake);
}

function lot(v: GongsView, stake: StakeCents = 50): ReturnType<typeof explainUnit> {
  const e = explainUnit('les-3-gongs', stake, v, officialTable('les-3-gongs', stake));
  expect(e.valid, e.error ?? '').toBe(true);
  if (v.gongs.every((g) => GONG_CODES.includes(g))) expect(lowLevel(v, stake)).toBe(e.lotCents);
  return e;
}

function expectInvalid(v: GongsView, stake: StakeCents, lowCode: number | null, pattern: RegExp): void {
  const e = explainUnit('les-3-gongs', stake, v);
  expect(e.valid).toBe(false);
  expect(e.error).toMatch(pattern);
  expect(e.lotCents).toBe(0);
  expect(e.gains).toEqual([]);
  if (lowCode !== null) expect(lowLevel(v, stake)).toBe(lowCode);
}

const GAINS_50: Record<string, number> = {
  buddha: 300_000,
  tiger: 30_000,
  snake: 15_000,
  sabre: 3_000,
  lotus: 1_500,
  bonsai: 500,
  lady: 300,
  lantern: 100,
  fan: 50,
};

describe('Les 3 Gongs evaluator: direct wins (art. 4.3.1)', () => {
  it('the nine paying symbols are those of the rules data', () => {
    expect([...GONG_SYMBOLS]).toEqual(getRules('les-3-gongs').symbols.map((s) => s.id));
  });

  const cases = GONG_SYMBOLS.flatMap((id) => STAKES.map((stake) => ({ id, stake })));
  it.each(cases)('art. 4.3.1: three $id pay their gain at $stake cents', ({ id, stake }) => {
    const e = lot(view([id, id, id]), stake);
    expect(e.lotCents).toBe(GAINS_50[id]! * (stake / 50));
    expect(e.inTable).toBe(true);
    expect(e.article).toBe('art. 4.3.1');
    expect(e.gains).toEqual([expect.objectContaining({ symbol: id, cells: [0, 1, 2], amountCents: e.lotCents })]);
  });
});

describe('Les 3 Gongs evaluator: the Bonus (art. 4.3.2, 4.4, G1, G4)', () => {
  it.each(STAKES)('art. 4.4: three yin yang win the sum of the three Bonus amounts at %i cents', (stake) => {
    const f = stake / 5;
    const e = lot(view(['yinyang', 'yinyang', 'yinyang'], [f, 2 * f, 2 * f]), stake);
    expect(e.lotCents).toBe(5 * f);
    expect(e.lotCents).toBe(stake); // G1: even the smallest lot (one stake) can come through the Bonus
    expect(e.article).toBe('art. 4.4');
    expect(e.gains[0]!.bonusCents).toEqual([f, 2 * f, 2 * f]);
  });

  it('art. 4.4: a Bonus summing to the top lot (3,000 € at 0.50 €)', () => {
    expect(lot(view(['yinyang', 'yinyang', 'yinyang'], [100_000, 150_000, 50_000])).lotCents).toBe(300_000);
  });

  it('G4: every order of the three Bonus amounts gives the same lot', () => {
    const amounts = [10, 40, 250];
    const perms = [
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ];
    const lots = perms.map(
      (p) =>
        lot(
          view(
            ['yinyang', 'yinyang', 'yinyang'],
            p.map((i) => amounts[i]!),
          ),
        ).lotCents,
    );
    expect(new Set(lots)).toEqual(new Set([300]));
  });

  it.each([
    [50, [15, 10, 25]],
    [50, [5, 20, 25]],
    [100, [10, 20, 70]],
    [200, [20, 40, 140]],
    [50, [0, 20, 30]],
    [50, [-10, 30, 30]],
    [100, [-20, 60, 60]],
  ] as const)('G1: at %i cents, Bonus amounts %j are rejected', (stake, amounts) => {
    expectInvalid(view(['yinyang', 'yinyang', 'yinyang'], [...amounts]), stake, ERR_G1, /G1/);
  });

  it('G1: a fractional Bonus amount is rejected, not truncated to whole cents', () => {
    expectInvalid(view(['yinyang', 'yinyang', 'yinyang'], [10.5, 20, 20]), 50, null, /whole number of cents \(G1\)/);
    expectInvalid(view(['yinyang', 'yinyang', 'yinyang'], [2 ** 32 + 10, 20, 20]), 50, null, /G1/);
  });

  it('art. 4.4: Bonus amounts without three yin yang are rejected', () => {
    expectInvalid(view(['fan', 'fan', 'fan'], [10, 20, 20]), 50, ERR_BONUS_SHAPE, /art\. 4\.3\.2, 4\.4/);
    expectInvalid(view(['yinyang', 'yinyang', 'fan'], [10, 20, 20]), 50, ERR_BONUS_SHAPE, /Bonus/);
  });

  it('art. 4.4: three yin yang without Bonus amounts are rejected', () => {
    expectInvalid(view(['yinyang', 'yinyang', 'yinyang']), 50, ERR_BONUS_SHAPE, /Bonus/);
  });

  it('art. 4.4: a Bonus of two amounts is rejected', () => {
    expectInvalid(view(['yinyang', 'yinyang', 'yinyang'], [20, 30]), 50, null, /2 Bonus amounts: expected 3/);
  });
});

describe('Les 3 Gongs evaluator: losing units (art. 4.5, G3)', () => {
  const pairs = [
    ['buddha', 'buddha', 'tiger'],
    ['fan', 'lady', 'fan'],
    ['lotus', 'sabre', 'sabre'],
    ['yinyang', 'yinyang', 'buddha'],
    ['buddha', 'yinyang', 'yinyang'],
    ['yinyang', 'fan', 'yinyang'],
    ['buddha', 'tiger', 'snake'],
  ];
  it.each(pairs)('art. 4.5, G3: %s %s %s loses', (a, b, c) => {
    const e = lot(view([a!, b!, c!]));
    expect(e.lotCents).toBe(0);
    expect(e.gains).toEqual([]);
    expect(e.article).toBe('art. 4.5');
  });
});

describe('Les 3 Gongs evaluator: invalid units', () => {
  it('art. 4.3.1: an unknown symbol is rejected, even three of it', () => {
    expectInvalid(view(['dragon', 'dragon', 'dragon']), 50, null, /unknown symbol "dragon" under gong 0/);
    expectInvalid(view(['fan', 'fan', 'Fan']), 50, null, /unknown symbol "Fan" under gong 2/);
  });
  it('low level: an out-of-range symbol code is rejected', () => {
    expect(evaluateGongs(Int32Array.of(10, 10, 10, 0, 0, 0, 0), gongGains(50), 50)).toBe(ERR_GONG_SYMBOL);
    expect(evaluateGongs(Int32Array.of(-1, 0, 0, 0, 0, 0, 0), gongGains(50), 50)).toBe(ERR_GONG_SYMBOL);
  });
  it.each([2, 4])('art. 4.1: %i gongs are rejected', (n) => {
    expectInvalid(view(new Array<string>(n).fill('fan')), 50, null, new RegExp(`${n} gongs: expected 3`));
  });
});
