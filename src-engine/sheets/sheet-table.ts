/**
 * A spreadsheet table, the one shape every export writes (XLSX and CSV) and every import reads:
 * a name, a header row and rows of plain cells. Money is given in euros (cents / 100) only here,
 * at the boundary with spreadsheets; percentages as ratios (0.7 = 70 %).
 */
import { frInt } from '../i18n/localized-text';

/** One cell: text, a number, or empty. */
export type SheetCell = string | number | null;

/**
 * How a column's numbers are shown in XLSX: `euros` with 2 decimals and €, `percent` as a ratio
 * shown with %, `integer` grouped, `decimal` as is. Text columns need none.
 */
export type SheetFormat = 'text' | 'integer' | 'decimal' | 'euros' | 'percent';

/** A table for a spreadsheet: one sheet of an XLSX workbook, or one CSV file. */
export interface SheetTable {
  /** Sheet name (XLSX cuts it to 31 characters). */
  name: string;
  /** Header row. */
  columns: string[];
  rows: SheetCell[][];
  /** Number format of each column (by index); absent means `decimal` for numbers. */
  formats?: SheetFormat[];
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
