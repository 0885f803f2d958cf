import { describe, expect, it } from 'vitest';
import { parseEmissionManifest } from './manifest';

const SHA = 'ab'.repeat(32);
const text = (files: unknown, more: Record<string, unknown> = {}): string =>
  JSON.stringify({ format: 'instant-lab-emission/1', emission: 'EM-1', files, ...more });

describe('emission manifest', () => {
  it('reads the emission, each file with its SHA-256 and seed (null when not declared)', () => {
    expect(
      parseEmissionManifest(
        text([
          { file: 'x/a.jsonl', sha256: SHA, seed: 12 },
          { file: 'b.csv', sha256: SHA },
        ]),
      ),
    ).toEqual({
      ok: true,
      manifest: {
        emission: 'EM-1',
        files: [
          { file: 'x/a.jsonl', sha256: SHA, seed: 12 },
          { file: 'b.csv', sha256: SHA, seed: null },
        ],
      },
    });
  });

  it('names the field and what it expects, in both languages', () => {
    const bad = (t: string) => {
      const r = parseEmissionManifest(t);
      if (r.ok) throw new Error('accepted');
      return r;
    };
    expect(bad(text([{ file: 'a.jsonl', sha256: 'ABC' }])).message).toBe(
      'field "files[0].sha256": expected the file\'s SHA-256 as 64 lowercase hexadecimal digits',
    );
    expect(bad(text([{ file: '/etc/a.jsonl', sha256: SHA }])).fr).toMatch(
      /^champ "files\[0\]\.file" : attendu un chemin relatif/,
    );
    expect(bad(text([{ file: 'a.jsonl', sha256: SHA, seed: -1 }])).message).toMatch(
      /^field "files\[0\]\.seed": expected the block's seed/,
    );
    expect(bad(text([])).message).toMatch(/^field "files": expected a list of 1 to 10000 files/);
    expect(bad(text([{ file: 'a', sha256: SHA }], { format: 'other/1' })).message).toBe(
      'field "format": expected "instant-lab-emission/1"',
    );
    expect(bad(text([{ file: 'a', sha256: SHA }], { signed: true })).message).toMatch(/^field "signed" is unknown/);
    expect(bad('[1]').message).toBe('expected a JSON object {"format": "instant-lab-emission/1", "emission", "files"}');
    expect(bad('[1,').message).toMatch(/^not JSON read one way only/);
  });

  it('a seed is a whole number written one way: 2e2, 200.0 and -0 are refused, 200 is read', () => {
    const files = (seed: string) =>
      `{"format":"instant-lab-emission/1","emission":"EM-1","files":[{"file":"a.jsonl","sha256":"${SHA}","seed":${seed}}]}`;
    for (const seed of ['2e2', '200.0', '-0']) {
      const r = parseEmissionManifest(files(seed));
      expect(r.ok, seed).toBe(false);
      if (!r.ok) expect(r.message, seed).toMatch(/^not JSON read one way only/);
    }
    expect(parseEmissionManifest(files('200'))).toMatchObject({ ok: true, manifest: { files: [{ seed: 200 }] } });
  });
});
