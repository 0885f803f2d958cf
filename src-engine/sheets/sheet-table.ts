/**
 * A spreadsheet table, the one shape every export writes (XLSX and CSV) and every import reads:
 * a name, a header row and rows of plain cells. One convention for every file the product writes:
 * money in euros (cents / 100, only here, at the boundary with spreadsheets), rates and
 * probabilities as ratios (0.7 = 70 %, never points), counts as whole numbers; the number formats
 * below are the only ones XLSX files get, and CSV writes the same numbers without them.
 */
import { frInt } from '../i18n/localized-text';

/** One cell: text, a number, or empty. */
export type SheetCell = string | number | null;

/**
 * How a column's numbers are shown in XLSX: `euros` with 2 decimals and €, `percent` a ratio
 * shown with %, `probability` a ratio shown in scientific notation (1e-6 reads 1.000E-06, where a
 * percentage with three decimals would show 0.000 %), `integer` grouped, `decimal` as is. Text
 * columns need none.
 */
export type SheetFormat = 'text' | 'integer' | 'decimal' | 'euros' | 'percent' | 'probability';

/** The Excel number format of each {@link SheetFormat}: the one definition every XLSX export uses. */
export const SHEET_NUMBER_FORMATS: Readonly<Record<SheetFormat, string | undefined>> = {
  text: undefined,
  integer: '#,##0',
  decimal: '#,##0.0#######',
  euros: '#,##0.00 "€"',
  percent: '0.000%',
  probability: '0.000E+00',
};

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
