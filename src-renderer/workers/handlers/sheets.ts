/**
 * Worker handlers of spreadsheets: XLSX written and read off the page's thread,
 * and a prize table read from a sheet with every problem by row. exceljs (about 0.95 MB minified)
 * is imported on the first spreadsheet job only, so that workers start as fast as before. Inputs
 * are bounded before they get here (`openBoundedSheet`); the XLSX reader bounds the archive again
 * before inflating it.
 */
import { InputError, decodeTextBytes, readTableCsv, readTableSheet } from '@engine';
import type { Handler } from '@shared/jobs/protocol';

const xlsx = () => import('../../domain/spreadsheet/xlsx');

export const writeXlsx: Handler<'writeXlsx'> = async (input) => (await xlsx()).toXlsx(input.sheets);

export const readTableSheetHandler: Handler<'readTableSheet'> = async (input) => {
  if ('text' in input) return readTableCsv(input.text);
  if ('csv' in input) {
    // the engine's decoder: a CSV saved as UTF-16 or Windows-1252 is read, not taken for missing columns
    try {
      return readTableCsv(decodeTextBytes(input.bytes).text);
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      return { ok: false, problems: [{ code: 'encoding', row: 0, message: e.message, fr: e.fr }] };
    }
  }
  const g = await (await xlsx()).readXlsxGrid(input.bytes);
  return g.ok ? readTableSheet(g.grid) : { ok: false, problems: [g.problem] };
};
