import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officialBlock } from '@engine';
import { cli } from './test-support/run-cli';
import { EXPORT_CHUNK, exportLinesText } from './export-range';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-export-range-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('export on the workers', () => {
  it('writes the same bytes on one worker and on three, the chunks in index order', async () => {
    const files: Buffer[] = [];
    for (const [workers, ext] of [
      ['1', 'jsonl'],
      ['3', 'jsonl'],
      ['1', 'csv'],
      ['3', 'csv'],
    ] as const) {
      const out = join(dir, `gongs-${workers}.${ext}`);
      const r = await cli(
        'export',
        '--game',
        'les-3-gongs',
        '--stake',
        '2',
        '--seed',
        '9',
        '--workers',
        workers,
        '--out',
        out,
      );
      expect(r.code).toBe(0);
      files.push(await readFile(out));
    }
    expect(files[1]!.equals(files[0]!)).toBe(true);
    expect(files[3]!.equals(files[2]!)).toBe(true);
    // a chunk's lines, at a chunk boundary, as the export writes them in order
    const spec = officialBlock('les-3-gongs', 200, 9);
    const jsonl = files[0]!.toString('utf8').split('\n');
    expect(exportLinesText(spec, undefined, false, 'jsonl', EXPORT_CHUNK, EXPORT_CHUNK + 2)).toBe(
      `${jsonl[1 + EXPORT_CHUNK]}\n${jsonl[2 + EXPORT_CHUNK]}\n`,
    );
  }, 240_000);
});
