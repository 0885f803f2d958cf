/**
 * The export of the largest official block through the Python checker, apart from `export.test.ts`
 * so that the two files run side by side (each is a core's work for about a minute).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from './test-support/run-cli';
import { independentCheck as check } from './test-support/independent-check';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-export-mine-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('export + independent checker in Python (R4)', () => {
  // golden: Mine d'or's whole block through the checker, with its strict reading (M6)
  it('R4, M6: a whole Mine d’or 1 € block of the strict reading agrees unit by unit with the Python checker', async () => {
    const out = join(dir, 'mine.jsonl');
    const r = await cli('export', '--game', 'mine-d-or', '--stake', '1', '--seed', '2011', '--m6-strict', '--out', out);
    expect(r.code).toBe(0);
    const head = (await readFile(out, 'utf8')).slice(0, 400).split('\n');
    expect(JSON.parse(head[0]!)).toMatchObject({ generator: 'instant-lab-gen/2', m6_reading: 'strict' });
    expect(head[1]).toMatch(/"ref":"MINE-100-00001YV-0000-V2S-[0-9A-Z]{2}"/);
    const c = await check(out);
    expect(c.stderr).toBe('');
    const sim = await cli(
      'simulate',
      ...['--game', 'mine-d-or', '--stake', '1', '--seed', '2011', '--m6-strict', '--workers', '1', '--json'],
    );
    const digest = (JSON.parse(sim.stdout) as { blocks: { digest: string }[] }).blocks[0]!.digest;
    expect(c.stdout.trim()).toBe(`independent check: 1000000 units, 0 mismatches, levels ok, digest ${digest}`);
    expect(c.code).toBe(0);
    await rm(out);
    // a whole block exported and re-derived in Python: about 40 s alone, more on a loaded machine
  }, 420_000);
});
