/**
 * A spreadsheet table, the one shape every export writes (XLSX and CSV) and every import reads:
 * a name, a header row and rows of plain cells. One convention for every file the product writes:
 * money in euros (cents / 100, only here, at the boundary with spreadsheets), rates and
 * probabilities as ratios (0.7 = 70 %, never points, shown as percentages), counts as whole numbers;
 * the number formats below are the only ones XLSX files get, every number is stored rounded to
 * what its format shows, and CSV writes those same digits in the file's convention (`./csv`).
 */
import { frInt } from '../i18n/localized-text';

/** One cell: text, a number, or empty. */
export type SheetCell = string | number | null;

/**
 * How a column's numbers are shown, in XLSX and in CSV alike: `euros` with 2 decimals and €,
 * `rate` a ratio shown as a percentage with 3 decimals (RTP, hit rate: 70,000 % as on the screens),
 * `share` a ratio shown as a percentage with 2 decimals (a share of the RTP, of the sessions),
 * `probability` a ratio shown as a percentage with 6 decimals (1e-6 reads 0,000100 %, where a
 * rate's 3 decimals would show 0,000 %), `integer` grouped, `id` a whole number never grouped
 * (a seed), `decimal` with 2 decimals (11,81 as on the screens). Text columns need none.
 */
export type SheetFormat = 'text' | 'integer' | 'id' | 'decimal' | 'euros' | 'rate' | 'share' | 'probability';

/** The Excel number format of each {@link SheetFormat}: the one definition every XLSX export uses. */
export const SHEET_NUMBER_FORMATS: Readonly<Record<SheetFormat, string | undefined>> = {
  text: undefined,
  integer: '#,##0',
  id: '0',
  decimal: '#,##0.00',
  euros: '#,##0.00 "€"',
  rate: '0.000%',
  share: '0.00%',
  probability: '0.000000%',
};

/**
 * Decimals of the value stored for each format: every number is written as it is shown (a share
 * shown 15,00 % is stored 0.15, never 0.15000000000000002), so a cell holds what a person reads
 * and the CSV holds the same digits. Percentages count the ratio's decimals (2 shown = 4 stored).
 */
const STORED_DECIMALS: Readonly<Record<SheetFormat, number | null>> = {
  text: null,
  integer: 0,
  id: 0,
  decimal: 2,
  euros: 2,
  rate: 5,
  share: 4,
  probability: 8,
};

/** Whether a format shows its ratio as a percentage. */
export const isPercentFormat = (f: SheetFormat): boolean => f === 'rate' || f === 'share' || f === 'probability';

/**
 * The number a cell of format `format` stores: `x` rounded to what the format shows (a number in a
 * text column to 12 significant digits); null for a number that is not finite.
 */
export function sheetNumber(x: number, format: SheetFormat): number | null {
  if (!Number.isFinite(x)) return null;
  const d = STORED_DECIMALS[format];
  const r = d === null ? Number(x.toPrecision(12)) : Number(x.toFixed(d));
  return r === 0 ? 0 : r; // never -0
}

/** The digits `x` is written with in a CSV of this format: fixed decimals, a dot, no grouping, « % » for percentages. */
export function sheetNumberText(x: number, format: SheetFormat): string {
  const v = sheetNumber(x, format);
  if (v === null) return '';
  const d = STORED_DECIMALS[format];
  if (d === null) return String(v);
  return isPercentFormat(format) ? `${(v * 100).toFixed(d - 2)}%` : v.toFixed(d);
}

/** A table for a spreadsheet: one sheet of an XLSX workbook, or one CSV file. */
export interface SheetTable {
  /** Sheet name (XLSX cuts it to 31 characters). */
  name: string;
  /** Header row. */
  columns: string[];
  rows: SheetCell[][];
  /** Number format of each column (by index); absent means `decimal` for numbers. */
  formats?: SheetFormat[];
  /**
   * Number format of each row's values (by row index), for a sheet with one figure per row and one
   * table per column: it applies to every column but the first (the figure's name) and wins over
   * {@link formats}.
   */
  rowFormats?: (SheetFormat | undefined)[];
}

/** The number format of the cell at data row `row` (0 = first row under the header) and column `col`. */
export function cellFormat(sheet: SheetTable, row: number, col: number): SheetFormat {
  const byRow = col > 0 ? sheet.rowFormats?.[row] : undefined;
  return byRow ?? sheet.formats?.[col] ?? 'decimal';
}

/** A problem of an imported sheet: its row in the sheet (1 = header row, 0 = the whole file), in English and French. */
export interface SheetProblem {
  readonly code: string;
  readonly row: number;
  readonly message: string;
  readonly fr: string;
}

/** Largest spreadsheet imported as a prize table: refused by its size before it is read (a 200-level XLSX takes about 10 kB). */
export const MAX_SHEET_BYTES = 1024 * 1024;

/** The problem of a sheet file over {@link MAX_SHEET_BYTES}. */
export function sheetTooLarge(size: number): SheetProblem {
  return {
    code: 'file-too-large',
    row: 0,
    message: `the file holds ${size} bytes: a prize table spreadsheet holds at most ${MAX_SHEET_BYTES} bytes`,
    fr: `le fichier fait ${frInt(size)} octets : un tableau de lots en tableur fait au plus ${frInt(MAX_SHEET_BYTES)} octets`,
  };
}
