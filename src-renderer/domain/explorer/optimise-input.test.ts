import { describe, expect, it } from 'vitest';
import { officialScenario, officialTable } from '@engine';
import type { Scenario } from '@engine';
import { editedLevels, offeredAmounts, readDecimal, readOptimiseInput } from './optimise-input';
import type { OptimiseInput } from './optimise-input';

const form = (over: Partial<OptimiseInput> = {}): OptimiseInput => ({
  game: 'mine-d-or',
  stakeCents: 100,
  rtpMode: 'target',
  rtp: '70',
  rtpTolerance: '0,01',
  rtpMin: '68',
  rtpMax: '72',
  hitRate: '',
  hitTolerance: '0,5',
  topPrize: '',
  topCount: '',
  blockUnits: '',
  extraAmounts: '',
  excluded: [],
  bounds: {},
  startFrom: { kind: 'official' },
  keepEdits: false,
  lang: 'fr',
  ...over,
});

describe('readOptimiseInput', () => {
  it('reads percentages and points, either decimal mark, into shares', () => {
    expect([readDecimal('70,5'), readDecimal('70.5'), readDecimal('22 %'), readDecimal('7O')]).toEqual([
      70.5,
      70.5,
      22,
      NaN,
    ]);
    const r = readOptimiseInput(form({ hitRate: '22', rtpTolerance: '0.01' }));
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.request.rtp).toEqual({ target: 0.7, tolerance: 0.0001 });
    expect(r.request.hitRate).toEqual({ target: 0.22, tolerance: 0.005 });
    expect(r.request.amountsCents).toEqual(officialTable('mine-d-or', 100).levels.map((l) => l.prizeCents));
  });

  it('a range, added amounts, exclusions and bounds go into the request', () => {
    const r = readOptimiseInput(
      form({
        rtpMode: 'range',
        extraAmounts: '25 ; 3,00',
        excluded: [40_000],
        bounds: { 2000: { min: '15 000', max: '' }, 100: { min: '', max: '90000' } },
        blockUnits: '500 000',
      }),
    );
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.request.rtp).toEqual({ min: 0.68, max: 0.72 });
    expect(r.request.amountsCents).toContain(2500);
    expect(r.request.amountsCents).toContain(300);
    expect(r.request.amountsCents).not.toContain(40_000);
    expect(r.request.levelBounds).toEqual([
      { prizeCents: 2000, min: 15_000 },
      { prizeCents: 100, max: 90_000 },
    ]);
    expect(r.request.blockUnits).toBe(500_000);
  });

  it('names each field it cannot read, in French and English', () => {
    const r = readOptimiseInput(form({ topPrize: 'gros', topCount: '0', bounds: { 2000: { min: '-3', max: '' } } }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.map((p) => p.en)).toEqual([
      'Top prize: “gros” — an amount in euros above 0 is expected (such as 15,000.00)',
      'Top prize count: “0” — a whole number from 1 to 10,000,000 is expected',
      'Minimum of €20.00: “-3” — a whole number from 0 to 10,000,000 is expected',
    ]);
    expect(r.problems[0]!.fr).toBe(
      'Gros lot : « gros » — un montant en euros supérieur à 0 est attendu (par exemple 15 000,00)',
    );
  });

  it('offers the official amounts first, then the added ones not already there, largest first', () => {
    expect(offeredAmounts('les-3-gongs', 50, '1 ; 25 ; 12,50 ; 25', null, 'fr').slice(-2)).toEqual([2500, 1250]);
  });
});

describe('the table the optimiser starts from', () => {
  /** The official 1 € table with 20 € at 19 000 lots, 2 € at 80 000 and an added 25 € level. */
  const edited: Scenario = (() => {
    const o = officialScenario('mine-d-or', 100);
    const lots = new Map([
      [2000, 19_000],
      [200, 80_000],
    ]);
    return {
      ...o,
      name: 'Scénario A',
      levels: [
        ...o.levels.map((l) => ({ ...l, lots: lots.get(l.prizeCents) ?? l.lots })),
        { prizeCents: 2500, lots: 3 },
      ],
    };
  })();

  it('hands the edited table over as the start, its added amounts offered', () => {
    const r = readOptimiseInput(form({ startFrom: { kind: 'edited', table: edited } }));
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.request.startFrom).toEqual(edited);
    expect(r.request.amountsCents).toContain(2500);
    expect(r.request.levelBounds).toBeUndefined();
    expect(editedLevels(edited)).toEqual([
      { prizeCents: 2000, lots: 19_000 },
      { prizeCents: 200, lots: 80_000 },
      { prizeCents: 2500, lots: 3 },
    ]);
  });

  it('« keep the changed levels »: each held at its count, unless bounds are typed for it', () => {
    const r = readOptimiseInput(
      form({
        startFrom: { kind: 'edited', table: edited },
        keepEdits: true,
        bounds: { 200: { min: '70 000', max: '' } },
      }),
    );
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.request.levelBounds).toEqual([
      { prizeCents: 2000, min: 19_000, max: 19_000 },
      { prizeCents: 200, min: 70_000 },
      { prizeCents: 2500, min: 3, max: 3 },
    ]);
  });

  it('an edited table with problems is named as the reason, not silently replaced by the official one', () => {
    const r = readOptimiseInput(form({ startFrom: { kind: 'edited', table: null } }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems[0]!.fr).toMatch(/^Le tableau édité a des problèmes/);
  });
});
