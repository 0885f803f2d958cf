import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NAME_MAX, removeLeftovers, temporaryPath, temporaryPrefix } from './temp-names';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'temp-names-'));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

describe('temporary names of atomic writes', () => {
  it('stay beside their target, hidden, within NAME_MAX for any legal name, multi-byte ones cut whole', () => {
    for (const name of ['out.csv', `${'r'.repeat(250)}.csv`, `${'é'.repeat(127)}`, `${'🎲'.repeat(63)}`]) {
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(NAME_MAX);
      const tmp = temporaryPath(join(dir, name), '4294967295-ffffffffffff');
      expect(dirname(tmp)).toBe(dir);
      expect(Buffer.byteLength(basename(tmp)), name).toBeLessThanOrEqual(NAME_MAX);
      expect(basename(tmp)).toMatch(/^\..+~[0-9a-f]{8}\.4294967295-ffffffffffff\.partial$/);
      // never half a character
      expect(basename(tmp)).not.toContain('\uFFFD');
      expect(Buffer.from(basename(tmp)).toString()).toBe(basename(tmp));
    }
  });

  it('keep two long names that cut alike apart by their hash', () => {
    const a = `${'x'.repeat(240)}-a.csv`;
    const b = `${'x'.repeat(240)}-b.csv`;
    expect(temporaryPrefix(a)).not.toBe(temporaryPrefix(b));
    expect(temporaryPrefix(a)).toBe(temporaryPrefix(a));
  });

  it('refuse a tag that is not <pid> or <pid>-<hex>, saying what it expects', () => {
    for (const tag of ['', 'abc', '12-XYZ', '12-', '12345678901', '1/2']) {
      expect(() => temporaryPath(join(dir, 'out.csv'), tag), tag).toThrow(
        `temporary file tag "${tag}" is not <pid> or <pid>-<hex>`,
      );
    }
  });

  it('removes only the leftovers of its target whose process is gone, and names them', async () => {
    const target = join(dir, 'out.csv');
    const dead = basename(temporaryPath(target, '999999999'));
    const deadTagged = basename(temporaryPath(target, '999999999-0a'));
    const live = basename(temporaryPath(target, String(process.pid)));
    const other = basename(temporaryPath(join(dir, 'other.csv'), '999999999'));
    const lookalike = `${basename(temporaryPath(target, '999999999'))}.bak`;
    for (const n of [dead, deadTagged, live, other, lookalike]) await writeFile(join(dir, n), 'half');
    expect((await removeLeftovers(target)).sort()).toEqual([dead, deadTagged].sort());
    expect((await readdir(dir)).sort()).toEqual([live, other, lookalike].sort());
  });

  it('removes nothing, and does not throw, when the folder cannot be read', async () => {
    expect(await removeLeftovers(join(dir, 'missing', 'out.csv'))).toEqual([]);
  });
});
