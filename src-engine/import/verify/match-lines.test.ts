import { describe, expect, it } from 'vitest';
import { iterateUnits, jsonlUnit, officialBlock, refOf } from '../../index';
import type { BlockSpec } from '../../index';
import { asciiBytes } from '../../format/ascii-bytes';
import { RefWriter } from '../../ref/unit-ref';
import { ExpectedLines, EXPECTED_CHUNK } from './expected-lines';
import { matchLineRange } from './match-lines';

const mine = officialBlock('mine-d-or', 100, 7, 2);
const strict = officialBlock('mine-d-or', 50, 11, 2, true);
const gongs = officialBlock('les-3-gongs', 100, 3, 2);

/** Units [from, from + n) of a block, as the export writes their lines. */
function unitLines(spec: BlockSpec, from: number, n: number): string[] {
  const lines: string[] = [];
  iterateUnits(spec, from, from + n, (i, prize, view) => lines.push(jsonlUnit(i, refOf(spec, i), prize, view)));
  return lines;
}
const bytesOf = (lines: readonly string[], end = '\n'): Uint8Array => asciiBytes(lines.map((l) => l + end).join(''));

describe('a range of unit lines compared as bytes', () => {
  it('gives the first index and every level when each line is its unit’s, across a chunk boundary, LF or CRLF', () => {
    for (const spec of [mine, strict, gongs]) {
      const from = EXPECTED_CHUNK - 40;
      const lines = unitLines(spec, from, 80);
      const e = new ExpectedLines(spec, undefined);
      const levels = lines.map((l, k) => e.match(from + k, l)!.level);
      for (const end of ['\n', '\r\n'])
        expect(matchLineRange(spec, undefined, bytesOf(lines, end))).toEqual({
          firstIndex: from,
          levels: Uint8Array.from(levels),
        });
    }
  });

  it('compares Bonus amounts and several Extra stages byte for byte', () => {
    // the last Bonus amount's last digit (`…,c]}`), a letter of the last Extra stage's last symbol (`…x"]]}`)
    for (const [spec, shows, back] of [
      [gongs, (l: string) => !l.endsWith('"bonus_cents":null}'), 3],
      [mine, (l: string) => l.includes('"],["'), 5],
    ] as const) {
      const lines = unitLines(spec, 0, 2000);
      const shown = lines.findIndex(shows);
      expect(shown).toBeGreaterThanOrEqual(0);
      expect(matchLineRange(spec, undefined, bytesOf(lines))?.levels.length).toBe(2000);
      const line = lines[shown]!;
      const at = line.length - back;
      const changed = [...lines];
      changed[shown] = `${line.slice(0, at)}${line[at] === '1' ? '2' : '1'}${line.slice(at + 1)}`;
      expect(matchLineRange(spec, undefined, bytesOf(changed))).toBeNull();
    }
  });

  it('is null at any byte changed, a line missing, lines swapped, a last line without its end or a line end alone', () => {
    const lines = unitLines(mine, 500, 30);
    const good = bytesOf(lines);
    expect(matchLineRange(mine, undefined, good)).not.toBeNull();
    for (const at of [0, 10, 40, 100, good.length - 2]) {
      const b = good.slice();
      b[at] = b[at] === 0x30 ? 0x31 : 0x30;
      expect(matchLineRange(mine, undefined, b)).toBeNull();
    }
    expect(matchLineRange(mine, undefined, bytesOf([lines[0]!, ...lines.slice(2)]))).toBeNull();
    expect(matchLineRange(mine, undefined, bytesOf([lines[1]!, lines[0]!, ...lines.slice(2)]))).toBeNull();
    expect(matchLineRange(mine, undefined, good.subarray(0, good.length - 1))).toBeNull();
    expect(matchLineRange(mine, undefined, bytesOf([...lines, '']))).toBeNull();
    expect(matchLineRange(mine, undefined, bytesOf([` ${lines[0]!}`]))).toBeNull();
    // another block's lines (another seed) are not this block's
    expect(matchLineRange(officialBlock('mine-d-or', 100, 8, 2), undefined, good)).toBeNull();
  });

  it('reads each reference where it lies, the same text as the reference written', () => {
    for (const spec of [mine, strict, gongs]) {
      const w = new RefWriter(spec);
      for (const i of [0, 1, 31, 32, 1023, 1024, 99_999, spec.table.blockUnits - 1]) {
        const ref = w.ref(i);
        const b = asciiBytes(`x${ref}y`);
        expect(w.matchAt(b, 1, i)).toBe(1 + ref.length);
        // the reference of the next unit differs in its index and its check
        expect(w.matchAt(b, 1, i + 1)).toBe(-1);
        expect(w.matchAt(b.subarray(0, ref.length), 1, i)).toBe(-1);
      }
    }
  });
});
