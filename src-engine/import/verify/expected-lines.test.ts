import { describe, expect, it } from 'vitest';
import { iterateUnits, jsonlHeader, jsonlUnit, officialBlock, refOf } from '../../index';
import type { BlockSpec } from '../../index';
import { verifyExportText } from '../verify-export';
import { ExpectedLines, EXPECTED_CHUNK } from './expected-lines';

/** The header and units [0, n) of a block, as the export writes them. */
function exportHead(spec: BlockSpec, n: number): string[] {
  const lines = [jsonlHeader(spec)];
  iterateUnits(spec, 0, n, (i, prize, view) => lines.push(jsonlUnit(i, refOf(spec, i), prize, view)));
  return lines;
}
const text = (lines: readonly string[]): string => `${lines.join('\n')}\n`;

const mine = officialBlock('mine-d-or', 100, 7, 2);
const strict = officialBlock('mine-d-or', 50, 11, 2, true);
const gongs = officialBlock('les-3-gongs', 100, 3, 2);

describe('the line each unit of a block of ours is exported as (R1)', () => {
  it('is the export line of every unit, across a chunk boundary and for each game and reading', () => {
    for (const spec of [mine, strict, gongs]) {
      const from = EXPECTED_CHUNK - 50;
      const want: string[] = [];
      iterateUnits(spec, from, from + 100, (i, prize, view) => want.push(jsonlUnit(i, refOf(spec, i), prize, view)));
      const e = new ExpectedLines(spec, undefined);
      want.forEach((line, k) => {
        expect(e.line(from + k)).toBe(line);
        expect(e.match(from + k, line)).not.toBeNull();
        // one character more or less is another line
        expect(e.match(from + k, `${line} `)).toBeNull();
        expect(e.match(from + k, line.slice(0, -1))).toBeNull();
      });
      // a line outside the block has none
      expect(e.line(spec.table.blockUnits)).toBeNull();
      expect(e.match(-1, want[0]!)).toBeNull();
    }
  });

  it('writes Bonus amounts and several Extra stages as the export does', () => {
    for (const [spec, shows] of [
      [gongs, (l: string) => !l.endsWith('"bonus_cents":null}')],
      [mine, (l: string) => l.includes('"],["')],
    ] as const) {
      const e = new ExpectedLines(spec, undefined);
      let seen = 0;
      iterateUnits(spec, 0, 3 * EXPECTED_CHUNK, (i, prize, view) => {
        const line = jsonlUnit(i, refOf(spec, i), prize, view);
        expect(e.line(i)).toBe(line);
        expect(e.match(i, line)).not.toBeNull();
        if (shows(line)) seen++;
      });
      expect(seen).toBeGreaterThan(0);
    }
  });

  it('gives each unit its lot and the level of the table that lot is (the losing level last)', () => {
    const e = new ExpectedLines(gongs, undefined);
    const lots = gongs.table.levels.map((l) => l.prizeCents);
    for (let i = 0; i < 500; i++) {
      const line = e.line(i)!;
      const u = e.match(i, line)!;
      expect(u.level).toBe(u.prize === 0 ? lots.length : lots.indexOf(u.prize));
      expect(JSON.parse(line)).toMatchObject({ index: i, prize_cents: u.prize });
    }
  });
});

/**
 * Edits of one line of an export, each a way a line can differ from the one regenerated: the
 * verdict read with the byte comparison must be the verdict of reading every line field by field.
 * The same JSON spaced or ordered otherwise, or a CRLF line end, still says the same unit to every
 * reader: such a line conforms, read field by field.
 */
const SAME_UNIT = new Set(['spaces after the colons', 'fields in another order', 'a carriage return at its end']);
const EDITS: readonly [string, (line: string) => string][] = [
  ['a lot written 2e2', (l) => l.replace(/"prize_cents":(\d+)/, '"prize_cents":$1e0')],
  ['a lot written with a fraction', (l) => l.replace(/"prize_cents":(\d+)/, '"prize_cents":$1.0')],
  ['spaces after the colons', (l) => l.replace(/":/g, '": ')],
  ['fields in another order', (l) => l.replace(/^\{"index":(\d+),("ref":"[^"]*"),/, '{$2,"index":$1,')],
  ['a reference with the letter O for a zero', (l) => l.replace(/-0/, '-O')],
  ['a reference in lower case', (l) => l.replace(/"ref":"([^"]*)"/, (_m, r: string) => `"ref":"${r.toLowerCase()}"`)],
  ['a symbol changed', (l) => l.replace(/"(nugget|pickaxe|candle|banknote|diamond|tiger|snake|sabre|lotus)"/, '"fan"')],
  ['a lot changed', (l) => l.replace(/"prize_cents":\d+/, '"prize_cents":300')],
  ['a key twice', (l) => l.replace(/\}$/, ',"index":0}')],
  ['a byte-order mark before the line', (l) => `\ufeff${l}`],
  ['a carriage return at its end', (l) => `${l}\r`],
  ['an empty line before it', (l) => `\n${l}`],
  ['the line removed', () => ''],
  ['the line twice', (l) => `${l}\n${l}`],
];

describe('a line compared with its regenerated line gets the verdict of a line read field by field', () => {
  for (const spec of [mine, gongs]) {
    const lines = exportHead(spec, 300);
    it(`${spec.game}: an untouched part of a block, the same result both ways (only its truncation reported)`, () => {
      expect(verifyExportText(text(lines))).toEqual(verifyExportText(text(lines), { readEveryLine: true }));
      expect(verifyExportText(text(lines)).discrepancies.map((d) => d.message)).toEqual([
        expect.stringMatching(/units/),
      ]);
    });
    for (const [name, edit] of EDITS)
      it(`${spec.game}: ${name}, the same result both ways`, () => {
        const k = 1 + lines.findIndex((l, i) => i > 0 && i > 100 && !l.includes('"prize_cents":0,'));
        const edited = [...lines];
        const changed = edit(edited[k]!);
        if (changed === '') edited.splice(k, 1);
        else edited[k] = changed;
        const fast = verifyExportText(text(edited));
        expect(fast).toEqual(verifyExportText(text(edited), { readEveryLine: true }));
        // the truncation of the 300-unit block is its one discrepancy, or the edit is one more
        expect(fast.discrepancyCount > 1).toBe(!SAME_UNIT.has(name));
      });
  }
});
