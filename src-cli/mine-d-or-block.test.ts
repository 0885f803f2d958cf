/**
 * The largest official block, 1,000,000 Mine d'or units, made once and read whole by the two
 * readers whose golden tests need it: the independent checker in Python and `verify`. One CSV
 * export serves both (each reader's lines in both formats are the conformance corpus's, small).
 */
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvColumns } from '@engine';
import { cli } from './test-support/run-cli';
import type { CliRun } from './test-support/run-cli';
import { independentCheck as check } from './test-support/independent-check';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-mine-block-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Mine d'or at 1 €, seed 2011, of M6's strict reading, exported once as CSV by the command line. */
const BLOCK = ['--game', 'mine-d-or', '--stake', '1', '--seed', '2011', '--m6-strict'];
let exported: Promise<{ file: string; run: CliRun }> | null = null;
const exportedBlock = (): Promise<{ file: string; run: CliRun }> =>
  (exported ??= (async () => {
    const file = join(dir, 'mine.csv');
    return { file, run: await cli('export', ...BLOCK, '--out', file) };
  })());

describe('the largest official block, read whole', () => {
  // golden: Mine d'or's whole block through the checker, with its strict reading (M6): its level
  // counts are the table's and its digest the engine's only over the whole block
  it('R4, M6: a whole Mine d’or 1 € block of the strict reading agrees unit by unit with the Python checker', async () => {
    const { file, run } = await exportedBlock();
    expect(run.code, run.stderr).toBe(0);
    // its first 400 bytes hold the two lines read: the 1,000,000-unit file is not read whole
    const fh = await open(file);
    const { buffer, bytesRead } = await fh.read(Buffer.alloc(400), 0, 400, 0).finally(() => fh.close());
    const head = buffer.subarray(0, bytesRead).toString('utf8').split('\n');
    expect(head[0]).toBe(csvColumns('mine-d-or').join(','));
    expect(head[1]).toMatch(/^0,MINE-100-00001YV-0000-V2S-[0-9A-Z]{2},/);
    const c = await check(file);
    expect(c.stderr).toBe('');
    const sim = await cli('simulate', ...BLOCK, '--workers', '1', '--json');
    const digest = (JSON.parse(sim.stdout) as { blocks: { digest: string }[] }).blocks[0]!.digest;
    expect(c.stdout.trim()).toBe(`independent check: 1000000 units, 0 mismatches, levels ok, digest ${digest}`);
    expect(c.code).toBe(0);
    // a whole block re-derived in Python: about 40 s alone, more on a loaded machine
  }, 420_000);

  // golden: the largest official block through the command line's CSV reader, to its verdict
  it("verify: a clean Mine d'or CSV export exits 0", async () => {
    const { file, run } = await exportedBlock();
    expect(run.code, run.stderr).toBe(0);
    const ok = await cli('verify', file, '--json');
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ verdict: 'conforming', game: 'mine-d-or', unitsVerified: 1_000_000 });
  }, 400_000);
});
