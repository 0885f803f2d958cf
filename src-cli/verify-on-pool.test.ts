/**
 * `verify` on the pool against the line-by-line reading: files of several ranges (a range is what
 * lies up to the last line end of a 4 MiB read), the same verdict and SHA-256 both ways, whether
 * every range conforms (LF or CRLF) or lines are out of order across a range's end.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iterateUnits, jsonlHeader, jsonlUnit, officialBlock, refOf } from '@engine';
import type { JobPool } from '@shared/jobs/pool';
import { verifyFile } from './commands/verify';
import { threadPool } from './pool';
import { RANGE_BYTES } from './verify-on-pool';

let dir = '';
let pool: JobPool;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-verify-pool-'));
  pool = threadPool(2);
});
afterAll(async () => {
  await pool.close();
  await rm(dir, { recursive: true, force: true });
});

const spec = officialBlock('mine-d-or', 100, 7);
/** The header and the first 50,000 unit lines of a Mine d'or block: about 10 MB, three ranges. */
const lines = [jsonlHeader(spec)];
iterateUnits(spec, 0, 50_000, (i, prize, view) => lines.push(jsonlUnit(i, refOf(spec, i), prize, view)));

async function bothWays(name: string, text: string) {
  const file = join(dir, name);
  await writeFile(file, text);
  const progress: number[] = [];
  const onPool = await verifyFile(file, pool, (p) => progress.push(p.units));
  const alone = await verifyFile(file);
  expect(onPool).toEqual(alone);
  return { verdict: onPool, progress };
}

describe('verify on the pool', () => {
  it('reads a file of several ranges as the line-by-line reading does, LF or CRLF', async () => {
    const text = `${lines.join('\n')}\n`;
    expect(text.length).toBeGreaterThan(2 * RANGE_BYTES);
    for (const [name, t] of [
      ['lf.jsonl', text],
      ['crlf.jsonl', text.replaceAll('\n', '\r\n')],
    ] as const) {
      const { verdict, progress } = await bothWays(name, t);
      // the prefix of a block: every unit equal to its own, the file cut short
      expect(verdict.result).toMatchObject({ verdict: 'not-conforming', unitsVerified: 50_000, discrepancyCount: 1 });
      expect(verdict.result.discrepancies[0]!.message).toMatch(/^the file ends after 50,000 units/);
      // the workers' ranges, recorded in order: the pool path ran, range after range
      expect(progress.length).toBeGreaterThanOrEqual(3);
      expect(progress.at(-1)).toBe(50_000);
    }
  }, 120_000);

  it('names lines swapped across the end of a range as the line-by-line reading does', async () => {
    // the line ending the first range and the one starting the next, swapped
    let at = 0;
    let k = 0;
    while (at + lines[k]!.length + 1 <= RANGE_BYTES) at += lines[k++]!.length + 1;
    const swapped = [...lines];
    [swapped[k - 1], swapped[k]] = [swapped[k]!, swapped[k - 1]!];
    const { verdict, progress } = await bothWays('swapped.jsonl', `${swapped.join('\n')}\n`);
    expect(verdict.result.verdict).toBe('not-conforming');
    expect(verdict.result.discrepancies.map((d) => d.line)).toContain(k);
    // read again line by line: no range was recorded
    expect(progress).toEqual([]);
  }, 120_000);
});
