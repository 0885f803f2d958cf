/**
 * XLSX workbooks of {@link SheetTable}s, written and read with exceljs (the renderer's workers
 * only: it is about 0.9 MB minified, kept out of the page's own bundle). Numbers stay numbers with
 * a number format (euros with 2 decimals, percentages with %), the header row is bold and frozen.
 * Reading is bounded before exceljs sees the bytes: every part is inflated once by fflate's
 * streaming reader with a cap, and the sizes the zip directory declares must be the real ones, so a
 * small file that inflates (or claims to inflate) to gigabytes is refused in bounded memory.
 *
 * @see https://github.com/exceljs/exceljs#readme
 */
import ExcelJS from 'exceljs';
import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import { SHEET_NUMBER_FORMATS, cellFormat, guardFormula, sheetNumber, sheetNumberText, unguardFormula } from '@engine';
import type { SheetCell, SheetProblem, SheetTable } from '@engine';
import { unseenCellsProblem } from './unseen-cells';

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
    ws.addRow(s.columns.map(guardFormula));
    ws.getRow(1).font = { bold: true };
    // every number stored as its format shows it: no 0.15000000000000002 behind « 15,00 % »
    s.rows.forEach((r, k) => {
      const row = ws.addRow(
        r.map((c, i) =>
          typeof c === 'number' ? sheetNumber(c, cellFormat(s, k, i)) : typeof c === 'string' ? guardFormula(c) : c,
        ),
      );
      r.forEach((c, i) => {
        const fmt = SHEET_NUMBER_FORMATS[cellFormat(s, k, i)];
        if (fmt !== undefined && typeof c === 'number' && Number.isFinite(c)) row.getCell(i + 1).numFmt = fmt;
      });
    });
    // every column gets a width, from the longest text it shows (numbers as their CSV digits, a
    // little narrower than Excel's grouped display: 2 more characters)
    const width = Math.max(s.columns.length, ...s.rows.map((r) => r.length));
    for (let i = 0; i < width; i++) {
      const shown = s.rows.slice(0, 200).map((r, k) => {
        const c = r[i] ?? null;
        return typeof c === 'number' ? sheetNumberText(c, cellFormat(s, k, i)).length + 2 : String(c ?? '').length;
      });
      ws.getColumn(i + 1).width = Math.min(
        60,
        Math.max(10, (s.columns[i] ?? '').length + 2, ...shown.map((n) => n + 2)),
      );
    }
  }
  const buf = await wb.xlsx.writeBuffer();
  return new Uint8Array(buf as ArrayBuffer);
}

export type XlsxGrid = { ok: true; grid: SheetCell[][] } | { ok: false; problem: SheetProblem };

const refused = (code: string, message: string, fr: string): XlsxGrid => ({
  ok: false,
  problem: { code, row: 0, message, fr },
});

/** A cell's value as plain text or number (rich text its text; formulas are refused before, {@link unseenCellsProblem}). */
function plain(v: ExcelJS.CellValue): SheetCell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return unguardFormula(v);
  if (typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if ('richText' in v) return v.richText.map((p) => p.text).join('');
  if ('text' in v && typeof v.text === 'string') return v.text;
  if ('error' in v) return String(v.error);
  return null;
}

/** What the archive holds, from its central directory (declared sizes) and from inflating it (real sizes). */
interface ArchiveSizes {
  readonly declared: Map<string, number>;
  readonly real: Map<string, number>;
  /** The inflated bytes passed the limit (inflating stopped there). */
  readonly overLimit: boolean;
  readonly readable: boolean;
}

/**
 * Inflates every part once, streaming and counting, without keeping a byte: stops as soon as the
 * total passes {@link MAX_XLSX_INFLATED_BYTES}, whatever the archive declares (a 2 MB file that
 * inflates to gigabytes costs a few chunks of memory, never the gigabytes).
 */
function measureArchive(bytes: Uint8Array): ArchiveSizes {
  const declared = new Map<string, number>();
  const real = new Map<string, number>();
  let readable = true;
  try {
    // the filter sees each entry's declared size and keeps none: nothing is inflated here
    unzipSync(bytes, {
      filter: (f) => {
        declared.set(f.name, (declared.get(f.name) ?? 0) + f.originalSize);
        return false;
      },
    });
  } catch {
    readable = false;
  }
  let total = 0;
  let overLimit = false;
  if (readable && declared.size <= MAX_XLSX_ENTRIES) {
    try {
      const unzip = new Unzip((f) => {
        if (overLimit) return;
        real.set(f.name, real.get(f.name) ?? 0);
        f.ondata = (err, chunk) => {
          if (err) {
            readable = false;
            return;
          }
          total += chunk.byteLength;
          real.set(f.name, real.get(f.name)! + chunk.byteLength);
          if (total > MAX_XLSX_INFLATED_BYTES && !overLimit) {
            overLimit = true;
            f.terminate();
          }
        };
        f.start();
      });
      unzip.register(UnzipInflate);
      // small pieces: a piece inflates at once, and deflate reaches about 1000:1 (4 kB → 4 MB at most)
      const PIECE = 4096;
      for (let at = 0; at < bytes.length && !overLimit && readable; at += PIECE)
        unzip.push(bytes.subarray(at, at + PIECE), at + PIECE >= bytes.length);
    } catch {
      if (!overLimit) readable = false;
    }
  }
  return { declared, real, overLimit, readable };
}

/** The one wording of a workbook exceljs cannot read: never its internal message. */
const notReadable = (why: { en: string; fr: string }): XlsxGrid =>
  refused(
    'not-xlsx',
    `the file is not a valid XLSX workbook: ${why.en}`,
    `le fichier n'est pas un classeur XLSX valide : ${why.fr}`,
  );

/**
 * The cells of the first worksheet of a workbook, or why it cannot be read. Bounded: every part
 * is inflated once with a cap (the archive's declared sizes are checked against what it really
 * holds), then the sheet's size, before any cell is read. A hidden first sheet is refused, named:
 * the table a person sees in a spreadsheet is never silently replaced by one they cannot see; so
 * are hidden or unreadable rows, columns and cells, and formulas ({@link unseenCellsProblem}).
 */
export async function readXlsxGrid(bytes: Uint8Array): Promise<XlsxGrid> {
  const a = measureArchive(bytes);
  const entries = a.declared.size;
  const declaredTotal = [...a.declared.values()].reduce((x, y) => x + y, 0);
  if (a.overLimit || declaredTotal > MAX_XLSX_INFLATED_BYTES || entries > MAX_XLSX_ENTRIES) {
    const size = a.overLimit ? `more than ${MAX_XLSX_INFLATED_BYTES}` : String(declaredTotal);
    const sizeFr = a.overLimit ? `plus de ${MAX_XLSX_INFLATED_BYTES}` : String(declaredTotal);
    return refused(
      'xlsx-too-large',
      `the workbook inflates to ${size} bytes in ${entries} parts: at most ${MAX_XLSX_INFLATED_BYTES} bytes and ${MAX_XLSX_ENTRIES} parts are read`,
      `le classeur se décompresse en ${sizeFr} octets et ${entries} parties : au plus ${MAX_XLSX_INFLATED_BYTES} octets et ${MAX_XLSX_ENTRIES} parties sont lus`,
    );
  }
  if (!a.readable || !a.declared.has('xl/workbook.xml'))
    return refused(
      'not-xlsx',
      'the file is not an XLSX workbook (a spreadsheet saved as .xlsx, or a CSV file, is expected)',
      "le fichier n'est pas un classeur XLSX (un tableur enregistré en .xlsx, ou un fichier CSV, est attendu)",
    );
  for (const [name, size] of a.declared) {
    if (a.real.get(name) !== size)
      return notReadable({
        en: `its archive declares ${size} bytes for the part "${name}" but holds ${a.real.get(name) ?? 'no such part'} (a damaged or altered file)`,
        fr: `son archive déclare ${size} octets pour la partie "${name}" mais en contient ${a.real.get(name) ?? 'aucune'} (un fichier abîmé ou modifié)`,
      });
  }
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  } catch {
    return notReadable({
      en: 'its parts cannot be read as a workbook (damaged XML, or another kind of zip file)',
      fr: 'ses parties ne se lisent pas comme un classeur (XML abîmé, ou un autre genre de fichier zip)',
    });
  }
  const ws = wb.worksheets[0];
  if (ws && ws.state !== 'visible')
    return refused(
      'hidden-sheet',
      `the workbook's first sheet "${ws.name}" is hidden: the table is read from the first sheet; show it or delete it, then save the workbook again`,
      `la première feuille du classeur, « ${ws.name} », est masquée : le tableau est lu dans la première feuille ; affichez-la ou supprimez-la, puis enregistrez de nouveau le classeur`,
    );
  if (!ws || ws.rowCount === 0) return { ok: true, grid: [] };
  if (ws.rowCount > MAX_XLSX_ROWS || ws.columnCount > MAX_XLSX_COLUMNS)
    return refused(
      'sheet-too-large',
      `the first sheet spans ${ws.rowCount} rows and ${ws.columnCount} columns: at most ${MAX_XLSX_ROWS} rows and ${MAX_XLSX_COLUMNS} columns are read`,
      `la première feuille s'étend sur ${ws.rowCount} lignes et ${ws.columnCount} colonnes : au plus ${MAX_XLSX_ROWS} lignes et ${MAX_XLSX_COLUMNS} colonnes sont lues`,
    );
  const grid: SheetCell[][] = [];
  try {
    // cells nobody sees, and formulas whose saved result may be stale, are never read as data
    const unseen = unseenCellsProblem(ws, ws.rowCount, ws.columnCount);
    if (unseen) return { ok: false, problem: unseen };
    for (let r = 1; r <= ws.rowCount; r++) {
      const row = ws.getRow(r);
      const cells: SheetCell[] = [];
      for (let c = 1; c <= ws.columnCount; c++) cells.push(plain(row.getCell(c).value));
      grid.push(cells);
    }
  } catch {
    return notReadable({
      en: 'the cells of its first sheet cannot be read (damaged XML)',
      fr: 'les cellules de sa première feuille ne se lisent pas (XML abîmé)',
    });
  }
  return { ok: true, grid };
}
