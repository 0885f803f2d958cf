import { describe, expect, it } from 'vitest';
import { journalRepairWork, splitTorn, tornFileName } from './repair';
import { sha256Hex } from './entry';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('a torn journal tail', () => {
  it('is what follows the last end of line, with its line number', () => {
    expect(splitTorn(bytes('a\nb\n'))).toMatchObject({ torn: null, tornLine: null });
    const s = splitTorn(bytes('a\nb\n{"cut é'));
    expect(new TextDecoder().decode(s.whole)).toBe('a\nb\n');
    expect(new TextDecoder().decode(s.torn!)).toBe('{"cut é');
    expect(s.tornLine).toBe(3);
    expect(splitTorn(bytes('only'))).toMatchObject({ tornLine: 1 });
    expect(splitTorn(bytes(''))).toMatchObject({ torn: null });
  });

  it('is recorded by a repair entry naming its size, SHA-256 and the file that keeps it', () => {
    const torn = bytes('{"cut');
    const at = new Date('2026-12-01T23:30:00.000Z');
    expect(tornFileName(at, 1)).toBe('journal.torn-2026-12-01T23-30-00-000Z.txt');
    expect(tornFileName(at, 3)).toBe('journal.torn-2026-12-01T23-30-00-000Z-3.txt');
    expect(journalRepairWork(torn, 7, 'x.txt', 120, '0.1.0', at)).toEqual({
      kind: 'journal-repair',
      at: at.toISOString(),
      app: '0.1.0',
      generator: null,
      inputs: { torn_line: 7, torn_bytes: 5, torn_sha256: sha256Hex(torn) },
      outputs: { kept_as: 'x.txt', journal_cut_to_bytes: 120 },
    });
  });
});
