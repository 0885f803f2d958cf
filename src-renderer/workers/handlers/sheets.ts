/**
 * Worker handlers of spreadsheets (issue 12, item 2): XLSX written and read off the page's thread,
 * and a prize table read from a sheet with every problem by row. Inputs are bounded before they
 * get here (`openBoundedSheet`); the XLSX reader bounds the archive again before inflating it.
 */
import { parseCsv, readTableSheet } from '../../../src-engine/index';
import { readXlsxGrid, toXlsx } from '../../domain/spreadsheet/xlsx';
import type { Handler } from '../jobs';

export const writeXlsx: Handler<'writeXlsx'> = (input) => toXlsx(input.sheets);

export const readTableSheetHandler: Handler<'readTableSheet'> = async (input) => {
  if ('text' in input) return readTableSheet(parseCsv(input.text));
  const g = await readXlsxGrid(input.bytes);
  return g.ok ? readTableSheet(g.grid) : { ok: false, problems: [g.problem] };
};
