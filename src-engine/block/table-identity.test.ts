import { describe, expect, it } from 'vitest';
import { officialTable } from '../rules/load';
import { tableDigest, tableIdentity, tableLine } from './table-identity';

describe('table identity', () => {
  const official = officialTable('mine-d-or', 100);
  const edited = {
    ...official,
    source: 'RTP 68',
    levels: official.levels.map((l, i) => (i === 3 ? { ...l, lots: l.lots - 3755 } : l)),
  };

  it('names the official table official, by its article, and any other table a scenario, by its name', () => {
    expect(tableIdentity(official)).toMatchObject({ kind: 'official', name: official.source });
    expect(tableIdentity(edited)).toMatchObject({ kind: 'scenario', name: 'RTP 68' });
    // a scenario equal to the official table is the official table (same blocks, R1)
    expect(tableIdentity({ ...official, source: 'copie' }).kind).toBe('official');
  });

  it('digests the table, not its name: one lot more is another digest, a new name is not', () => {
    expect(tableDigest(official)).toMatch(/^[0-9a-f]{64}$/);
    expect(tableDigest(edited)).not.toBe(tableDigest(official));
    expect(tableDigest({ ...edited, source: 'autre nom' })).toBe(tableDigest(edited));
    expect(tableDigest(officialTable('mine-d-or', 50))).not.toBe(tableDigest(official));
  });

  it('prints one line naming the kind, the name and the whole digest', () => {
    expect(tableLine(tableIdentity(edited))).toBe(`scenario "RTP 68" sha256:${tableDigest(edited)}`);
    expect(tableLine(tableIdentity(official))).toBe(`official ${official.source} sha256:${tableDigest(official)}`);
  });
});
