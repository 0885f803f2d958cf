/**
 * A CSV row's fields are read one way: as Papa Parse reads them with the export's comma and line
 * end named, whether the row takes the quick way (plain fields between commas) or Papa Parse itself:
 * the same fields, or null for the same rows, over a seeded space of short rows made of the
 * characters either way could treat apart. Seeded: a failure is reproduced by running this file again.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { UnitStream } from '../../random/mix';
import { csvFields } from './csv-unit';

const SEED = 20_261_205;
const CASES = 20_000;

/** Papa Parse's reading of one row, with the delimiter and line end of the export named; null if not one row. */
function papaFields(line: string): string[] | null {
  const r = Papa.parse<string[]>(line, { delimiter: ',', newline: '\n', header: false, skipEmptyLines: false });
  const row = r.data[0];
  if (r.errors.length > 0 || r.data.length !== 1 || !Array.isArray(row)) return null;
  return row;
}

/** Plain characters and the comma. */
const PLAIN = ['a', '7', ' ', '-', ','];
/** The same, and every character Papa Parse could read otherwise: quote, line ends, the delimiters it guesses, BOM. */
const ALL = [...PLAIN, ',', '"', '\r', '\n', '\t', '|', ';', '\x1e', '\x1f', '\uFEFF'];

describe('csvFields reads a row as Papa Parse does', () => {
  it('export rows of both games, plain or quoted', () => {
    const rows = [
      '0,GONG-050-0000042-0000-V2-A1,0,DRAGON,TIGRE,PHENIX,,,',
      '12,GONG-050-0000042-0012-V2-A1,300,DRAGON,DRAGON,DRAGON,100,200,0',
      '0,MINE-100-00001YV-0000-V2S-AB,0,a b c d e f g h i,0,,,',
      '"0","x, y",3',
      'a,,b,',
    ];
    for (const row of rows) expect(csvFields(row), row).toEqual(papaFields(row));
    expect(csvFields('12,GONG-050-0000042-0012-V2-A1,300,DRAGON,DRAGON,DRAGON,100,200,0')).toHaveLength(9);
  });

  it('a row is split at its commas only: never at a delimiter or line end guessed from its characters', () => {
    // left to guess, Papa Parse split these at `;`, at a tab, or refused them as undetectable
    expect(csvFields('a;b;c')).toEqual(['a;b;c']);
    expect(csvFields('0;GONG-050-0000042-0000-V2-A1;0')).toEqual(['0;GONG-050-0000042-0000-V2-A1;0']);
    expect(csvFields('";,;"')).toEqual([';,;']);
    expect(csvFields('a\tb,c')).toEqual(['a\tb', 'c']);
    expect(csvFields('a\rb,c')).toEqual(['a\rb', 'c']);
    expect(csvFields('"a,b')).toBeNull();
    // two rows are not one
    expect(csvFields('a,b\nc,d')).toBeNull();
  });

  it(`${CASES} seeded rows of up to 12 characters get the same fields, or null for the same rows`, () => {
    // the engine's own seeded stream (mulberry32), as a unit's draws
    const stream = new UnitStream();
    stream.reseed(SEED, 0);
    const next = () => stream.next() / 4294967296;
    let plain = 0;
    for (let n = 0; n < CASES; n++) {
      const chars = next() < 0.5 ? PLAIN : ALL;
      const length = Math.floor(next() * 13);
      let line = '';
      for (let k = 0; k < length; k++) line += chars[Math.floor(next() * chars.length)]!;
      if (line.includes(',') && !/["\n\uFEFF]/.test(line)) plain++;
      expect(csvFields(line), JSON.stringify(line)).toEqual(papaFields(line));
    }
    // both ways were drawn often: plain rows with commas, and rows Papa Parse reads itself
    expect(plain).toBeGreaterThan(CASES / 20);
    expect(CASES - plain).toBeGreaterThan(CASES / 20);
  });
});
