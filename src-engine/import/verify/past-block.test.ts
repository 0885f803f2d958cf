/**
 * A file that goes on past its block: the first lines past it are read as before, the rest only
 * counted, so millions of junk lines after a header cost a count each, not a parse. The whole
 * Les 3 Gongs block (300,000 units) is needed: the bound is the block's own size.
 */
import { describe, expect, it } from 'vitest';
import { officialBlock } from '../../block/spec';
import { iterateUnits } from '../../block/iterate-units';
import { jsonlHeader, jsonlUnit, refOf } from '../../export/unit-lines';
import { frInt } from '../../i18n/localized-text';
import { verifyExportText } from '../verify-export';
import { READ_PAST_BLOCK } from './past-block';

const spec = officialBlock('les-3-gongs', 100, 7, 2);
const units = spec.table.blockUnits;
const lines = [jsonlHeader(spec)];
iterateUnits(spec, 0, units, (i, prize, view) => lines.push(jsonlUnit(i, refOf(spec, i), prize, view)));
const block = `${lines.join('\n')}\n`;
const PAST = 'the file goes on past its block';

describe('lines past the block', () => {
  it('the whole block conforms; a few lines past it are each read and said', () => {
    expect(verifyExportText(block).ok).toBe(true);
    const r = verifyExportText(`${block}{}\n{}\n`, { maxDiscrepancies: 10 });
    expect(r.ok).toBe(false);
    expect(r.discrepancies.map((d) => d.line)).toEqual(expect.arrayContaining([units + 2, units + 3]));
    expect(r.discrepancies.map((d) => d.message).join('\n')).not.toContain(PAST);
  });

  it(`past ${READ_PAST_BLOCK} lines, the rest are counted, not read, and said once`, () => {
    const extra = 20_000;
    const r = verifyExportText(block + '{}\n'.repeat(READ_PAST_BLOCK + extra), {
      maxDiscrepancies: READ_PAST_BLOCK + extra,
    });
    expect(r.ok).toBe(false);
    const line = 1 + units + READ_PAST_BLOCK + 1;
    const past = r.discrepancies.filter((d) => d.line !== null && d.line >= line);
    // read lines are each described; unread ones add to the count only
    expect(past).toHaveLength(1);
    expect(past[0]!.line).toBe(line);
    expect(past[0]!.message).toBe(
      `line ${line}: the file goes on past its block's 300,000 units and 1,000 more lines: this line and every one after it are counted as discrepancies, not read (a block export holds one line per unit)`,
    );
    expect(past[0]!.fr).toContain(`ligne ${line} : le fichier continue au-delà des ${frInt(units)} unités de son bloc`);
    expect(r.discrepancies.filter((d) => d.line !== null && d.line > units + 1 && d.line < line)).toHaveLength(
      READ_PAST_BLOCK,
    );
    expect(r.discrepancyCount).toBeGreaterThanOrEqual(READ_PAST_BLOCK + extra);
  });

  it('said even when the discrepancies described before it fill the list', () => {
    const r = verifyExportText(block + '{}\n'.repeat(READ_PAST_BLOCK + 5));
    expect(r.discrepancies).toHaveLength(101);
    expect(r.discrepancies.at(-1)!.message).toContain(PAST);
    expect(r.discrepancyCount).toBeGreaterThanOrEqual(READ_PAST_BLOCK + 5);
  });

  it('two lines swapped at the very end still read as a swap', () => {
    const swapped = [...lines];
    [swapped[units - 1], swapped[units]] = [swapped[units]!, swapped[units - 1]!];
    const r = verifyExportText(`${swapped.join('\n')}\n`);
    expect(r.discrepancies.map((d) => d.message)).toEqual([
      `line ${units}: lines ${units} and ${units + 1} are swapped: line ${units} holds unit 299,999, line ${units + 1} unit 299,998 (indexes run 0, 1, 2, … in order)`,
    ]);
  });
});
