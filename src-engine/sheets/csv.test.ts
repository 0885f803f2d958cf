import { describe, expect, it } from 'vitest';
import { readCsv, readCsvNumber, toCsv } from './csv';
import { readTableCsv } from './table-sheet';
import type { SheetTable } from './sheet-table';

describe('a CSV table is read in the convention its header row states', () => {
  it('reads a French spreadsheet’s « ; » file with decimal commas and quoted fields', () => {
    const text =
      'Jeu;Mise (€);Unités par bloc;Nom;Montant (€);Lots\r\n"Mine d\'or";0,5;1 000 000;"Essai; ""un""";"7 500,00";1\r\n;;;;0,5;10\r\n';
    expect(readTableCsv(text)).toEqual({
      ok: true,
      scenario: {
        name: 'Essai; "un"',
        game: 'mine-d-or',
        stakeCents: 50,
        blockUnits: 1_000_000,
        levels: [
          { prizeCents: 750_000, lots: 1 },
          { prizeCents: 50, lots: 10 },
        ],
      },
    });
  });

  it('reads an English « , » file with decimal points and grouping commas in quotes', () => {
    const text =
      'Game,Stake (€),Units per block,Amount (€),Lots\r\nMine d\'or,0.50,"1,000,000","7,500.00",1\r\n,,,0.5,10\r\n';
    const r = readTableCsv(text);
    expect(r.ok && r.scenario.levels).toEqual([
      { prizeCents: 750_000, lots: 1 },
      { prizeCents: 50, lots: 10 },
    ]);
    expect(r.ok && r.scenario.blockUnits).toBe(1_000_000);
  });

  it('a two-column « ; » file with decimal commas names only the columns really missing', () => {
    // papaparse's guess took the decimal commas for separators: « missing: Amount (€), Lots » too
    const r = readTableCsv('\uFEFFMontant (€);Lots\r\n7 500,00;1\r\n0,50;100 020\r\n');
    expect(!r.ok && r.problems.map((p) => p.fr)).toEqual([
      "colonnes manquantes : Jeu, Mise (€), Unités par bloc (la ligne d'en-tête doit nommer Jeu, Mise (€), Unités par bloc, Montant (€), Lots)",
    ]);
  });

  it('a number of the other convention is refused, saying how this file writes numbers', () => {
    const fr = readTableCsv("Jeu;Mise (€);Unités par bloc;Montant (€);Lots\r\nMine d'or;0,50;1000000;7500.00;1\r\n");
    expect(!fr.ok && fr.problems.map((p) => [p.fr, p.message])).toEqual([
      [
        "ligne 2 : le montant « 7500.00 » n'est pas un montant en euros (ex. 7 500,00 : un fichier séparé par « ; » écrit la virgule décimale)",
        'row 2: the amount “7500.00” is not an amount in euros (e.g. 7500,00: a file separated by « ; » writes decimal commas)',
      ],
    ]);
    // « 1,500 » is 1.5 in a French file: not a whole number of lots, never 1 500
    const lots = readTableCsv(
      "Jeu;Mise (€);Unités par bloc;Montant (€);Lots\r\nMine d'or;0,50;1000000;7 500,00;1,500\r\n",
    );
    expect(!lots.ok && lots.problems[0]!.fr).toBe(
      "ligne 2 : « 1,500 » n'est pas un nombre de lots (un entier, 0 ou plus)",
    );
    const en = readTableCsv(
      'Game,Stake (€),Units per block,Amount (€),Lots\r\nMine d\'or,0.50,1000000,"7500,00",1\r\n',
    );
    expect(!en.ok && en.problems[0]!.message).toBe(
      'row 2: the amount “7500,00” is not an amount in euros (e.g. 7500.00: a file separated by « , » writes decimal points)',
    );
  });

  it('a header row with no separator, or with both « ; » and « , », is refused with one message, never guessed', () => {
    const none = readTableCsv('Montant\r\n7500\r\n');
    expect(!none.ok && none.problems.map((p) => p.fr)).toEqual([
      "ligne 1 : la ligne d'en-tête n'a aucun séparateur de colonnes : un tableau CSV sépare ses colonnes par « ; » avec la virgule décimale (français), ou « , » avec le point décimal (anglais)",
    ]);
    const both = readTableCsv(
      "Jeu;Mise (€);Unités, par bloc;Montant (€);Lots\r\nMine d'or;0,50;1000000;7 500,00;1\r\n",
    );
    expect(!both.ok && both.problems.map((p) => p.message)).toEqual([
      'row 1: the header row holds « ; » and « , » outside quotes, so which one separates the columns cannot be told: save the file with « ; » with decimal commas (French), or « , » with decimal points (English), and any text holding the other in quotes',
    ]);
    // in quotes, the other separator is text
    const quoted = readCsv('Jeu;"Unités, par bloc"\r\n1;2\r\n');
    expect(quoted).toEqual({
      ok: true,
      convention: 'fr',
      grid: [
        ['Jeu', 'Unités, par bloc'],
        ['1', '2'],
      ],
    });
  });

  it('reads numbers of each convention only', () => {
    expect(readCsvNumber('7\u202f500,00 €', 'fr')).toBe('7500.00');
    expect(readCsvNumber('1 000 000', 'fr')).toBe('1000000');
    expect(readCsvNumber('7500.00', 'fr')).toBeNull();
    expect(readCsvNumber('1.500', 'fr')).toBeNull();
    expect(readCsvNumber('€7,500.00', 'en')).toBe('7500.00');
    expect(readCsvNumber('7 500', 'en')).toBeNull();
    expect(readCsvNumber('1,50', 'en')).toBeNull();
  });
});

describe('CSV writer: the conventions of the file’s language', () => {
  const sheet: SheetTable = {
    name: 'x',
    columns: ['Nom', 'Montant (€)', 'Part', 'Probabilité', 'Série', 'Lots'],
    formats: ['text', 'euros', 'share', 'probability', 'decimal', 'integer'],
    rows: [
      ['a; "b"\nc', 7500, 0.1 + 0.05, 1e-6, 11.8094, 1_000_000],
      ['=SOMME(A1)', 0.5, null, 1 / 3_000_000, 5.033599275161705, 3],
    ],
  };
  it('French: mark, « ; », decimal commas, percentages, no float noise, formulas guarded', () => {
    expect(toCsv(sheet, 'fr')).toBe(
      '\uFEFFNom;Montant (€);Part;Probabilité;Série;Lots\r\n"a; ""b""\nc";7500,00;15,00%;0,000100%;11,81;1000000\r\n\'=SOMME(A1);0,50;;0,000033%;5,03;3\r\n',
    );
  });
  it('English: mark, « , », decimal points; a cell holding the separator is quoted', () => {
    const csv = toCsv({ ...sheet, columns: ['Name, first', ...sheet.columns.slice(1)] }, 'en');
    expect(csv.split('\r\n').slice(0, 2)).toEqual([
      '\uFEFF"Name, first",Montant (€),Part,Probabilité,Série,Lots',
      '"a; ""b""\nc",7500.00,15.00%,0.000100%,11.81,1000000',
    ]);
  });
  it('reads its own files back: cells, formula marks off, and the convention', () => {
    for (const lang of ['fr', 'en'] as const) {
      const r = readCsv(toCsv(sheet, lang));
      expect(r.ok && r.convention).toBe(lang);
      expect(r.ok && r.grid[2]![0]).toBe('=SOMME(A1)');
      expect(r.ok && r.grid[1]![0]).toBe('a; "b"\nc');
    }
  });
});
