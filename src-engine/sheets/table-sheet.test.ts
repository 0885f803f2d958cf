import { describe, expect, it } from 'vitest';
import { officialScenario } from '../explorer/scenario';
import type { Scenario } from '../explorer/scenario';
import { toCsv } from './csv';
import { readSheetEuros, readTableCsv, readTableSheet, scenarioSheets } from './table-sheet';
import type { SheetCell } from './sheet-table';

const HEAD = ['Jeu', 'Mise (€)', 'Unités par bloc', 'Nom', 'Montant (€)', 'Lots'];
const frOf = (grid: SheetCell[][]): string[] => {
  const r = readTableSheet(grid);
  if (r.ok) throw new Error('expected problems');
  return r.problems.map((p) => p.fr);
};

describe('prize table as a sheet and back', () => {
  it.each<[string, Scenario]>([
    ['Mine d’or 2 €', officialScenario('mine-d-or', 200)],
    ['Les 3 Gongs 1 €', officialScenario('les-3-gongs', 100)],
  ])('%s: the CSV export reads back as the same scenario, in both languages', (_, s) => {
    for (const lang of ['fr', 'en'] as const) {
      const csv = toCsv(scenarioSheets(s, lang)[0]!, lang);
      expect(readTableCsv(csv)).toEqual({ ok: true, scenario: s });
    }
  });

  it('writes game, stake, block and name once, amounts in euros, computed columns marked', () => {
    const s = officialScenario('mine-d-or', 50);
    const [levels, figures] = scenarioSheets(s, 'fr');
    expect(levels!.columns.slice(0, 6)).toEqual(HEAD);
    expect(levels!.columns.slice(6).every((c) => c.endsWith('(calculé)'))).toBe(true);
    expect(levels!.rows[0]!.slice(0, 6)).toEqual(["Mine d'or", 0.5, 1_000_000, s.name, 7500, 1]);
    expect(levels!.rows[1]!.slice(0, 4)).toEqual([null, null, null, null]);
    expect(levels!.rows.at(-1)!.slice(4, 6)).toEqual([0.5, 100_020]);
    expect(figures!.rows[0]).toEqual(['TRJ', 0.7, null]);
    expect(figures!.formats).toEqual(['text', 'rate', 'decimal']);
  });
});

describe('import lists every problem by row (fr / en)', () => {
  it('an amount that is not in euros, text lots, a duplicate amount and an unreachable one, each once with its row', () => {
    const grid: SheetCell[][] = [
      HEAD,
      ["Mine d'or", '0,50', '1 000 000', 'Essai', '7 500,00', '1'],
      [null, null, null, null, '12,5x', '3'],
      [null, null, null, null, '7500', '2'],
      [null, null, null, null, '0,30', 'dix'],
      [],
      [null, null, null, null, '', '4'],
    ];
    expect(frOf(grid)).toEqual([
      "ligne 3 : le montant « 12,5x » n'est pas un montant en euros (ex. 7 500,00)",
      'ligne 4 : le montant 7\u202f500,00\u00a0€ figure déjà à la ligne 2',
      "ligne 5 : « dix » n'est pas un nombre de lots (un entier, 0 ou plus)",
      'ligne 5 : aucune combinaison de gains (art. 4.4–4.6, M4) ne fait 0,30\u00a0€',
      'ligne 7 : le montant est manquant',
    ]);
    const r = readTableSheet(grid);
    if (!r.ok) {
      expect(r.problems[0]!.message).toBe('row 3: the amount “12,5x” is not an amount in euros (e.g. 7500.00)');
      expect(r.problems[3]!.message).toBe('row 5: no combination of gains (art. 4.4–4.6, M4) adds up to €0.30');
    }
  });

  it('Les 3 Gongs: an amount no Bonus of fifths gives (G1), too many lots for the block (art. 3), a bad stake', () => {
    const fr = frOf([
      ['Game', 'Stake (€)', 'Units per block', 'Amount (€)', 'Lots'],
      ['les-3-gongs', 0.75, 10, 3000.05, 5],
      [null, null, null, 1, 6],
    ]);
    expect(fr[0]).toBe("ligne 2 : la mise « 0,75 » n'est ni 0,50 €, ni 1,00 €, ni 2,00 € (art. 2)");
    expect(fr).toHaveLength(1); // without a stake the table-level checks cannot run
    const fr2 = frOf([
      ['Game', 'Stake (€)', 'Units per block', 'Amount (€)', 'Lots'],
      ['les-3-gongs', 0.5, 10, 3000.05, 5],
      [null, null, null, 1, 6],
    ]);
    // problems of the whole table first, then by row
    expect(fr2).toEqual([
      '11 lots pour 10 unités : au plus un lot par unité (art. 3)',
      'ligne 2 : ni un symbole (art. 4.3.1) ni un Bonus de cinquièmes positifs de la mise (G1, cinquième = 0,10\u00a0€) ne donne 3\u202f000,05\u00a0€',
    ]);
  });

  it('missing columns are named; an empty sheet and a sheet without levels say what is expected', () => {
    expect(
      frOf([
        ['Jeu', 'Montant', 'Quantité'],
        ["Mine d'or", 1, 2],
      ]),
    ).toEqual([
      "colonnes manquantes : Mise (€), Unités par bloc, Lots (la ligne d'en-tête doit nommer Jeu, Mise (€), Unités par bloc, Montant (€), Lots)",
    ]);
    expect(frOf([[null, ''], []])[0]).toMatch(/^la feuille est vide/);
    expect(frOf([HEAD, [], [null]])[0]).toMatch(/^aucun niveau de lot/);
  });

  it('a later row that contradicts the first row’s game or block size is named', () => {
    const fr = frOf([HEAD, ["Mine d'or", 0.5, 1_000_000, 'A', 7500, 1], ['Les 3 Gongs', null, 999, 'A', 3750, 1]]);
    expect(fr).toEqual([
      "ligne 3 : Jeu « Les 3 Gongs » diffère de la ligne 2 (« Mine d'or ») : une feuille contient un seul tableau",
      'ligne 3 : Unités par bloc « 999 » diffère de la ligne 2 (« 1000000 ») : une feuille contient un seul tableau',
    ]);
  });

  it('more than 200 level rows are refused before any row is read', () => {
    const grid: SheetCell[][] = [HEAD, ...Array.from({ length: 201 }, () => ["Mine d'or", 'x', 'x', 'x', 'x', 'x'])];
    expect(frOf(grid)).toEqual(['plus de 200 lignes de niveaux : un tableau compte au plus 200 niveaux']);
  });

  it('reads euros written the French, English or machine way', () => {
    expect(readSheetEuros('7 500,00 €')).toBe(750_000);
    expect(readSheetEuros('€7,500.00')).toBe(750_000);
    expect(readSheetEuros('7500.5')).toBe(750_050);
    expect(readSheetEuros('0,5')).toBe(50);
    expect(readSheetEuros(0.1 + 0.2)).toBe(30);
    expect(readSheetEuros(12.345)).toBeNull();
    expect(readSheetEuros('12,5x')).toBeNull();
    expect(readSheetEuros('-1')).toBeNull();
  });
});
