/**
 * The optimiser with the real solver (HiGHS, WebAssembly, under Node): every answer is re-checked
 * here with the engine's exact figures, never taken from the solver's word.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import loadHighs from 'highs';
import { InputError } from '../../block/input-error';
import { officialTable } from '../../rules/load';
import { officialScenario, scenarioTable } from '../scenario';
import type { Scenario } from '../scenario';
import { validateScenario } from '../scenario-validation';
import { analyseTable } from '../table-analysis';
import { highsSolver } from './highs-adapter';
import { buildModel } from './request';
import { verifyLots } from './verify';
import { optimiseTable } from './optimise';
import type { LpSolver, OptimisePhase, OptimiseRequest, OptimiseResult } from './types';

let solve: LpSolver;
beforeAll(async () => {
  solve = highsSolver(await loadHighs());
});

/** The table found, checked from scratch: valid scenario, figures by analyseTable. */
function checkedTable(r: OptimiseResult) {
  if (!r.ok) throw new Error(`no table: ${r.reasons.map((x) => x.en).join('; ')}`);
  expect(validateScenario(r.scenario)).toEqual([]);
  const a = analyseTable(scenarioTable(r.scenario));
  expect(a.rtp).toBe(r.rtp);
  expect(a.hitRate).toBe(r.hitRate);
  expect(a.insideBand).toBe(true);
  for (const l of r.scenario.levels) expect(Number.isSafeInteger(l.lots) && l.lots > 0).toBe(true);
  return { scenario: r.scenario, a };
}

describe('optimiseTable', () => {
  it("Mine d'or at 1 €: RTP 70.000 % ± 0.01 pt, hit rate within 0.5 pt of 22 %, official top prize", async () => {
    const phases: OptimisePhase[] = [];
    const r = await optimiseTable(
      { game: 'mine-d-or', stakeCents: 100, rtp: { target: 0.7 }, hitRate: { target: 0.22 } },
      solve,
      (p) => phases.push(p),
    );
    const { scenario, a } = checkedTable(r);
    expect(Math.abs(a.rtp - 0.7)).toBeLessThanOrEqual(0.0001);
    expect(Math.abs(a.hitRate - 0.22)).toBeLessThanOrEqual(0.005);
    const top = officialTable('mine-d-or', 100).levels[0]!;
    expect(scenario.levels[0]).toEqual({ prizeCents: top.prizeCents, lots: top.lots });
    expect(scenario.blockUnits).toBe(1_000_000);
    expect(phases).toEqual(['rtp', 'hit-rate', 'closeness', 'verification']);
    // the best is exact here: 700 000,00 € paid and 220 000 winning units
    expect(a.totalCents).toBe(70_000_000);
    expect(a.lots).toBe(220_000);
  });

  it('Les 3 Gongs on a small block of 1 000 units, RTP range 66–68 %, with per-level bounds', async () => {
    const r = await optimiseTable(
      {
        game: 'les-3-gongs',
        stakeCents: 50,
        blockUnits: 1000,
        rtp: { min: 0.66, max: 0.68 },
        topPrize: { prizeCents: 15_000, lots: 1 },
        amountsCents: [3000, 1500, 500, 300, 100, 50],
        levelBounds: [{ prizeCents: 50, min: 100, max: 150 }],
      },
      solve,
    );
    const { scenario, a } = checkedTable(r);
    expect(a.rtp).toBeGreaterThanOrEqual(0.66);
    expect(a.rtp).toBeLessThanOrEqual(0.68);
    expect(scenario.levels[0]).toEqual({ prizeCents: 15_000, lots: 1 });
    const half = scenario.levels.find((l) => l.prizeCents === 50)?.lots ?? 0;
    expect(half).toBeGreaterThanOrEqual(100);
    expect(half).toBeLessThanOrEqual(150);
    expect(scenario.levels.every((l) => [15_000, 3000, 1500, 500, 300, 100, 50].includes(l.prizeCents))).toBe(true);
  });

  it('names the RTP ceiling when bounds keep the payout low (found by relaxing, with the solver)', async () => {
    const r = await optimiseTable(
      {
        game: 'mine-d-or',
        stakeCents: 50,
        rtp: { target: 0.7 },
        amountsCents: [100],
        levelBounds: [{ prizeCents: 100, max: 1000 }],
      },
      solve,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    // 7 500 € + 1 000 × 1 € = 8 500 € for 500 000 € of stakes
    expect(r.reasons.map((x) => x.fr)).toContain(
      'avec 1\u202f000\u202f000 unités et ces montants, le taux de retour ne peut pas dépasser 1,700\u00a0% (demandé : au moins 69,990\u00a0%)',
    );
    expect(r.reasons.map((x) => x.en)).toContain(
      'with 1,000,000 units and these amounts, the RTP cannot exceed 1.700% (asked: at least 69.990%)',
    );
    expect(r.reasons.some((x) => x.en.startsWith('the bounds of €1.00 (0 to 1,000 lots)'))).toBe(true);
    expect(r.stages.some((s) => s.status === 'infeasible')).toBe(true);
  });

  it('names both sides when a hit rate of 90 % cannot pay 70 %', async () => {
    const r = await optimiseTable(
      { game: 'mine-d-or', stakeCents: 50, rtp: { target: 0.7 }, hitRate: { target: 0.9 } },
      solve,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const en = r.reasons.map((x) => x.en);
    // every winning unit pays at least one stake (0,50 €), and the official top prize adds 1.5 pt:
    // 90.9999 % at least, written rounded down (a lower bound stays true) as 90.999 %
    expect(en).toContain(
      'with 1,000,000 units, these amounts and a hit rate from 89.500% to 90.500%, the RTP cannot go below 90.999% (asked: at most 70.010%)',
    );
    expect(en).toContain(
      'with 1,000,000 units, these amounts and an RTP from 69.990% to 70.010%, the hit rate cannot exceed 68.511% (asked: at least 89.500%)',
    );
  });

  it('says when the top prizes alone pay too much', async () => {
    const r = await optimiseTable({ game: 'mine-d-or', stakeCents: 50, blockUnits: 1000, rtp: { target: 0.7 } }, solve);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reasons.map((x) => x.en)).toContain(
      '1 top prize of €7,500.00 alone pays an RTP of 1500.000%, above the 70.010% asked',
    );
    expect(r.reasons.map((x) => x.fr).find((t) => t.includes('gros lot'))).toMatch(
      /^1 gros lot de 7\u202f500,00\u00a0€ donne à lui seul un taux de retour de /,
    );
    const two = await optimiseTable(
      {
        game: 'mine-d-or',
        stakeCents: 50,
        blockUnits: 1000,
        rtp: { target: 0.7 },
        topPrize: { prizeCents: 750_000, lots: 2 },
      },
      solve,
    );
    if (two.ok) throw new Error('two top prizes of 7 500 € in 1 000 units cannot hold 70 %');
    expect(two.reasons.map((x) => x.en).find((t) => t.includes('top prize'))).toMatch(
      /^2 top prizes of €7,500\.00 alone pay /,
    );
    expect(two.reasons.map((x) => x.fr).find((t) => t.includes('gros lot'))).toMatch(
      /^2 gros lots de .* donnent à eux seuls /,
    );
  });

  it('the exact re-check says a count with its plural: « 0 lot », « 0 lots », « 2 lots »', () => {
    const m = buildModel({ game: 'mine-d-or', stakeCents: 100, rtp: { target: 0.7 } });
    const said = (top: number) => verifyLots(m, [top, ...m.reference.slice(1)])[0]!;
    expect(said(0)).toEqual({
      en: '€15,000.00: 0 lots, outside 1..1',
      fr: '15\u202f000,00\u00a0€ : 0 lot, hors de 1 à 1',
    });
    expect(said(2)).toMatchObject({ fr: '15\u202f000,00\u00a0€ : 2 lots, hors de 1 à 1' });
  });

  it('never trusts the solver: an answer that breaks a constraint is refused, and said to be no verdict', async () => {
    const liar: LpSolver = (lp) =>
      Promise.resolve({
        status: 'optimal',
        // every lot count of the model at 1: far from 70 %
        values: Object.fromEntries([...lp.matchAll(/\bx(\d+)\b/g)].map((m) => [`x${m[1]!}`, 1])),
        objective: 0,
        detail: 'Optimal',
      });
    const r = await optimiseTable({ game: 'mine-d-or', stakeCents: 100, rtp: { target: 0.7 } }, liar);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.verdict).toBe('unsolved');
    expect(r.reasons[0]!.en).toMatch(/^the solver gave no answer the engine can stand by, with 3 different settings/);
    expect(r.reasons[0]!.en).toMatch(/rtp: an answer the exact re-check refused \(Optimal\)/);
    expect(r.reasons[0]!.en).toMatch(/this says nothing of whether a table exists/);
  });

  it('a HiGHS error is an answer in words, and the next settings are tried', async () => {
    const throwing = {
      solve: () => {
        throw new Error('Unable to solve the problem. HiGHS error -1');
      },
    };
    const failed = await highsSolver(throwing)('Minimize\n obj: x\nEnd\n');
    expect(failed).toEqual({
      status: 'failed',
      values: {},
      objective: NaN,
      detail: 'HiGHS: Unable to solve the problem. HiGHS error -1',
    });
    // the first settings fail on every question; the second answer
    const attempts: number[] = [];
    const flaky: LpSolver = (lp, attempt = 0) => {
      attempts.push(attempt);
      return attempt === 0 ? highsSolver(throwing)(lp) : solve(lp, attempt);
    };
    const r = await optimiseTable(
      { game: 'les-3-gongs', stakeCents: 100, rtp: { target: 0.65 }, hitRate: { target: 0.05 } },
      flaky,
    );
    const { a } = checkedTable(r);
    expect(a.totalCents).toBe(19_500_000);
    expect(a.lots).toBe(15_000);
    expect(attempts).toEqual([0, 1, 0, 1, 0, 1]);
    if (r.ok)
      expect(r.stages.map((s) => `${s.phase}:${s.attempt}:${s.status}`)).toEqual([
        'rtp:0:failed',
        'rtp:1:optimal',
        'hit-rate:0:failed',
        'hit-rate:1:optimal',
        'closeness:0:failed',
        'closeness:1:optimal',
      ]);
  });

  it('a wrong « infeasible » is not a verdict: the diagnosis finds the table and the optimiser goes on from it', async () => {
    // the official table pays exactly 65 % with 20 % winners; a solver that calls the RTP stage infeasible
    const denying: LpSolver = (lp, attempt) =>
      lp.includes('obj: pp + pm')
        ? Promise.resolve({ status: 'infeasible', values: {}, objective: NaN, detail: 'Infeasible' })
        : solve(lp, attempt);
    const r = await optimiseTable(
      { game: 'mine-d-or', stakeCents: 100, rtp: { target: 0.65 }, hitRate: { target: 0.2 } },
      denying,
    );
    const { a } = checkedTable(r);
    expect(Math.abs(a.rtp - 0.65)).toBeLessThanOrEqual(0.0001);
    expect(a.lots).toBe(200_000);
    if (!r.ok) return;
    expect(r.proven).toBe(false);
    expect(r.stages.slice(0, 2).map((s) => s.status)).toEqual(['infeasible', 'infeasible']);
  });

  it('a solver that errs on every settings gets no « no table »: the verdict is « unsolved »', async () => {
    const broken = highsSolver({
      solve: () => {
        throw new Error('Unable to solve the problem. HiGHS error -1');
      },
    });
    const r = await optimiseTable({ game: 'mine-d-or', stakeCents: 100, rtp: { target: 0.7 } }, broken);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.verdict).toBe('unsolved');
    expect(r.reasons[0]!.fr).toMatch(/^le solveur n'a donné aucune réponse que le moteur puisse retenir/);
  });

  it('shows the numbers asked with the decimals typed (70.0001 %, never « 70.000 % »)', async () => {
    // 1 000 units at 1 €: 70.0001 % is 70 000.1 cents, which no whole number of cents pays
    const r = await optimiseTable(
      {
        game: 'mine-d-or',
        stakeCents: 100,
        blockUnits: 1000,
        topPrize: { prizeCents: 2000, lots: 1 },
        amountsCents: [1000, 200, 100],
        rtp: { target: 0.700001, tolerance: 0 },
      },
      solve,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.verdict).toBe('no-table');
    expect(r.reasons.map((x) => x.en)).toEqual([
      'the RTP asked (70.0001%) is paid by no whole number of cents on 1,000 units at €1.00: the nearest are 70.000% (€700.00) and 70.001% (€700.01); widen the RTP tolerance',
    ]);
    expect(r.reasons[0]!.fr).toContain('le taux de retour demandé (70,0001\u00a0%)');
  });
});

describe('buildModel', () => {
  const base: OptimiseRequest = { game: 'mine-d-or', stakeCents: 50, rtp: { target: 0.7 } };
  const problem = (r: OptimiseRequest): InputError => {
    try {
      buildModel(r);
    } catch (e) {
      if (e instanceof InputError) return e;
      throw e;
    }
    throw new Error('no problem reported');
  };

  it('keeps the RTP inside the legal band from data (CSI art. D.322-10)', () => {
    const e = problem({ ...base, rtp: { target: 0.8 } });
    expect(e.message).toMatch(/^RTP 80\.000% is outside the legal band 65\.000%–75\.000%/);
    expect(e.fr).toMatch(/^TRJ 80,000\u00a0% hors de la fourchette légale 65,000\u00a0% à 75,000\u00a0%/);
    const m = buildModel({ ...base, rtp: { target: 0.75, tolerance: 0.02 } });
    expect(m.rtpMax).toBe(0.75);
    expect(m.payMax).toBe(37_500_000);
  });

  it('refuses an amount no presentation shows (M4, G1), naming it', () => {
    expect(problem({ ...base, extraAmountsCents: [10] }).message).toMatch(/^amount €0\.10: no combination of gains/);
    const g = problem({ game: 'les-3-gongs', stakeCents: 50, rtp: { target: 0.7 }, extraAmountsCents: [55] });
    expect(g.fr).toMatch(/^montant 0,55\u00a0€ : ni un symbole/);
  });

  it('refuses an amount above the top prize and bounds of an amount not allowed, all at once', () => {
    const e = problem({
      ...base,
      extraAmountsCents: [1_000_000],
      levelBounds: [{ prizeCents: 123, min: 1 }],
    });
    expect(e.message).toContain('amount €10,000.00 is above the top prize €7,500.00');
    expect(e.message).toContain('bounds of €1.23: this amount is not among the amounts allowed');
  });

  it('defaults: official block, amounts, top prize and count; tolerance 0.01 pt; counts scaled to the block', () => {
    const m = buildModel({ ...base, blockUnits: 500_000 });
    const t = officialTable('mine-d-or', 50);
    expect(m.amounts).toEqual(t.levels.map((l) => l.prizeCents));
    expect([m.lotsMin[0], m.lotsMax[0]]).toEqual([1, 1]);
    expect(m.payMin).toBe(Math.ceil(0.6999 * 500_000 * 50));
    expect(m.reference[m.amounts.indexOf(50)]).toBe(50_010);
  });
});

describe('the amounts asked for', () => {
  it('60 amounts given without the top prize: 61, and the one added named', () => {
    const amountsCents = Array.from({ length: 60 }, (_, k) => (k + 1) * 100);
    const r: OptimiseRequest = { game: 'mine-d-or', stakeCents: 100, rtp: { target: 0.7 }, amountsCents };
    expect(() => buildModel(r)).toThrow(
      /^61 amounts \(the 60 given and the top prize .*, which every table holds\): at most 60/,
    );
    // 60 with the top prize among them: no amount added, none named
    const top = officialTable('mine-d-or', 100).levels[0]!.prizeCents;
    expect(() => buildModel({ ...r, amountsCents: [...amountsCents.slice(1), top] })).not.toThrow(/amounts/);
  });
});

describe('targets a hair off a whole number, and intervals empty by themselves', () => {
  /** A solver the optimiser must not need: the constraint is empty before any solve. */
  const never: LpSolver = () => Promise.reject(new Error('the solver was asked'));

  it('never claims 195 000 winners for a hit rate of 19.50000000005 % with no tolerance', async () => {
    const request: OptimiseRequest = {
      game: 'mine-d-or',
      stakeCents: 50,
      rtp: { target: 0.7 },
      hitRate: { target: 0.1950000000005, tolerance: 0 },
    };
    const m = buildModel(request);
    expect([m.hit?.min, m.hit?.max]).toEqual([195_001, 195_000]);
    const r = await optimiseTable(request, never);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.verdict).toBe('no-table');
    expect(r.reasons.map((x) => x.en)).toEqual([
      'the hit rate asked (19.50000000005%) is no whole number of winning units out of 1,000,000: the nearest are 19.500% (195,000 units) and 19.5001% (195,001 units); widen the hit-rate tolerance',
    ]);
    expect(r.reasons[0]!.fr).toBe(
      "le taux de gain demandé (19,50000000005\u00a0%) ne correspond à aucun nombre entier d'unités gagnantes sur 1\u202f000\u202f000 : les plus proches sont 19,500\u00a0% (195\u202f000 unités) et 19,5001\u00a0% (195\u202f001 unités) ; élargir la tolérance du taux de gain",
    );
  });

  it('re-checks an answer exactly: 195 000 winners miss 19.50000000005 % even where the bounds in lots allowed them', () => {
    const m = buildModel({
      game: 'mine-d-or',
      stakeCents: 50,
      rtp: { target: 0.7 },
      hitRate: { target: 0.195, tolerance: 0 },
    });
    const exact = buildModel({
      game: 'mine-d-or',
      stakeCents: 50,
      rtp: { target: 0.7 },
      hitRate: { target: 0.1950000000005, tolerance: 0 },
    });
    // a table of 195 000 winning units paying 70 % exactly: right for 19.5 %, wrong for 19.50000000005 %
    const lots = m.amounts.map(() => 0);
    lots[0] = 1;
    const i1 = m.amounts.indexOf(100);
    const i10 = m.amounts.indexOf(1000);
    // 1 × 7 500 € + 10 € × a + 1 € × b = 350 000 €, 1 + a + b = 195 000
    const a = (35_000_000 - 750_000 - 100 * 194_999) / 900;
    lots[i10] = a;
    lots[i1] = 194_999 - a;
    expect(verifyLots(m, lots)).toEqual([]);
    const widened = { ...exact, hit: { ...exact.hit!, min: 0, max: 1_000_000 } };
    expect(verifyLots(widened, lots).map((p) => p.en)).toEqual([
      'hit rate 19.50000000% is more than 0.000% from 19.50000000005%',
    ]);
  });

  it('names the hit rate, the right way up, when its interval is empty by itself (not the RTP)', async () => {
    const r = await optimiseTable(
      {
        game: 'mine-d-or',
        stakeCents: 50,
        rtp: { min: 0.65, max: 0.75 },
        hitRate: { target: 0.2702452, tolerance: 0 },
      },
      never,
    );
    if (r.ok) throw new Error('a table was claimed');
    expect(r.reasons).toHaveLength(1);
    expect(r.reasons[0]!.en).toBe(
      'the hit rate asked (27.02452%) is no whole number of winning units out of 1,000,000: the nearest are 27.0245% (270,245 units) and 27.0246% (270,246 units); widen the hit-rate tolerance',
    );
    expect(r.reasons[0]!.en).not.toMatch(/RTP/);
  });

  it('names an RTP interval that no whole number of cents pays, and a level asked more lots than units', async () => {
    const r = await optimiseTable(
      { game: 'mine-d-or', stakeCents: 50, blockUnits: 1000, rtp: { target: 0.70001, tolerance: 0 } },
      never,
    );
    if (r.ok) throw new Error('a table was claimed');
    expect(r.reasons.map((x) => x.en)).toEqual([
      'the RTP asked (70.001%) is paid by no whole number of cents on 1,000 units at €0.50: the nearest are 70.000% (€350.00) and 70.002% (€350.01); widen the RTP tolerance',
    ]);
    const big = await optimiseTable(
      { game: 'mine-d-or', stakeCents: 50, blockUnits: 1000, rtp: { target: 0.7 }, topPrize: { lots: 1001 } },
      never,
    );
    if (big.ok) throw new Error('a table was claimed');
    expect(big.reasons.map((x) => x.en)).toContain(
      'the top prize €7,500.00 asks at least 1,001 lots in a block of 1,000 units (one lot per unit at most, art. 3)',
    );
  });
});

describe('the table the optimiser starts from', () => {
  /** The official 1 € Mine d'or table with 20 € at 19 000 lots and 2 € at 80 000. */
  function edited(): Scenario {
    const o = officialScenario('mine-d-or', 100);
    const lots = new Map([
      [2000, 19_000],
      [200, 80_000],
    ]);
    return { ...o, name: 'edited', levels: o.levels.map((l) => ({ ...l, lots: lots.get(l.prizeCents) ?? l.lots })) };
  }
  const lotsOf = (s: Scenario, c: number): number => s.levels.find((l) => l.prizeCents === c)?.lots ?? 0;

  it('stays closest to the edited table (69 %): 20 € moved by 500 lots (2.6 %) to pay 70 %, 2 € kept at 80 000', async () => {
    const from = edited();
    const r = await optimiseTable({ game: 'mine-d-or', stakeCents: 100, rtp: { target: 0.7 }, startFrom: from }, solve);
    const { scenario, a } = checkedTable(r);
    expect(r.ok && r.proven).toBe(true);
    expect(a.totalCents).toBe(70_000_000);
    expect(lotsOf(scenario, 2000)).toBe(19_500);
    expect(lotsOf(scenario, 200)).toBe(80_000);
    for (const l of from.levels.filter((x) => x.prizeCents !== 2000))
      expect(lotsOf(scenario, l.prizeCents)).toBe(l.lots);
    expect(scenario.levels).not.toEqual(officialScenario('mine-d-or', 100).levels);
    const m = buildModel({ game: 'mine-d-or', stakeCents: 100, rtp: { target: 0.7 }, startFrom: from });
    expect(m.reference[m.amounts.indexOf(2000)]).toBe(19_000);
  });

  it('« closest to the official table » is still a choice: the same request without it gives the official table', async () => {
    const r = await optimiseTable({ game: 'mine-d-or', stakeCents: 100, rtp: { target: 0.7 } }, solve);
    const { scenario } = checkedTable(r);
    expect(lotsOf(scenario, 2000)).toBe(lotsOf(officialScenario('mine-d-or', 100), 2000));
  });

  it('refuses a table to start from that is not valid, or of another game or stake', () => {
    const bad = { ...edited(), levels: [{ prizeCents: 10, lots: 5 }] };
    expect(() => buildModel({ game: 'mine-d-or', stakeCents: 100, rtp: { target: 0.7 }, startFrom: bad })).toThrow(
      /the table started from is not a valid table/,
    );
    expect(() => buildModel({ game: 'mine-d-or', stakeCents: 50, rtp: { target: 0.7 }, startFrom: edited() })).toThrow(
      /not of mine-d-or at 50 cents/,
    );
  });
});
