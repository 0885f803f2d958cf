import { link, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseOutputOverInput } from './atomic-file';
import { cli } from './test-support/run-cli';

let dir = '';
let input = '';
const CONTENT = 'index,ref,prize_cents,gong_1,gong_2,gong_3,bonus_1_cents,bonus_2_cents,bonus_3_cents\n';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-out-in-'));
  input = join(dir, 'same.csv');
  await writeFile(input, CONTENT);
  await symlink(input, join(dir, 'link.csv'));
  await link(input, join(dir, 'hard.csv'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('an output never replaces an input', () => {
  it('the same path, a relative spelling of it, a symbolic link and a hard link to it are refused; another file is not', async () => {
    for (const target of [
      input,
      relative(process.cwd(), input),
      join(dir, 'link.csv'),
      join(dir, 'hard.csv'),
      join(dir, '.', 'same.csv'),
    ])
      await expect(refuseOutputOverInput(target, [{ flag: '', path: input }]), target).rejects.toThrow(
        /is the file read as the input .*: an output never replaces an input, even with --force/,
      );
    await expect(
      refuseOutputOverInput(join(dir, 'other.csv'), [{ flag: 'table', path: input }]),
    ).resolves.toBeUndefined();
    await expect(
      refuseOutputOverInput(join(dir, 'link.csv'), [{ flag: 'table', path: undefined }]),
    ).resolves.toBeUndefined();
  });

  it('verify same.csv --out same.csv --force exits 2 and leaves the export as it was', async () => {
    const r = await cli('verify', input, '--out', input, '--force');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: .*same\.csv" is the file read as the input .*even with --force/);
    expect(await readFile(input, 'utf8')).toBe(CONTENT);
    const viaLink = await cli('verify', input, '--out', join(dir, 'link.csv'), '--force');
    expect(viaLink.code).toBe(2);
    expect(viaLink.stderr).toMatch(/\(through a link\)/);
    expect(await readFile(input, 'utf8')).toBe(CONTENT);
  }, 120_000);
});
