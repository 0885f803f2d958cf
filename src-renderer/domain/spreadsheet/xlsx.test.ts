import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import {
  compareTables,
  comparisonSheets,
  officialScenario,
  officialTable,
  readCsv,
  readTableSheet,
  scenarioSheets,
  toCsv,
} from '@engine';
import type { Scenario, SheetTable } from '@engine';
import { readXlsxGrid, toXlsx } from './xlsx';
import ExcelJS from 'exceljs';

const imported = async (bytes: Uint8Array) => {
  const g = await readXlsxGrid(bytes);
  if (!g.ok) throw new Error(g.problem.message);
  return readTableSheet(g.grid);
};

describe('XLSX writer (exceljs)', () => {
  it('keeps numbers as numbers with their format, stored as they are shown, the header bold and frozen, every column with a width', async () => {
    const sheet: SheetTable = {
      name: 'Essai: [a/b]',
      columns: ['Montant (€)', 'TRJ', 'Nom', 'Lots', 'Part', 'Série'],
      formats: ['euros', 'rate', 'text', 'integer', 'share', 'decimal'],
      rows: [
        [7500, 0.7, 'x', 1, 0.1 + 0.05, 11.8094],
        [0.5, 0.19866, null, 100_020, 0.1 + 0.2, 5.033599275161705, 'au-delà des en-têtes'],
      ],
    };
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await toXlsx([sheet])).buffer as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Essai   a b');
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getCell('A2').value).toBe(7500);
    expect(ws.getCell('A2').numFmt).toBe('#,##0.00 "€"');
    expect(ws.getCell('B3').value).toBe(0.19866);
    expect(ws.getCell('B3').numFmt).toBe('0.000%');
    expect(ws.getCell('D3').numFmt).toBe('#,##0');
    expect(ws.getCell('C3').value).toBeNull();
    // no binary float noise behind what is shown: 15,00 %, 30,00 %, 11,81, 5,03
    expect([ws.getCell('E2').value, ws.getCell('E3').value]).toEqual([0.15, 0.3]);
    expect(ws.getCell('E2').numFmt).toBe('0.00%');
    expect([ws.getCell('F2').value, ws.getCell('F3').value]).toEqual([11.81, 5.03]);
    expect(ws.getCell('F2').numFmt).toBe('#,##0.00');
    for (let c = 1; c <= 7; c++) expect(ws.getColumn(c).width, `column ${c}`).toBeGreaterThanOrEqual(10);
  });
});

describe('prize table to XLSX and back', () => {
  const cases: [string, Scenario][] = [
    ['Mine d’or 0,50 € official', officialScenario('mine-d-or', 50)],
    ['Les 3 Gongs 2 € official', officialScenario('les-3-gongs', 200)],
    [
      'Mine d’or 1 € modified',
      { ...officialScenario('mine-d-or', 100), name: 'Essai « été » 2026', blockUnits: 500_000 },
    ],
    [
      'Les 3 Gongs 0,50 € modified',
      {
        ...officialScenario('les-3-gongs', 50),
        name: '=formule ; "guillemets"',
        levels: [
          { prizeCents: 300_000, lots: 2 },
          { prizeCents: 1_030, lots: 17 },
          { prizeCents: 50, lots: 40_000 },
        ],
      },
    ],
  ];
  it.each(cases)('%s goes to XLSX and back unchanged (fr and en headers)', async (_, s) => {
    for (const lang of ['fr', 'en'] as const) {
      const r = await imported(await toXlsx(scenarioSheets(s, lang)));
      expect(r).toEqual({ ok: true, scenario: s });
    }
  });
});

describe('one convention for figures in every file (ratios, € and % formats, whole counts)', () => {
  const load = async (sheets: SheetTable[]) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await toXlsx(sheets)).buffer as ArrayBuffer);
    return wb;
  };
  /** The XLSX row whose first cell is `label`. */
  const rowOf = (ws: ExcelJS.Worksheet, label: string) => {
    for (let r = 1; r <= ws.rowCount; r++) if (ws.getRow(r).getCell(1).value === label) return ws.getRow(r);
    throw new Error(`no row ${label}`);
  };
  const view = compareTables([
    { name: 'Officiel', table: officialTable('mine-d-or', 100) },
    { name: 'Copie', table: officialTable('mine-d-or', 100) },
  ]);

  it('the table XLSX shows a probability of 1e-6 as a percentage with 6 decimals (0,000100 %), never 1,000E-06; shares with 2', async () => {
    const ws = (await load(scenarioSheets(officialScenario('mine-d-or', 100), 'fr'))).worksheets[0]!;
    expect(ws.getRow(1).getCell(7).value).toBe('Probabilité (calculé)');
    expect(ws.getCell('G2').value).toBe(1e-6); // the 15 000 € lot: 1 in 1 000 000
    expect(ws.getCell('G2').numFmt).toBe('0.000000%');
    expect(ws.getCell('H2').numFmt).toBe('0.00%');
    expect(ws.getCell('H2').value).toBe(0.0214); // 1,5 % of 70 %: 2,14 %
    expect(ws.getCell('F2').numFmt).toBe('#,##0');
    expect(ws.getCell('E2').numFmt).toBe('#,##0.00 "€"');
  });

  it('the comparison XLSX stores RTP as the ratio the table XLSX stores, with € and % formats and whole lots', async () => {
    const [figures, figuresOfTable] = [
      (await load(comparisonSheets(view, 'fr'))).worksheets,
      (await load(scenarioSheets(officialScenario('mine-d-or', 100), 'fr'))).worksheets[1]!,
    ];
    const [fig, dist] = figures as [ExcelJS.Worksheet, ExcelJS.Worksheet];
    const rtp = rowOf(fig, 'TRJ').getCell(2);
    expect(rtp.value).toBe(rowOf(figuresOfTable, 'TRJ').getCell(2).value); // 0.7 in both files
    expect(rtp.value).toBeCloseTo(0.7, 12);
    expect(rtp.numFmt).toBe('0.000%');
    expect(rowOf(fig, 'Taux de gain').getCell(3).numFmt).toBe('0.000%');
    expect(rowOf(fig, 'Part du TRJ — 15000 €').getCell(2).numFmt).toBe('0.00%');
    for (let c = 1; c <= fig.columnCount; c++) expect(fig.getColumn(c).width, `column ${c}`).toBeGreaterThanOrEqual(10);
    expect(rowOf(fig, 'Plus gros lot (€)').getCell(2).numFmt).toBe('#,##0.00 "€"');
    expect(rowOf(fig, 'Lots du plus gros lot').getCell(2).numFmt).toBe('#,##0');
    expect(rowOf(fig, 'Unités par bloc').getCell(2).numFmt).toBe('#,##0');
    expect(rowOf(figuresOfTable, 'Lots par bloc').getCell(3).numFmt).toBe('#,##0');
    expect(dist.getCell('A2').numFmt).toBe('#,##0.00 "€"');
    expect(dist.getCell('B2').numFmt).toBe('#,##0');
    expect(dist.getCell('C2').numFmt).toBe('0.000000%');
  });

  it('the comparison CSV holds the XLSX first sheet: the same column names and the numbers as shown', async () => {
    for (const [lang, rtpText, top] of [
      ['en', '70.000%', '15000.00'],
      ['fr', '70,000%', '15000,00'],
    ] as const) {
      const sheets = comparisonSheets(view, lang);
      const r = readCsv(toCsv(sheets[0]!, lang));
      if (!r.ok) throw new Error(r.problem.message);
      expect(r.convention).toBe(lang);
      const ws = (await load(sheets)).worksheets[0]!;
      expect(r.grid[0]).toEqual((ws.getRow(1).values as unknown[]).slice(1));
      expect(r.grid.find((row) => row[0] === (lang === 'en' ? 'RTP' : 'TRJ'))![1]).toBe(rtpText);
      expect(r.grid[1 + 9]![1]).toBe('1'); // lots of the top prize
      expect(r.grid[1 + 8]![1]).toBe(top);
    }
  });
});

describe('XLSX reader refuses what it cannot read', () => {
  it('malformed bytes: not a workbook', async () => {
    const g = await readXlsxGrid(new TextEncoder().encode('montant;lots\n1;2\n'));
    expect(g.ok).toBe(false);
    if (!g.ok) expect(g.problem.fr).toMatch(/n'est pas un classeur XLSX/);
  });
  it('a zip that is not a workbook', async () => {
    const g = await readXlsxGrid(zipSync({ 'a.txt': new TextEncoder().encode('bonjour') }));
    expect(g.ok).toBe(false);
    if (!g.ok) expect(g.problem.code).toBe('not-xlsx');
  });
  it('a zip that declares more than 16 MB inflated is refused before it is inflated', async () => {
    const big = new Uint8Array(17 * 1024 * 1024);
    const g = await readXlsxGrid(zipSync({ 'xl/a.xml': big }, { level: 9 }));
    expect(g.ok).toBe(false);
    if (!g.ok) expect(g.problem.code).toBe('xlsx-too-large');
  });
  it('an empty workbook gives an empty grid, which the table reader calls empty', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Vide');
    const g = await readXlsxGrid(new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer));
    expect(g).toEqual({ ok: true, grid: [] });
    const r = readTableSheet([]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]!.fr).toMatch(/^la feuille est vide/);
  });
  it('text in number cells is read as the sheet shows it', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('T');
    ws.addRow(['Jeu', 'Mise (€)', 'Unités par bloc', 'Montant (€)', 'Lots']);
    ws.addRow(["Mine d'or", 0.5, 1_000_000, '12,5x', 1]);
    ws.addRow([null, null, null, 2, 'beaucoup']);
    const r = await imported(new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      const fr = r.problems.map((p) => p.fr);
      expect(fr).toContain("ligne 2 : le montant « 12,5x » n'est pas un montant en euros (ex. 7 500,00)");
      expect(fr).toContain("ligne 3 : « beaucoup » n'est pas un nombre de lots (un entier, 0 ou plus)");
      expect(r.problems.every((p) => p.row === 2 || p.row === 3)).toBe(true);
    }
  });
});

describe('what a person cannot see in a workbook is not imported', () => {
  /** The official Mine d'or 0,50 € table as a plain workbook, changed by `edit` before it is saved. */
  const workbook = async (edit: (ws: ExcelJS.Worksheet) => void): Promise<Uint8Array> => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await toXlsx(scenarioSheets(officialScenario('mine-d-or', 50), 'fr'))).buffer as ArrayBuffer);
    edit(wb.worksheets[0]!);
    return new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
  };
  const refusal = async (edit: (ws: ExcelJS.Worksheet) => void) => {
    const g = await readXlsxGrid(await workbook(edit));
    if (g.ok) throw new Error('expected a refusal');
    return g.problem;
  };
  /** Gives one cell a style of its own (exceljs shares a loaded style between the cells that had it). */
  const restyle = (ws: ExcelJS.Worksheet, at: string, style: Partial<ExcelJS.Style>): void => {
    const cell = ws.getCell(at);
    cell.style = { ...cell.style, ...style };
  };
  /** One more level, 300 € × 5 000 lots, on row 14 (under the 12 levels). */
  const extra = (ws: ExcelJS.Worksheet): ExcelJS.Row => {
    const row = ws.getRow(14);
    row.getCell(5).value = 300;
    row.getCell(6).value = 5000;
    return row;
  };

  it('the workbook unchanged is read', async () => {
    expect((await readXlsxGrid(await workbook(() => undefined))).ok).toBe(true);
  });

  it('a hidden row holding a level is refused, the row named', async () => {
    const p = await refusal((ws) => (extra(ws).hidden = true));
    expect(p.code).toBe('unseen-cells');
    expect(p.message).toBe(
      'what a person cannot see in the sheet is not imported: row 14 is hidden. Show these cells (or delete them), then save the workbook again',
    );
    expect(p.fr).toBe(
      "ce qu'on ne voit pas dans la feuille n'est pas importé : la ligne 14 est masquée. Affichez ces cellules (ou supprimez-les), puis enregistrez de nouveau le classeur",
    );
  });

  it('a row of near-zero height, a hidden column, white text on white, black on black, a format that shows nothing: each named', async () => {
    const p = await refusal((ws) => {
      extra(ws).height = 0.5;
      restyle(ws, 'E3', { font: { color: { argb: 'FFFFFFFF' } } });
      restyle(ws, 'F4', { font: { color: { theme: 0 } as ExcelJS.Color } });
      restyle(ws, 'E5', {
        fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF000000' } },
        font: { color: { argb: 'FF010101' } },
      });
      restyle(ws, 'F6', { numFmt: ';;;' });
      ws.getColumn(10).hidden = true;
    });
    expect(p.fr).toBe(
      "ce qu'on ne voit pas dans la feuille n'est pas importé : la colonne J est masquée ou trop étroite pour être lue; la cellule E3 est écrite de la couleur de son fond; la cellule F4 est écrite de la couleur de son fond; la cellule E5 est écrite de la couleur de son fond; la cellule F6 a un format qui n’affiche rien; la ligne 14 fait 0,5 pt de haut. Affichez ces cellules (ou supprimez-les), puis enregistrez de nouveau le classeur",
    );
  });

  it('an empty hidden row, and dark text on a white fill, are no problem', async () => {
    const g = await readXlsxGrid(
      await workbook((ws) => {
        ws.getRow(20).hidden = true;
        restyle(ws, 'E3', {
          fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFFFFF' } },
          font: { color: { argb: 'FF202020' } },
        });
      }),
    );
    expect(g.ok).toBe(true);
  });

  it('a formula is refused whatever its saved result (=1+1 saved as 99999), asking for values', async () => {
    const p = await refusal((ws) => {
      ws.getCell('F3').value = { formula: '1+1', result: 99999 } as ExcelJS.CellFormulaValue;
    });
    expect(p.code).toBe('formula-cells');
    expect(p.fr).toBe(
      "la cellule F3 contient une formule : le résultat qu'un classeur enregistre pour une formule peut être périmé, il n'est donc pas lu ; remplacez les formules par leurs valeurs (Copier, puis Collage spécial › Valeurs) et enregistrez de nouveau le classeur",
    );
    const two = await refusal((ws) => {
      ws.getCell('F3').value = { formula: 'F2*2', result: 2 } as ExcelJS.CellFormulaValue;
      ws.getCell('F4').value = { sharedFormula: 'F3', result: 2 } as ExcelJS.CellSharedFormulaValue;
    });
    expect(two.message).toMatch(/^cells F3; F4 hold formulas: /);
  });
});
