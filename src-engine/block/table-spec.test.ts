import { describe, expect, it } from 'vitest';
import {
  GENERATOR_VERSION,
  blockKey,
  blockSpecOfTable,
  isOfficialTable,
  officialBlock,
  officialTable,
  tableKey,
} from '../index';
import type { PrizeTable } from '../index';

const official = officialTable('les-3-gongs', 100);
const modified: PrizeTable = {
  ...official,
  source: 'my table',
  levels: official.levels.map((l, i) => (i === official.levels.length - 1 ? { ...l, lots: l.lots - 1 } : l)),
};

describe('blockSpecOfTable: one way from a table to its block (R1)', () => {
  it('a table equal to the official one, under any name, gives the official block', () => {
    const copy: PrizeTable = { ...official, source: 'renamed copy', levels: official.levels.map((l) => ({ ...l })) };
    expect(isOfficialTable(copy)).toBe(true);
    expect(blockSpecOfTable(copy, 42)).toEqual(officialBlock('les-3-gongs', 100, 42));
  });
  it('a modified table is not official and its block holds it', () => {
    expect(isOfficialTable(modified)).toBe(false);
    const spec = blockSpecOfTable(modified, 42);
    expect(spec.table).toBe(modified);
    expect(spec.seed).toBe(42);
    expect(spec.generatorVersion).toBe(GENERATOR_VERSION);
  });
  it('a table at a stake the rules do not sell (art. 2) is never official', () => {
    expect(isOfficialTable({ ...official, stakeCents: 150 })).toBe(false);
  });
});

describe('identity keys', () => {
  it('tables with the same lots share a key whatever their name; any change of lots changes it', () => {
    expect(tableKey({ ...official, source: 'x' })).toBe(tableKey(official));
    expect(tableKey(modified)).not.toBe(tableKey(official));
  });
  it('block keys differ by seed, version, game and table', () => {
    const a = officialBlock('les-3-gongs', 100, 7);
    expect(blockKey(a)).toBe(blockKey(officialBlock('les-3-gongs', 100, 7)));
    expect(blockKey(a)).not.toBe(blockKey(officialBlock('les-3-gongs', 100, 8)));
    expect(blockKey(a)).not.toBe(blockKey({ ...a, generatorVersion: 1 }));
    expect(blockKey(officialBlock('mine-d-or', 100, 7))).not.toBe(
      blockKey(officialBlock('mine-d-or', 100, 7, 2, true)),
    );
    expect(blockKey(a)).not.toBe(blockKey(officialBlock('mine-d-or', 100, 7)));
    expect(blockKey(a)).not.toBe(blockKey(blockSpecOfTable(modified, 7)));
  });
});
