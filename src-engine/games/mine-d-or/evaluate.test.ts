import { describe, expect, it } from 'vitest';
import { STAKES, explainUnit, getRules, officialTable } from '../../index';
import type { MineDorView, StakeCents } from '../../index';
import { ERR_M1, ERR_M2, ERR_STAGES, ERR_SYMBOL, evaluateMineDor, lastSummary } from './evaluate';
import { BUFFER_SIZE, LINES, MINE_CODES, gridOffset } from './grid';
import { mineDorGains } from './prepared';

type Grid = string[];
const PAYING = getRules('mine-d-or').symbols.map((s) => s.id);
const gain = (id: string, stake: StakeCents): number =>
  getRules('mine-d-or').symbols.find((s) => s.id === id)!.gainCents[stake];

/** A grid with `place` symbols at the given cells, every other cell a symbol not placed, at most twice each. */
function grid(place: Record<string, readonly number[]>): Grid {
  const cells = new Array<string>(9).fill('');
  for (const [id, at] of Object.entries(place)) for (const c of at) cells[c] = id;
  const filler = PAYING.filter((id) => !(id in place)).flatMap((id) => [id, id]);
  for (let c = 0; c < 9; c++) if (cells[c] === '') cells[c] = filler.shift()!;
  return cells;
}
const view = (main: Grid, extras: Grid[] = []): MineDorView => ({ game: 'mine-d-or', main, extras });

/** The low-level evaluator on the same unit: a code buffer as the generator writes it. */
function lowLevel(v: MineDorView, stake: StakeCents, stagesShown = v.extras.length): number {
  const buf = new Uint8Array(BUFFER_SIZE);
  buf[0] = stagesShown;
  [v.main, ...v.extras].forEach((g, k) => g.forEach((id, i) => (buf[gridOffset(k) + i] = MINE_CODES.indexOf(id))));
  return evaluateMineDor(buf, mineDorGains(stake));
}

/** Both evaluators agree on a valid unit; returns the explanation. */
function lot(v: MineDorView, stake: StakeCents = 50): ReturnType<typeof explainUnit> {
  const e = explainUnit('mine-d-or', stake, v, officialTable('mine-d-or', stake));
  expect(e.valid, e.error ?? '').toBe(true);
  expect(lowLevel(v, stake)).toBe(e.lotCents);
  expect(e.gains.reduce((s, g) => s + g.amountCents, 0)).toBe(e.lotCents);
  return e;
}

function expectInvalid(v: MineDorView, lowCode: number | null, pattern: RegExp): void {
  const e = explainUnit('mine-d-or', 50, v);
  expect(e.valid).toBe(false);
  expect(e.error).toMatch(pattern);
  expect(e.lotCents).toBe(0);
  expect(e.gains).toEqual([]);
  if (lowCode !== null) expect(lowLevel(v, 50)).toBe(lowCode);
}

/** Three cells of no line, one triple per symbol position; checked below. */
const UNALIGNED: readonly (readonly number[])[] = [
  [0, 1, 3],
  [0, 5, 7],
  [1, 3, 8],
  [2, 3, 7],
  [4, 6, 8],
  [0, 1, 5],
];

describe('Mine d’or evaluator: combinations (art. 4.4, 4.5)', () => {
  it('the unaligned triples used here lie on no line', () => {
    for (const t of UNALIGNED) expect(LINES.some((l) => l.every((c) => t.includes(c)))).toBe(false);
  });

  const cases = LINES.flatMap((line, li) => PAYING.map((id, si) => ({ li, line, id, si })));
  it.each(cases)('art. 4.4 vs 4.5: $id on line $li pays double its unaligned triple', ({ li, line, id, si }) => {
    const aligned = lot(view(grid({ [id]: line })));
    const unaligned = lot(view(grid({ [id]: UNALIGNED[si]! })));
    expect(unaligned.lotCents).toBe(gain(id, 50));
    expect(aligned.lotCents).toBe(2 * gain(id, 50));
    expect(aligned.gains).toHaveLength(1);
    expect(aligned.gains[0]).toMatchObject({ grid: 0, symbol: id, line: li, cells: [...line] });
    expect(aligned.gains[0]!.article).toBe('art. 4.4, 4.5');
    expect(unaligned.gains[0]).toMatchObject({ symbol: id, line: -1, lineName: null, article: 'art. 4.4' });
  });

  const stakeCases = PAYING.flatMap((id) => STAKES.map((stake) => ({ id, stake })));
  it.each(stakeCases)('art. 4.4: three unaligned $id pay their table gain at $stake cents', ({ id, stake }) => {
    const expected = { nugget: 375_000, diamond: 10_000, banknote: 2_000, candle: 500, cactus: 200, pickaxe: 50 }[id]!;
    const e = lot(view(grid({ [id]: [0, 1, 3] })), stake);
    expect(e.lotCents).toBe(expected * (stake / 50));
  });

  it('art. 4.4, 4.7: two combinations in one grid add up (one aligned)', () => {
    const e = lot(view(grid({ nugget: [0, 1, 2], diamond: [3, 4, 6] })));
    expect(e.lotCents).toBe(2 * 375_000 + 10_000);
    expect(e.gains).toHaveLength(2);
    expect(e.article).toMatch(/4\.7/);
  });

  it('art. 4.5: two aligned combinations on parallel lines are both doubled', () => {
    const e = lot(view(grid({ candle: [0, 3, 6], cactus: [1, 4, 7] })));
    expect(e.lotCents).toBe(2 * 500 + 2 * 200);
  });

  it('art. 4.4: three unaligned combinations fill the grid and add up', () => {
    const e = lot(view(grid({ banknote: [0, 1, 5], candle: [2, 3, 7], pickaxe: [4, 6, 8] })), 100);
    expect(e.lotCents).toBe(4_000 + 1_000 + 100);
    expect(e.gains.map((g) => g.line)).toEqual([-1, -1, -1]);
  });

  it('art. 4.4, 4.5: three combinations, one aligned, add up', () => {
    const e = lot(view(grid({ nugget: [0, 1, 2], diamond: [3, 4, 6], banknote: [5, 7, 8] })));
    expect(e.lotCents).toBe(750_000 + 10_000 + 2_000);
  });
});

describe('Mine d’or evaluator: EXTRA and Extra stages (art. 4.6, 4.7)', () => {
  const losingStage = (): Grid => [
    'nugget',
    'nugget',
    'diamond',
    'diamond',
    'banknote',
    'banknote',
    'candle',
    'candle',
    'cactus',
  ];
  const winningStage = (): Grid => grid({ candle: [6, 7, 8] }); // 2 × 500

  it.each([0, 1, 2, 3])('art. 4.6: %i EXTRA give as many stages; losing stages add nothing', (k) => {
    const main = grid({ extra: [0, 4, 8].slice(0, k), pickaxe: [1, 2, 3] });
    const e = lot(view(main, Array.from({ length: k }, losingStage)));
    expect(e.lotCents).toBe(50);
  });

  it.each([1, 2, 3])('art. 4.6, 4.7: %i winning Extra stages add to the main grid into one lot', (k) => {
    const main = grid({ extra: [0, 4, 8].slice(0, k), pickaxe: [1, 2, 3] });
    const e = lot(view(main, Array.from({ length: k }, winningStage)));
    expect(e.lotCents).toBe(50 + k * 1_000);
    expect(e.gains.filter((g) => g.grid > 0).map((g) => g.grid)).toEqual(Array.from({ length: k }, (_, i) => i + 1));
    expect(e.gains.filter((g) => g.grid > 0).every((g) => g.article === 'art. 4.4, 4.5, 4.6')).toBe(true);
    expect(e.article).toMatch(/4\.7/);
  });

  it('art. 4.6, 4.7: a losing main grid with one winning and one losing stage wins the stage only', () => {
    const main = ['extra', 'nugget', 'nugget', 'diamond', 'extra', 'diamond', 'banknote', 'banknote', 'candle'];
    const e = lot(view(main, [losingStage(), grid({ diamond: [0, 1, 3] })]), 200);
    expect(e.lotCents).toBe(40_000);
    expect(e.gains).toHaveLength(1);
    expect(e.gains[0]!.grid).toBe(2);
  });

  it('art. 4.7: main gain and stage gains are one indivisible lot of the table (10 € = 5 + 5 at 0.50 €)', () => {
    const main = grid({ extra: [4], candle: [0, 1, 3] });
    const e = lot(view(main, [grid({ candle: [0, 5, 7] })]));
    expect(e.lotCents).toBe(1_000);
    expect(e.inTable).toBe(true);
  });

  it('M3: the evaluator accepts more than 3 EXTRA (4 EXTRA, 4 stages)', () => {
    const main = grid({ extra: [0, 2, 6, 8] });
    expect(lot(view(main, [winningStage(), winningStage(), losingStage(), losingStage()])).lotCents).toBe(2_000);
  });
});

describe('Mine d’or evaluator: losing units (art. 4.8, M5)', () => {
  it('art. 4.8, M5: a grid of pairs (near misses) loses', () => {
    const e = lot(
      view(['nugget', 'nugget', 'diamond', 'diamond', 'banknote', 'banknote', 'candle', 'candle', 'cactus']),
    );
    expect(e.lotCents).toBe(0);
    expect(e.gains).toEqual([]);
    expect(e.article).toBe('art. 4.8');
  });

  it('art. 4.8, M5: two nuggets on a line (near miss) plus EXTRA with losing stages loses', () => {
    const main = ['nugget', 'nugget', 'extra', 'diamond', 'diamond', 'extra', 'cactus', 'cactus', 'pickaxe'];
    const stage = ['nugget', 'diamond', 'nugget', 'diamond', 'candle', 'candle', 'pickaxe', 'pickaxe', 'cactus'];
    expect(lot(view(main, [stage, stage])).lotCents).toBe(0);
  });
});

describe('Mine d’or evaluator: invalid units are reported, never scored', () => {
  it('M1: four of a paying symbol in the main grid', () => {
    expectInvalid(view(grid({ nugget: [0, 1, 2, 3] })), ERR_M1, /M1/);
  });
  it('M1: five of a symbol even with another valid combination', () => {
    expectInvalid(view(grid({ pickaxe: [0, 1, 2, 3, 4], candle: [5, 6, 7] })), ERR_M1, /four times or more/);
  });
  it('M1: four of a symbol inside an Extra stage', () => {
    expectInvalid(view(grid({ extra: [0] }), [grid({ diamond: [0, 1, 2, 4] })]), ERR_M1, /M1/);
  });
  it('M2: EXTRA inside an Extra stage', () => {
    expectInvalid(view(grid({ extra: [0] }), [grid({ extra: [4] })]), ERR_M2, /M2/);
  });
  it('art. 4.6: more stages than EXTRA symbols', () => {
    expectInvalid(view(grid({ extra: [0] }), [grid({}), grid({})]), ERR_STAGES, /art\. 4\.6/);
  });
  it('art. 4.6: fewer stages than EXTRA symbols', () => {
    expectInvalid(view(grid({ extra: [0, 1] }), [grid({})]), ERR_STAGES, /art\. 4\.6/);
  });
  it('art. 4.6: a stage shown without any EXTRA', () => {
    expectInvalid(view(grid({ candle: [0, 1, 2] }), [grid({})]), ERR_STAGES, /Extra stages/);
  });
  it('art. 4.4: an unknown symbol id in the main grid or a stage', () => {
    const main = grid({});
    main[4] = 'ruby';
    expectInvalid(view(main), null, /unknown symbol "ruby" in cell 4 of the main grid/);
    const stage = grid({});
    stage[8] = 'NUGGET';
    expectInvalid(view(grid({ extra: [0] }), [stage]), null, /unknown symbol "NUGGET" in cell 8 of Extra stage 1/);
  });
  it('low level: an out-of-range symbol code is rejected', () => {
    const buf = new Uint8Array(BUFFER_SIZE);
    buf[gridOffset(0) + 3] = 7;
    expect(evaluateMineDor(buf, mineDorGains(50))).toBe(ERR_SYMBOL);
  });
  it('low level, M1: every count from 4 to 9 of every paying symbol is rejected, in the main grid and a stage', () => {
    for (let s = 0; s < 6; s++) {
      for (let k = 4; k <= 9; k++) {
        // k times symbol s, then the other symbols at most twice each
        const cells = [...new Array<number>(k).fill(s), ...[1, 1, 2, 2, 3].map((d) => (s + d) % 6)].slice(0, 9);
        const main = new Uint8Array(BUFFER_SIZE);
        main.set(cells, gridOffset(0));
        expect(evaluateMineDor(main, mineDorGains(50))).toBe(ERR_M1);
        const stage = new Uint8Array(BUFFER_SIZE);
        stage.set([6, 0, 0, 1, 1, 2, 2, 3, 3], gridOffset(0));
        stage[0] = 1;
        stage.set(cells, gridOffset(1));
        expect(evaluateMineDor(stage, mineDorGains(50))).toBe(ERR_M1);
      }
    }
  });
  it.each([
    [[0, 1, 2, 3, 4, 5, 0, 1, 2], 3],
    [[0, 0, 1, 1, 2, 2, 3, 3, 4], 4],
    [[0, 1, 2, 3, 4, 5, 6, 0, 3], 2],
    [[5, 5, 5, 0, 1, 2, 3, 4, 0], 1],
  ])('low level, M5: the main grid %j shows %i near misses (pairs)', (cells, pairs) => {
    const buf = new Uint8Array(BUFFER_SIZE);
    buf.set(cells, gridOffset(0));
    buf[0] = cells.filter((c) => c === 6).length;
    if (buf[0] === 1) buf.set([0, 0, 1, 1, 2, 2, 3, 3, 4], gridOffset(1)); // a losing stage
    expect(evaluateMineDor(buf, mineDorGains(50))).toBeGreaterThanOrEqual(0);
    expect(lastSummary[5]).toBe(pairs);
  });
  it.each([0, 8, 10])('art. 4.1: a main grid of %i cells', (n) => {
    const cells = Array.from({ length: n }, (_, i) => PAYING[i % 6]!);
    expectInvalid(view(cells), null, new RegExp(`${n} cells: expected 9`));
  });
  it('art. 4.1, 4.6: an Extra stage of 8 cells', () => {
    expectInvalid(view(grid({ extra: [0] }), [grid({}).slice(0, 8)]), null, /8 cells: expected 9/);
  });
  it('a Les 3 Gongs view is not a Mine d’or unit', () => {
    const e = explainUnit('mine-d-or', 50, { game: 'les-3-gongs', gongs: ['fan', 'fan', 'fan'], bonusCents: null });
    expect(e.valid).toBe(false);
    expect(e.error).toMatch(/not a mine-d-or unit/);
  });
});
