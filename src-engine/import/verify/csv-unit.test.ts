/**
 * A CSV row's fields are read as Papa Parse reads them, whether the row takes the quick way (plain
 * fields between commas) or Papa Parse itself: the same fields, or null for the same rows, over a
 * seeded space of short rows made of the characters either way treats apart. Seeded: a failure is
 * reproduced by running this file again.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvFields } from './csv-unit';

const SEED = 20_261_205;
const CASES = 20_000;

/** mulberry32: a small seeded generator, enough to draw cases. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Papa Parse's reading of one row, as the reader made it for every row before the quick way. */
function papaFields(line: string): string[] | null {
  const r = Papa.parse<string[]>(line, { header: false, skipEmptyLines: false });
  const row = r.data[0];
  if (r.errors.length > 0 || !Array.isArray(row)) return null;
  return row;
}

/** Plain characters and the comma. */
const PLAIN = ['a', '7', ' ', '-', ','];
/** The same, and every character Papa Parse reads otherwise: quote, line ends, other delimiters, BOM. */
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

  it(`${CASES} seeded rows of up to 12 characters get the same fields, or null for the same rows`, () => {
    const next = rng(SEED);
    let plain = 0;
    for (let n = 0; n < CASES; n++) {
      const chars = next() < 0.5 ? PLAIN : ALL;
      const length = Math.floor(next() * 13);
      let line = '';
      for (let k = 0; k < length; k++) line += chars[Math.floor(next() * chars.length)]!;
      if (line.includes(',') && !/["\r\n\t|;\x1e\x1f\uFEFF]/.test(line)) plain++;
      expect(csvFields(line), JSON.stringify(line)).toEqual(papaFields(line));
    }
    // both ways were drawn often: plain rows with commas, and rows Papa Parse reads itself
    expect(plain).toBeGreaterThan(CASES / 20);
    expect(CASES - plain).toBeGreaterThan(CASES / 20);
  });
});
