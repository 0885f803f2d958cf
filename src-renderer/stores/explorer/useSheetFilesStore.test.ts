import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import ExcelJS from 'exceljs';
import { setBridge } from '../../bridge';
import type { InstantLabApi } from '../../bridge';
import { setEnginePool } from '../../workers/engine-pool';
import { recordingInProcessPool } from '../../workers/in-process-worker';
import type { JobKind } from '@shared/jobs/protocol';
import { useExplorerTableStore } from './useExplorerTableStore';
import { useExplorerSessionsStore } from './useExplorerSessionsStore';
import { useSheetFilesStore } from './useSheetFilesStore';
import { useComparisonStore } from './useComparisonStore';

interface Saved {
  suggestedName: string;
  data: string | Uint8Array;
}

/** A bridge that keeps what is saved and opens the file given (text for .csv, bytes otherwise). */
function fakeBridge(saved: Saved[], toOpen: () => { name: string; data: string | Uint8Array } | null): InstantLabApi {
  let unread: string | Uint8Array | null = null;
  return {
    saveFile: async (req: Saved) => {
      saved.push(req);
      return { saved: true, path: `/home/u/${req.suggestedName}` };
    },
    beginOpen: async () => {
      const f = toOpen();
      if (!f) return null;
      unread = f.data;
      const size = typeof f.data === 'string' ? new TextEncoder().encode(f.data).length : f.data.byteLength;
      return { handle: 'h', name: f.name, size };
    },
    readOpen: async () => {
      const c = unread;
      unread = null;
      if (c !== null && typeof c !== 'string') throw new Error('a binary file read as text');
      return c;
    },
    // every spreadsheet is read as bytes: the engine decodes a CSV's encoding
    readOpenBytes: async () => {
      const c = unread;
      unread = null;
      return typeof c === 'string' ? new TextEncoder().encode(c) : c;
    },
    closeOpen: async () => undefined,
  } as unknown as InstantLabApi;
}

describe('explorer spreadsheets', () => {
  let saved: Saved[];
  let next: { name: string; data: string | Uint8Array } | null;
  let ran: JobKind[];
  beforeEach(() => {
    setActivePinia(createPinia());
    saved = [];
    next = null;
    setBridge(fakeBridge(saved, () => next));
    const r = recordingInProcessPool();
    ran = r.ran;
    setEnginePool(r.pool);
  });
  afterEach(() => setEnginePool(undefined));

  it('exports a modified table to XLSX in a worker and imports it back unchanged, as one undo step', async () => {
    const table = useExplorerTableStore();
    const sheets = useSheetFilesStore();
    table.loadOfficial('les-3-gongs', 100);
    table.rows[0]!.amount = '6 000,20';
    table.name = 'Essai';
    const before = table.scenario;
    expect(table.unsaved).toBe(true);
    await sheets.exportTable('xlsx');
    // the workbook holds the table whole: it is saved, « Tableau officiel » need not ask
    expect(table.unsaved).toBe(false);
    expect(ran).toContain('writeXlsx');
    expect(saved[0]!.suggestedName).toMatch(/\.xlsx$/);
    expect(saved[0]!.data).toBeInstanceOf(Uint8Array);
    expect(sheets.done).toEqual({ kind: 'exported', file: `/home/u/${saved[0]!.suggestedName}`, of: 'table' });
    table.loadOfficial('mine-d-or', 50);
    next = { name: saved[0]!.suggestedName, data: saved[0]!.data };
    await sheets.importTable();
    expect(ran).toContain('readTableSheet');
    expect(sheets.problems).toEqual([]);
    expect(table.scenario).toEqual(before);
    table.undo();
    expect(table.game).toBe('mine-d-or');
  });

  it('the XLSX holds the levels with computed columns and a sheet of figures', async () => {
    const sheets = useSheetFilesStore();
    await sheets.exportTable('xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((saved[0]!.data as Uint8Array).slice().buffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Tableau de lots', 'Chiffres (calculés)']);
    expect(wb.worksheets[0]!.getCell('E2').value).toBe(7500);
    expect(wb.worksheets[0]!.getCell('G1').value).toBe('Probabilité (calculé)');
  });

  it('exports CSV with a BOM in the French screen’s conventions; a bad CSV lists its problems by row and leaves the edited table untouched', async () => {
    const table = useExplorerTableStore();
    const sheets = useSheetFilesStore();
    await sheets.exportTable('csv');
    const fr = saved[0]!.data as string;
    expect(fr).toMatch(/^\uFEFFJeu;Mise \(€\);Unités par bloc;Nom;Montant \(€\);Lots;/);
    // the 7 500 € lot of the official 0,50 € table: euros, lots, probability, shares of the RTP (no float noise)
    expect(fr.split('\r\n')[1]).toMatch(/^Mine d'or;0,50;1000000;[^;]*;7500,00;1;0,000100%;2,14%;1,500%;15000,00$/);
    table.rows[1]!.lots = '2';
    const edited = table.scenario;
    next = {
      name: 'mauvais.csv',
      data: "Jeu;Mise (€);Unités par bloc;Montant (€);Lots\nMine d'or;0,5;1000;12,5x;1\n;;;7500;abc\n",
    };
    await sheets.importTable();
    expect(sheets.refusedFile).toBe('mauvais.csv');
    expect(sheets.problems.map((p) => p.fr)).toEqual([
      "ligne 2 : le montant « 12,5x » n'est pas un montant en euros (ex. 7 500,00 : un fichier séparé par « ; » écrit la virgule décimale)",
      "ligne 3 : « abc » n'est pas un nombre de lots (un entier, 0 ou plus)",
    ]);
    expect(table.scenario).toEqual(edited);
    table.undo();
    expect(table.rows[1]!.lots).toBe('1'); // the refused file was no step
  });

  it('exports the tables compared side by side: figures with changes and distributions in XLSX, figures in CSV', async () => {
    const table = useExplorerTableStore();
    const cmp = useComparisonStore();
    const sheets = useSheetFilesStore();
    for (const c of cmp.columns) cmp.remove(c.id);
    await sheets.exportComparison('xlsx');
    expect(saved).toEqual([]); // nothing compared: nothing written
    table.loadOfficial('mine-d-or', 100);
    cmp.addOfficial();
    table.rows[0]!.lots = '2';
    table.name = 'Essai';
    cmp.addEdited();
    await sheets.exportComparison('xlsx');
    expect(sheets.done?.of).toBe('comparison');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((saved[0]!.data as Uint8Array).slice().buffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Comparaison', 'Distribution']);
    const fig = wb.worksheets[0]!;
    const official = expect.stringMatching(/^Mine d'or 1,00\s€ — tableau officiel$/);
    expect(fig.getRow(1).values).toEqual([undefined, 'Chiffre', official, 'Essai', 'Écart — Essai']);
    const top = fig.getColumn(1).values.findIndex((v) => v === 'Lots du plus gros lot');
    // two top lots in the edited table against the official one: change +1
    expect([2, 3, 4].map((c) => fig.getRow(top).getCell(c).value)).toEqual([1, 2, 1]);
    await sheets.exportComparison('csv');
    expect(saved[1]!.suggestedName).toMatch(/^comparaison-.*\.csv$/);
    const csv = saved[1]!.data as string;
    expect(csv).toMatch(/^\uFEFFChiffre;Mine d'or 1,00\s€ — tableau officiel;Essai;Écart — Essai\r\n/);
    // rates with the screen's 3 decimals, changes without float noise
    expect(csv).toMatch(/\r\nTRJ;70,000%;[\d,]+%;-?[\d,]+%\r\n/);
    expect(csv).not.toMatch(/\d{9}/);
  });

  it('a file over 1 MB is refused by its size before it is read', async () => {
    const sheets = useSheetFilesStore();
    next = { name: 'gros.xlsx', data: new Uint8Array(1024 * 1024 + 1) };
    await sheets.importTable();
    expect(sheets.problems.map((p) => p.code)).toEqual(['file-too-large']);
    expect(ran).not.toContain('readTableSheet');
  });

  it('exports the session results shown: figures, paths and histogram to XLSX, one long table to CSV', async () => {
    const table = useExplorerTableStore();
    const sessions = useExplorerSessionsStore();
    const sheets = useSheetFilesStore();
    table.rows[0]!.amount = '15 000,00';
    sessions.playersText = '200';
    sessions.unitsText = '20';
    await sessions.run();
    expect(sessions.result).not.toBeNull();
    await sheets.exportSessions('xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((saved[0]!.data as Uint8Array).slice().buffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Paramètres',
      'Chiffres',
      'Résultat net (€)',
      'Premier gain (unités)',
      'Parcours',
      'Histogramme',
    ]);
    expect(wb.worksheets[0]!.getCell('B2').value).toBe(200);
    // the seed, so that the session set can be drawn again
    expect(wb.worksheets[0]!.getCell('A4').value).toBe('Graine');
    expect(wb.worksheets[0]!.getCell('B4').value).toBe(sessions.result!.scenario.seed);
    const net = wb.worksheets[2]!;
    const median = sessions.result!.scenario.netPercentiles.find((p) => p.q === 0.5)!;
    expect(net.getCell('A3').value).toBe('Résultat net, centile 10');
    const row50 = net.getColumn(1).values.findIndex((v) => v === 'Résultat net, centile 50');
    expect(net.getRow(row50).getCell(3).value).toBe(median.simulated / 100);
    expect(net.getRow(row50).getCell(6).value).toBe(median.exact === null ? null : median.exact / 100);
    expect(net.getColumn(1).values).toContain('Meilleure session');
    expect(wb.worksheets[3]!.getColumn(1).values).toContain('Unité du premier gain (moyenne)');
    const fig = wb.worksheets[1]!;
    expect(fig.getCell('A2').value).toBe('Retour moyen (part des mises)');
    expect(fig.getCell('C2').value).toBe(Number(sessions.result!.scenario.meanReturn.toFixed(5)));
    expect(fig.getCell('C2').numFmt).toBe('0.000%');
    // the mean longest losing run as the screen shows it: two decimals, not a whole number
    const params = wb.worksheets[0]!;
    const run = params.getColumn(1).values.findIndex((v) => v === 'Plus longue série perdante (moyenne) — Scénario');
    expect(params.getRow(run).getCell(2).value).toBe(Number(sessions.result!.scenario.meanLongestLosingRun.toFixed(2)));
    expect(params.getRow(run).getCell(2).numFmt).toBe('#,##0.00');
    // a seed is a name: never grouped
    expect(params.getCell('B4').numFmt).toBe('0');
    // every column has a width
    for (const ws of wb.worksheets)
      for (let c = 1; c <= ws.columnCount; c++) expect(ws.getColumn(c).width, `${ws.name} ${c}`).toBeGreaterThan(0);
    expect(fig.getCell('F2').value).toBeCloseTo(0.715, 12);
    // the official table ran beside it on the same draws
    expect(fig.getColumn(2).values).toContain('Officiel');
    expect(wb.worksheets[5]!.rowCount).toBe(sessions.result!.scenario.returnHist.length + 1);
    await sheets.exportSessions('csv');
    const csv = saved[1]!.data as string;
    expect(saved[1]!.suggestedName).toMatch(/^sessions-.*\.csv$/);
    const pct = (x: number) => `${(x * 100).toFixed(3).replace('.', ',')}%`;
    const d = sessions.result!.scenario;
    expect(csv.split('\r\n')[0]).toBe('\uFEFFSection;Tableau;Élément;Valeur;IC 99 % bas;IC 99 % haut;Exact');
    expect(csv).toContain(`Chiffres;Scénario;Retour moyen (part des mises);${pct(d.meanReturn)};`);
    expect(csv).toContain(`Paramètres;;Graine;${d.seed};`);
    expect(csv).toContain(
      `Paramètres;;Plus longue série perdante (moyenne) — Scénario;${d.meanLongestLosingRun.toFixed(2).replace('.', ',')};`,
    );
    expect(csv).toContain(
      `Résultat net (€);Scénario;Résultat net, centile 50;${(median.simulated / 100).toFixed(2).replace('.', ',')};`,
    );
    // no binary float noise anywhere, no scientific notation
    expect(csv).not.toMatch(/\d{9}|E[+-]\d/);
  });
});
