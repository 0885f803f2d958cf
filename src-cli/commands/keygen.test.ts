import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../test-support/run-cli';

const dir = await mkdtemp(join(tmpdir(), 'il-keygen-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('keygen --out never puts the private key under a .pub name', () => {
  it('an --out ending in .pub is refused, with or without --force, and nothing is written', async () => {
    for (const extra of [[], ['--force']]) {
      const r = await cli('keygen', '--out', join(dir, 'k1.pub'), ...extra);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        /^error: --out ".*k1\.pub" ends in \.pub, but --out names the private key \(the public key goes to KEYFILE\.pub\): give the private key's name, e\.g\. --out .*k1 \(nothing was written\)\n$/,
      );
      expect(await readdir(dir)).toEqual([]);
    }
  });

  it('KEYFILE gets the private key, KEYFILE.pub the public one', async () => {
    const r = await cli('keygen', '--out', join(dir, 'k1'));
    expect(r.code).toBe(0);
    expect((await readdir(dir)).sort()).toEqual(['k1', 'k1.pub']);
  });
});
