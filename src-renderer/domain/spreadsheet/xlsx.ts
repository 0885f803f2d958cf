/**
 * XLSX workbooks of {@link SheetTable}s, written and read with exceljs (the renderer's workers
 * only: it is about 0.9 MB minified, kept out of the page's own bundle). Numbers stay numbers with
 * a number format (euros with 2 decimals, percentages with %), the header row is bold and frozen.
 * Reading is bounded before exceljs sees the bytes: the archive's declared sizes are checked
 * (fflate reads the zip directory only), so a small file that inflates to gigabytes is refused.
 *
 * @see https://github.com/exceljs/exceljs#readme
 */
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { SHEET_NUMBER_FORMATS, cellFormat } from '../../../src-engine/index';
import type { SheetCell, SheetProblem, SheetTable } from '../../../src-engine/index';

/** Most bytes the parts of a workbook may inflate to (a 200-level table takes about 40 kB). */
export const MAX_XLSX_INFLATED_BYTES = 16 * 1024 * 1024;
/** Most parts in a workbook's archive. */
const MAX_XLSX_ENTRIES = 500;
/** Most rows read from a sheet (its header, a table's 200 levels and some room for blank rows). */
export const MAX_XLSX_ROWS = 1000;
/** Most columns read from a sheet. */
const MAX_XLSX_COLUMNS = 50;

/** A sheet name Excel accepts: no []:*?/\, at most 31 characters, unique in the workbook. */
function sheetName(name: string, used: Set<string>): string {
  const base =
    name
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim()
      .slice(0, 31) || 'Sheet';
  let n = base;
  for (let k = 2; used.has(n.toLowerCase()); k++) n = `${base.slice(0, 31 - String(k).length - 1)} ${k}`;
  used.add(n.toLowerCase());
  return n;
}

/** The workbook of `sheets`, one worksheet each, in order. */
export async function toXlsx(sheets: SheetTable[]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Instant Lab';
  const used = new Set<string>();
  for (const s of sheets) {
    const ws = wb.addWorksheet(sheetName(s.name, used), { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
    ws.addRow(s.columns);
    ws.getRow(1).font = { bold: true };
    for (const r of s.rows) ws.addRow(r.map((c) => (typeof c === 'number' && !Number.isFinite(c) ? null : c)));
    s.columns.forEach((h, i) => {
      const column = ws.getColumn(i + 1);
      const longest = Math.max(h.length, ...s.rows.slice(0, 200).map((r) => String(r[i] ?? '').length));
      column.width = Math.min(60, Math.max(10, longest + 2));
      // header cells are text: the format only shows on numbers
      column.eachCell({ includeEmpty: false }, (cell, row) => {
        const fmt = row > 1 ? SHEET_NUMBER_FORMATS[cellFormat(s, row - 2, i)] : undefined;
        if (fmt !== undefined && typeof cell.value === 'number') cell.numFmt = fmt;
      });
    });
  }
  const buf = await wb.xlsx.writeBuffer();
  return new Uint8Array(buf as ArrayBuffer);
}

export type XlsxGrid = { ok: true; grid: SheetCell[][] } | { ok: false; problem: SheetProblem };

const refused = (code: string, message: string, fr: string): XlsxGrid => ({
  ok: false,
  problem: { code, row: 0, message, fr },
});

/** A cell's value as plain text or number (formulas give their cached result, rich text its text). */
function plain(v: ExcelJS.CellValue): SheetCell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'string') return v;
  if (typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if ('richText' in v) return v.richText.map((p) => p.text).join('');
  if ('result' in v) return plain((v.result ?? null) as ExcelJS.CellValue);
  if ('text' in v && typeof v.text === 'string') return v.text;
  if ('error' in v) return String(v.error);
  return null;
}

/**
 * The cells of the first worksheet of a workbook, or why it cannot be read. Bounded: the zip
 * directory is checked first, then the sheet's size, before any cell is read.
 */
export async function readXlsxGrid(bytes: Uint8Array): Promise<XlsxGrid> {
  let inflated = 0;
  let entries = 0;
  let workbookPart = false;
  try {
    // the filter sees each entry's declared size and keeps none: nothing is inflated here
    unzipSync(bytes, {
      filter: (f) => {
        inflated += f.originalSize;
        entries++;
        if (f.name === 'xl/workbook.xml') workbookPart = true;
        return false;
      },
    });
  } catch {
    workbookPart = false;
  }
  if (inflated > MAX_XLSX_INFLATED_BYTES || entries > MAX_XLSX_ENTRIES)
    return refused(
      'xlsx-too-large',
      `the workbook inflates to ${inflated} bytes in ${entries} parts: at most ${MAX_XLSX_INFLATED_BYTES} bytes and ${MAX_XLSX_ENTRIES} parts are read`,
      `le classeur se décompresse en ${inflated} octets et ${entries} parties : au plus ${MAX_XLSX_INFLATED_BYTES} octets et ${MAX_XLSX_ENTRIES} parties sont lus`,
    );
  if (!workbookPart)
    return refused(
      'not-xlsx',
      'the file is not an XLSX workbook (a spreadsheet saved as .xlsx, or a CSV file, is expected)',
      "le fichier n'est pas un classeur XLSX (un tableur enregistré en .xlsx, ou un fichier CSV, est attendu)",
    );
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    return refused(
      'not-xlsx',
      `the file is not a readable XLSX workbook (${detail})`,
      `le fichier n'est pas un classeur XLSX lisible (${detail})`,
    );
  }
  const ws = wb.worksheets[0];
  if (!ws || ws.rowCount === 0) return { ok: true, grid: [] };
  if (ws.rowCount > MAX_XLSX_ROWS || ws.columnCount > MAX_XLSX_COLUMNS)
    return refused(
      'sheet-too-large',
      `the first sheet spans ${ws.rowCount} rows and ${ws.columnCount} columns: at most ${MAX_XLSX_ROWS} rows and ${MAX_XLSX_COLUMNS} columns are read`,
      `la première feuille s'étend sur ${ws.rowCount} lignes et ${ws.columnCount} colonnes : au plus ${MAX_XLSX_ROWS} lignes et ${MAX_XLSX_COLUMNS} colonnes sont lues`,
    );
  const grid: SheetCell[][] = [];
  for (let r = 1; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const cells: SheetCell[] = [];
    for (let c = 1; c <= ws.columnCount; c++) cells.push(plain(row.getCell(c).value));
    grid.push(cells);
  }
  return { ok: true, grid };
}
