/**
 * CSV of a {@link SheetTable}, RFC 4180: comma separator, CRLF line ends, fields quoted when they
 * hold a comma, a quote or a line break. Numbers are written for machines (« 7500.00 », a dot for
 * decimals, no grouping), like the app's other CSV exports; a French spreadsheet opens the XLSX
 * export with its own formats. Percentages are ratios (0.7 = 70 %). Reading accepts `,`, `;` or
 * tab separators (a French spreadsheet saves `;` with decimal commas).
 *
 * @see https://www.rfc-editor.org/rfc/rfc4180
 */
import Papa from 'papaparse';
import { guardFormula, unguardFormula } from './formula-guard';
import { cellFormat } from './sheet-table';
import type { SheetCell, SheetFormat, SheetTable } from './sheet-table';

function numberText(x: number, format: SheetFormat): string {
  if (!Number.isFinite(x)) return '';
  if (format === 'euros') return x.toFixed(2);
  if (format === 'integer') return String(Math.round(x));
  return String(x);
}

function field(c: SheetCell, format: SheetFormat): string {
  if (c === null) return '';
  const t = typeof c === 'number' ? numberText(c, format) : guardFormula(c);
  return /[",\r\n]/.test(t) || t !== t.trim() ? `"${t.replace(/"/g, '""')}"` : t;
}

/** The sheet as CSV text (no BOM: the saver adds one so that spreadsheets read UTF-8). */
export function toCsv(sheet: SheetTable): string {
  const lines = [sheet.columns.map((c) => field(c, 'text')).join(',')];
  sheet.rows.forEach((r, k) => lines.push(r.map((c, i) => field(c, cellFormat(sheet, k, i))).join(',')));
  return `${lines.join('\r\n')}\r\n`;
}

/** The cells of a CSV text, every cell a string ('' when empty); a leading BOM is dropped. */
export function parseCsv(text: string): string[][] {
  const r = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    delimitersToGuess: [',', ';', '\t'],
    skipEmptyLines: false,
  });
  const rows = r.data.map((row) => row.map(unguardFormula));
  // the line end after the last record gives one empty row
  while (rows.length > 0 && rows.at(-1)!.every((c) => c === '')) rows.pop();
  return rows;
}
