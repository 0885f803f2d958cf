import { describe, expect, it } from 'vitest';
import { officialTable } from '../rules/load';
import type { PrizeTable } from '../rules/types';
import { MAX_COMPARED, VI_Z, compareTables } from './comparison';
import { comparisonSheets } from './comparison-sheets';
import { formatEurosDelta, formatPointsDelta, formatSignedDecimal } from '../format/numbers';

const NNBSP = '\u202f';
const official = (game: 'mine-d-or' | 'les-3-gongs', stake: 50 | 100 | 200 = 50) => ({
  name: 'officiel',
  table: officialTable(game, stake),
});
/** The official table with one level's lots changed. */
function withLots(t: PrizeTable, prizeCents: number, lots: number): PrizeTable {
  return { ...t, levels: t.levels.map((l) => (l.prizeCents === prizeCents ? { ...l, lots } : l)) };
}

describe('tables side by side', () => {
  it('the official tables give docs/rules.md’s derived figures', () => {
    const v = compareTables([official('mine-d-or'), official('les-3-gongs')].slice(0, 1));
    const m = v.columns[0]!;
    expect(m.rtp).toBeCloseTo(0.7, 12);
    expect(m.hitRate).toBeCloseTo(0.198665, 12);
    expect(m.oneIn).toBeCloseTo(5.0336, 4);
    expect(m.sdStakes).toBeCloseTo(17.02, 2);
    expect(m.topPrizeCents).toBe(750_000);
    expect(m.topPrizeLots).toBe(1);
    expect(m.liabilityCents).toBe(35_000_000); // 350,000 € per block
    expect(m.insideBand).toBe(true);
    expect(v.deltas).toEqual([null]);
    const g = compareTables([official('les-3-gongs')]).columns[0]!;
    expect(Math.round(g.rtp * 100_000) / 1000).toBe(69.993);
    expect(Math.round(g.hitRate * 100_000) / 1000).toBe(27.199);
    expect(g.oneIn).toBeCloseTo(3.6766, 4);
    expect(g.sdStakes).toBeCloseTo(11.98, 2);
    expect(g.liabilityCents).toBe(10_499_000);
    expect(g.topPrizeCents).toBe(300_000);
    // share of the RTP by level sums to one
    expect(g.levels.reduce((s, l) => s + l.rtpShare, 0)).toBeCloseTo(1, 12);
  });

  it('the volatility index is z·σ at 90 % (z = 1.645) or 95 % (z = 1.960)', () => {
    const g90 = compareTables([official('les-3-gongs')], 0.9).columns[0]!;
    const g95 = compareTables([official('les-3-gongs')], 0.95).columns[0]!;
    expect(VI_Z[0.9]).toBeCloseTo(1.6449, 4);
    expect(VI_Z[0.95]).toBeCloseTo(1.96, 4);
    expect(g90.vi).toBe(VI_Z[0.9] * g90.sdStakes);
    expect(g95.vi).toBeCloseTo(23.48, 1); // 1.96 × 11.98
  });

  it('each figure changes against the first table, in its unit', () => {
    const o = officialTable('mine-d-or', 50);
    // 15,000 more lots of 0,50 € (100,020 → 115,020): +7,500 € per block, +1.5 pt of RTP and of hit rate
    const more = withLots(o, 50, 115_020);
    // a top prize of 15,000 € instead of 7,500 €
    const top: PrizeTable = { ...o, levels: [{ prizeCents: 1_500_000, lots: 2 }, ...o.levels.slice(1)] };
    const v = compareTables([
      { name: 'officiel', table: o },
      { name: 'plus de petits lots', table: more },
      { name: 'gros lot', table: top },
    ]);
    const d1 = v.deltas[1]!;
    expect(d1.rtp).toBeCloseTo(0.015, 12);
    expect(formatPointsDelta(d1.rtp, 'fr')).toBe('+1,5 pt');
    expect(d1.hitRate).toBeCloseTo(0.015, 12);
    expect(d1.liabilityCents).toBe(750_000);
    expect(formatEurosDelta(d1.liabilityCents, 'fr')).toBe(`+7${NNBSP}500,00\u00a0€`);
    expect(formatEurosDelta(d1.liabilityCents, 'en')).toBe('+€7,500.00');
    // more small lots: a spread a little smaller, too little to show at two decimals
    expect(d1.sdStakes).toBeLessThan(0);
    expect(formatSignedDecimal(d1.sdStakes, 'fr')).toBe('±0,00');
    expect(d1.topPrizeCents).toBe(0);
    const d2 = v.deltas[2]!;
    expect(d2.topPrizeCents).toBe(750_000);
    expect(d2.topPrizeLots).toBe(1);
    // σ² grows by (2 × 30,000² − 15,000²) / 10⁶ stakes² (less the change of the squared mean)
    expect(d2.sdStakes).toBeCloseTo(Math.sqrt(17.02 ** 2 + 1575) - 17.02, 1);
    expect(formatSignedDecimal(d2.sdStakes, 'en')).toMatch(/^\+2[0-9]\.\d\d$/);
    expect(d2.liabilityCents).toBe(2 * 1_500_000 - 750_000);
    // share by level over the union of amounts: 15,000 € is new, 7,500 € gone
    expect(v.amounts.slice(0, 3)).toEqual([1_500_000, 750_000, 375_000]);
    expect(d2.rtpShare[1]).toBeCloseTo(-750_000 / 35_000_000, 12);
    expect(d2.rtpShare[0]).toBeCloseTo(3_000_000 / (35_000_000 + 2_250_000), 12);
    expect(v.key).not.toBe(compareTables([{ name: 'officiel', table: o }]).key);
  });

  it('refuses tables of different games or stakes, none, or more than four', () => {
    expect(() => compareTables([official('mine-d-or'), official('les-3-gongs')])).toThrow(/one game and stake/);
    expect(() => compareTables([official('mine-d-or', 50), official('mine-d-or', 100)])).toThrow(/one game and stake/);
    expect(() => compareTables([])).toThrow(/1 to 4/);
    expect(() => compareTables(Array.from({ length: MAX_COMPARED + 1 }, () => official('mine-d-or')))).toThrow(
      /1 to 4 tables, got 5/,
    );
  });

  it('a table outside the legal band says so (CSI art. D.322-10)', () => {
    const o = officialTable('les-3-gongs', 50);
    const v = compareTables([
      { name: 'o', table: o },
      { name: 'trop', table: withLots(o, 50, 100_000) }, // +30,000 € per block: 89.99 %
    ]);
    expect(v.columns[1]!.insideBand).toBe(false);
    expect(v.deltas[1]!.rtp).toBeCloseTo(0.2, 12);
  });
});

describe('comparisonSheets: the comparison as spreadsheet rows', () => {
  const o = officialTable('mine-d-or', 100);
  const v = compareTables([
    { name: 'Officiel', table: o },
    { name: 'Scénario A', table: withLots(o, 100, 130_020) },
  ]);

  it('French: rates as ratios, euros and whole counts, each row with its number format', () => {
    const [fig, dist] = comparisonSheets(v, 'fr');
    expect(fig!.name).toBe('Comparaison');
    expect(fig!.columns).toEqual(['Chiffre', 'Officiel', 'Scénario A', 'Écart — Scénario A']);
    const byLabel = (l: string) => fig!.rows.find((r) => r[0] === l)!;
    expect(byLabel('Jeu')).toEqual(['Jeu', "Mine d'or", "Mine d'or", '']);
    // ratios, as in the table's own export (0.7, never 70 points)
    // the difference as computed (the sheet's writer rounds it to its format: no float noise in the file)
    expect(byLabel('TRJ')).toEqual(['TRJ', 0.7, 0.73, expect.closeTo(0.03, 12)]);
    const formatOf = (l: string) => fig!.rowFormats![fig!.rows.findIndex((r) => r[0] === l)];
    expect(formatOf('TRJ')).toBe('rate');
    expect(formatOf('Taux de gain')).toBe('rate');
    expect(formatOf('Lots du plus gros lot')).toBe('integer');
    expect(formatOf('Unités par bloc')).toBe('integer');
    expect(formatOf('Plus gros lot (€)')).toBe('euros');
    expect(formatOf('Part du TRJ — 1 €')).toBe('share');
    expect(fig!.rowFormats).toHaveLength(fig!.rows.length);
    expect(dist!.formats).toEqual(['euros', 'integer', 'probability', 'integer', 'probability']);
    expect(byLabel('Lots à payer par bloc (€)')).toEqual(['Lots à payer par bloc (€)', 700_000, 730_000, 30_000]);
    expect(byLabel('Plus gros lot (€)')).toEqual(['Plus gros lot (€)', 15_000, 15_000, 0]);
    expect(byLabel('Fourchette légale')[1]).toBe('dans la fourchette 65–75 % (Jeu à aléa immédiat)');
    expect(byLabel('Fourchette légale')[2]).toBe('dans la fourchette 65–75 % (Jeu à aléa immédiat)');
    const vi = fig!.rows.find((r) => String(r[0]).startsWith('Indice de volatilité à 90 %'))!;
    expect(vi[1]).toBeCloseTo(VI_Z[0.9] * 17.02, 1);
    expect(fig!.rows.find((r) => r[0] === 'Part du TRJ — 1 €')![3]).toBeGreaterThan(0);
    expect(dist!.columns).toEqual([
      'Montant (€)',
      'Officiel — lots',
      'Officiel — probabilité',
      'Scénario A — lots',
      'Scénario A — probabilité',
    ]);
    expect(dist!.rows[0]).toEqual([15_000, 1, 1e-6, 1, 1e-6]);
    expect(dist!.rows.at(-1)).toEqual([1, 100_020, 0.10002, 130_020, 0.13002]);
  });

  it('English: the same numbers under English labels', () => {
    const [fig, dist] = comparisonSheets(v, 'en');
    expect(fig!.name).toBe('Comparison');
    expect(fig!.columns).toEqual(['Figure', 'Officiel', 'Scénario A', 'Change — Scénario A']);
    expect(fig!.rows.find((r) => r[0] === 'RTP')).toEqual(['RTP', 0.7, 0.73, expect.closeTo(0.03, 12)]);
    expect(fig!.rows.find((r) => r[0] === 'Hit rate')![3]).toBe(0.03);
    expect(fig!.rows.find((r) => r[0] === 'Legal band')![1]).toBe('inside the band 65–75 % (Instant game)');
    expect(fig!.rows.some((r) => r[0] === 'Share of RTP — €7500')).toBe(true);
    expect(dist!.name).toBe('Distribution');
    expect(dist!.rows).toHaveLength(12);
  });
});
