/**
 * Two unit lines swapped are said as one swap, naming both lines, not as two lines out of order;
 * the units around them, and the swapped units' own content, are checked as usual.
 */
import { describe, expect, it } from 'vitest';
import { officialBlock } from '../../block/spec';
import { iterateUnits } from '../../block/iterate-units';
import { csvColumns, csvRow, csvText, jsonlHeader, jsonlUnit, refOf } from '../../export/unit-lines';
import { verifyExportText } from '../verify-export';

const spec = officialBlock('les-3-gongs', 100, 7, 2);
const jsonl = [jsonlHeader(spec)];
const rows: (string | number)[][] = [];
iterateUnits(spec, 0, 40, (i, prize, view) => {
  jsonl.push(jsonlUnit(i, refOf(spec, i), prize, view));
  rows.push(csvRow(i, refOf(spec, i), prize, view));
});
const csv = csvText(rows, csvColumns(spec.game)).replace(/\n$/, '').split('\n');
/** The lines with lines `a` and `b` (1-based) swapped. */
const swap = (lines: readonly string[], a: number, b: number): string =>
  `${lines.map((l, i) => (i === a - 1 ? lines[b - 1]! : i === b - 1 ? lines[a - 1]! : l)).join('\n')}\n`;
/** The discrepancies of lines (the file's incompleteness set aside). */
const ofLines = (text: string) => verifyExportText(text).discrepancies.filter((d) => d.line !== null);

describe('two swapped unit lines', () => {
  for (const [format, lines] of [
    ['JSONL', jsonl],
    ['CSV', csv],
  ] as const)
    it(`${format}: one discrepancy, "lines 5 and 6 are swapped", in both languages`, () => {
      const said = ofLines(swap(lines, 5, 6));
      expect(said.map((d) => d.message)).toEqual([
        'line 5: lines 5 and 6 are swapped: line 5 holds unit 4, line 6 unit 3 (indexes run 0, 1, 2, … in order)',
      ]);
      expect(said[0]!.fr).toBe(
        "ligne 5 : les lignes 5 et 6 sont inversées : la ligne 5 porte l'unité 4, la ligne 6 l'unité 3 (les indices se suivent 0, 1, 2, … dans l'ordre)",
      );
      expect(said[0]).toMatchObject({ index: 3, field: 'index' });
      expect(verifyExportText(swap(lines, 5, 6)).discrepancyCount).toBe(
        verifyExportText(`${lines.join('\n')}\n`).discrepancyCount + 1,
      );
    });

  it('lines two apart are no swap of neighbours: each is said out of order', () => {
    const said = ofLines(swap(jsonl, 5, 7));
    expect(said.length).toBeGreaterThan(1);
    expect(said.map((d) => d.message).join('\n')).not.toMatch(/swapped/);
  });

  it('a swapped line whose unit is also altered: the swap, then the alteration of its unit', () => {
    const altered = [...jsonl];
    altered[5] = altered[5]!.replace('"prize_cents":', '"prize_cents":9');
    const said = ofLines(swap(altered, 5, 6)).map((d) => d.message);
    expect(said[0]).toMatch(/^line 5: lines 5 and 6 are swapped/);
    expect(said.slice(1).join('\n')).toMatch(/^line 5: /);
  });
});
