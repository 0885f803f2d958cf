/**
 * `verify` on the largest official block, apart from `verify.test.ts` so that the two files run side
 * by side (each is a core's work for about a minute).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from './test-support/run-cli';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-verify-mine-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('verify: exit 0 conforming, 1 not conforming, 2 not an export', () => {
  // golden: the largest official block, 1,000,000 units, through export and the CSV reader
  it("a clean Mine d'or CSV export exits 0", async () => {
    const file = join(dir, 'mine.csv');
    expect((await cli('export', '--game', 'mine-d-or', '--stake', '0.5', '--seed', '3', '--out', file)).code).toBe(0);
    const ok = await cli('verify', file, '--json');
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ verdict: 'conforming', game: 'mine-d-or', unitsVerified: 1_000_000 });
  }, 400_000);
});
