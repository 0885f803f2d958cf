import { describe, expect, it } from 'vitest';
import { matchManifest } from './emission-block';

const sha = (c: string): string => c.repeat(64);

describe('matchManifest: the chosen files a manifest names, by file name', () => {
  it('takes each chosen file once, in the manifest’s order; a line no file answers is missing, a file no line names skipped', () => {
    const m = {
      emission: 'Lot 7',
      files: [
        { file: 'b.jsonl', sha256: sha('b'), seed: 2 },
        { file: 'lots/a.jsonl', sha256: sha('a'), seed: null },
        { file: 'autre/a.jsonl', sha256: sha('c'), seed: 3 },
        { file: 'd.csv', sha256: sha('d'), seed: 4 },
      ],
    };
    const r = matchManifest(m, ['a.jsonl', 'a.jsonl', 'b.jsonl', 'e.jsonl']);
    expect(r.files).toEqual([
      { declared: { file: 'b.jsonl', sha256: sha('b'), seed: 2 }, chosen: 2 },
      { declared: { file: 'lots/a.jsonl', sha256: sha('a'), seed: null }, chosen: 0 },
      { declared: { file: 'autre/a.jsonl', sha256: sha('c'), seed: 3 }, chosen: 1 },
    ]);
    expect(r.missing.map((x) => [x.file, x.why.fr])).toEqual([
      ['d.csv', 'listé par le manifeste, mais aucun fichier de ce nom n’a été donné (d.csv)'],
    ]);
    expect(r.skipped.map((x) => [x.file, x.why.message])).toEqual([
      ['e.jsonl', 'not listed by the manifest: not verified'],
    ]);
  });
});
