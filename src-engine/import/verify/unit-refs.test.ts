import { describe, expect, it } from 'vitest';
import { csvColumns, csvRow, csvText, iterateUnits, jsonlHeader, jsonlUnit, officialBlock, refOf } from '../../index';
import { verifyExportText } from '../verify-export';

/**
 * A unit line's reference is read only when it is not the one its block writes for that index: the
 * references of other units of the block, and of other blocks, are still read and named. A block's
 * first units are enough: each line is checked by itself, and the truncation is reported after.
 */
const spec = officialBlock('les-3-gongs', 50, 42);
const UNITS = 20;

/** The block's first units as CSV rows or JSONL lines, unit `at` carrying the reference `ref`. */
function exportWith(format: 'csv' | 'jsonl', at: number, ref: string): string {
  const rows: (string | number)[][] = [];
  const lines = [jsonlHeader(spec)];
  iterateUnits(spec, 0, UNITS, (i, prize, view) => {
    const r = i === at ? ref : refOf(spec, i);
    rows.push(csvRow(i, r, prize, view));
    lines.push(jsonlUnit(i, r, prize, view));
  });
  return format === 'csv' ? csvText(rows, csvColumns(spec.game)) : `${lines.join('\n')}\n`;
}

describe('the reference of a unit line (R3)', () => {
  for (const format of ['csv', 'jsonl'] as const)
    it(`${format}: the reference of another unit of the block, or of another block, is named with the one expected`, () => {
      // unit 3 (line 5, after the header) carrying unit 7's reference
      const other = refOf(spec, 7);
      const r = verifyExportText(exportWith(format, 3, other));
      expect(r.discrepancies.filter((d) => d.line !== null)).toEqual([
        expect.objectContaining({ line: 5, field: 'ref', expected: refOf(spec, 3), found: other }),
      ]);
      expect(r.discrepancies[0]!.message).toMatch(/names unit 7, but the line is unit 3$/);
      // and the reference of unit 3 of the block of seed 43
      const foreign = refOf(officialBlock('les-3-gongs', 50, 43), 3);
      const b = verifyExportText(exportWith(format, 3, foreign));
      expect(b.discrepancies[0]).toMatchObject({ line: 5, field: 'ref', expected: refOf(spec, 3), found: foreign });
      expect(b.discrepancies[0]!.message).toMatch(/names another block \(les-3-gongs, stake 50, seed 43, V2\)/);
    });
});
