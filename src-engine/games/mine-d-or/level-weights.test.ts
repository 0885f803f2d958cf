import { describe, expect, it } from 'vitest';
import { InputError, officialBlock, prepareGame, runRange } from '../../index';
import type { MineDorWeights } from '../../index';
import { checkMineDorWeights, weightsAt } from './level-weights';
import { MINE_PRESENTATION_CLASSES } from './prepared';
import { DEFAULT_MINE_DOR_WEIGHTS } from './presentations';

const spec = officialBlock('mine-d-or', 50, 7);
const TEN_EUROS = 1_000;
const THREE_EXTRA: MineDorWeights = {
  ...DEFAULT_MINE_DOR_WEIGHTS,
  byPrize: { [TEN_EUROS]: { winningExtras: [0, 0, 0, 1] } },
};

/** The presentation tally of units [0, 100 000), one row of class counts per level (losing last). */
async function tallyRows(weights?: MineDorWeights): Promise<{ rows: number[][]; digests: string[] }> {
  const t = await runRange(spec, 0, 100_000, weights ? { weights: { mineDor: weights } } : {});
  const n = MINE_PRESENTATION_CLASSES.length;
  const rows = Array.from({ length: spec.table.levels.length + 1 }, (_, l) =>
    Array.from(t.presentation.slice(l * n, (l + 1) * n)),
  );
  return { rows, digests: t.segmentDigests.map((d) => Buffer.from(d).toString('hex')) };
}

function expectInputError(w: MineDorWeights, en: RegExp, fr: RegExp): void {
  try {
    checkMineDorWeights(w, spec.table);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    expect((e as InputError).message).toMatch(en);
    expect((e as InputError).fr).toMatch(fr);
    return;
  }
  throw new Error('expected an InputError');
}

describe('Mine d’or presentation weights per level (M4)', () => {
  it('M4: a level with winningExtras [0,0,0,1] shows 3 EXTRA on every unit; other levels draw as before', async () => {
    const level = spec.table.levels.findIndex((l) => l.prizeCents === TEN_EUROS);
    expect(level).toBeGreaterThanOrEqual(0);
    const base = await tallyRows();
    const custom = await tallyRows(THREE_EXTRA);
    const units = base.rows[level]!.reduce((a, b) => a + b, 0);
    expect(units).toBeGreaterThan(100);
    // before: the defaults give the 10 € units every EXTRA count; after: all of them in the 3-EXTRA classes
    expect(
      base.rows[level]!.filter((c, k) => c > 0 && !MINE_PRESENTATION_CLASSES[k]!.startsWith('extra=3')).length,
    ).toBeGreaterThan(0);
    custom.rows[level]!.forEach((c, k) => {
      if (!MINE_PRESENTATION_CLASSES[k]!.startsWith('extra=3;')) expect(c, MINE_PRESENTATION_CLASSES[k]).toBe(0);
    });
    expect(custom.rows[level]!.reduce((a, b) => a + b, 0)).toBe(units);
    // every other level, and the losing units, keep their presentation counts exactly
    custom.rows.forEach((row, l) => {
      if (l !== level) expect(row, `level ${l}`).toEqual(base.rows[l]);
    });
    expect(custom.digests).not.toEqual(base.digests);
  });

  it('R1: the default weights, given explicitly, give the same digests as no weights', async () => {
    const base = await tallyRows();
    expect((await tallyRows({ ...DEFAULT_MINE_DOR_WEIGHTS })).digests).toEqual(base.digests);
    expect((await tallyRows({ ...DEFAULT_MINE_DOR_WEIGHTS, byPrize: {} })).digests).toEqual(base.digests);
  });

  it('M4: an override changes only its own level; losing units keep losingExtras', () => {
    expect(weightsAt(THREE_EXTRA, TEN_EUROS).winningExtras).toEqual([0, 0, 0, 1]);
    expect(weightsAt(THREE_EXTRA, TEN_EUROS).losingStage).toBe(DEFAULT_MINE_DOR_WEIGHTS.losingStage);
    expect(weightsAt(THREE_EXTRA, 100)).toBe(THREE_EXTRA);
    expect(weightsAt(THREE_EXTRA, 0).losingExtras).toEqual(DEFAULT_MINE_DOR_WEIGHTS.losingExtras);
  });

  it('M4: an override for an amount not in the table is refused, naming the amounts expected', () => {
    const w = { ...DEFAULT_MINE_DOR_WEIGHTS, byPrize: { 1_234: { losingStage: 1 } } };
    expectInputError(
      w,
      /level €12\.34, which is no prize of this table: expected one of €7,500\.00, /,
      /niveau 12,34\u00a0€, qui n'est pas un lot de cette table : attendu l'un de 7\u202f500,00\u00a0€, /,
    );
    // where the weights are used: preparing the game refuses them too
    expect(() => prepareGame(spec, { mineDor: w })).toThrow(InputError);
  });

  it('M4: negative, non-finite and all-zero EXTRA weights are refused, block or level', () => {
    const level = (o: object): MineDorWeights => ({ ...DEFAULT_MINE_DOR_WEIGHTS, byPrize: { [TEN_EUROS]: o } });
    expectInputError(
      level({ winningExtras: [0, 0, 0, 0] }),
      /winningExtras \(€10\.00\) are all 0: expected at least one/,
      /winningExtras \(10,00\u00a0€\) sont tous à 0/,
    );
    expectInputError(
      level({ winningExtras: [1, -1, 0, 0] }),
      /winningExtras\[1\] \(€10\.00\) is -1: expected a finite number, 0 or more/,
      /vaut -1 : attendu un nombre fini/,
    );
    expectInputError(
      level({ losingStage: Number.NaN }),
      /losingStage \(€10\.00\) is NaN/,
      /losingStage \(10,00\u00a0€\) vaut NaN/,
    );
    expectInputError(
      level({ additionalCombination: Infinity }),
      /additionalCombination \(€10\.00\) is Infinity/,
      /Infinity/,
    );
    expectInputError(
      level({ alignedCombination: 0 }),
      /factor alignedCombination \(€10\.00\) is 0: expected more than 0/,
      /attendu plus de 0/,
    );
    expectInputError(
      { ...DEFAULT_MINE_DOR_WEIGHTS, losingExtras: [0, 0, 0, 0] },
      /losingExtras are all 0/,
      /losingExtras sont tous à 0/,
    );
    expect(() => checkMineDorWeights(THREE_EXTRA, spec.table)).not.toThrow();
  });
});
