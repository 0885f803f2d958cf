/**
 * Windows answers a create that races with a delete by EPERM, not EEXIST. The lock reads EPERM on a
 * lock that exists as « held » (it waits its turn) and EPERM on a lock that does not as a folder it
 * may not write to (one line). Linux never answers so: the create is made to, here.
 */
import { existsSync, unlinkSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as FsPromises from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/** While true, creating any lock file (`wx`) fails as Windows fails it. */
let windowsRefuses = false;
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof FsPromises>();
  return {
    ...fs,
    open: ((path: string, flags?: string, mode?: number) => {
      if (windowsRefuses && flags === 'wx')
        return Promise.reject(
          Object.assign(new Error(`EPERM: operation not permitted, open '${path}'`), { code: 'EPERM' }),
        );
      return fs.open(path, flags, mode);
    }) as typeof fs.open,
  };
});
const { lockJournal } = await import('./journal-lock');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-lock-eperm-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
const fail = (why: string) => new Error(why);

describe('a lock refused with EPERM, as on Windows', () => {
  it('while the lock exists: held, waited for; once it is gone, taken', async () => {
    const journal = join(dir, 'j.jsonl');
    const lock = `${journal}.lock`;
    await writeFile(lock, JSON.stringify({ pid: process.pid, host: hostname(), token: 'other' }) + '\n');
    windowsRefuses = true;
    const waits: number[] = [];
    const release = await lockJournal(
      journal,
      {
        waitMs: 10_000,
        // the holder lets go (at once, not racing the next attempt) after the first wait
        onWait: (attempt) => {
          waits.push(attempt);
          windowsRefuses = false;
          unlinkSync(lock);
        },
      },
      fail,
    );
    expect(waits).toEqual([0]);
    expect(existsSync(lock)).toBe(true);
    await release();
    expect(existsSync(lock)).toBe(false);
  });

  it('while no lock exists: a folder that cannot be written, said in one line', async () => {
    windowsRefuses = true;
    try {
      await expect(lockJournal(join(dir, 'k.jsonl'), { waitMs: 100 }, fail)).rejects.toThrow(
        /^cannot create the lock ".*k\.jsonl\.lock" beside --journal ".*k\.jsonl": permission denied \(its folder must be writable\)/,
      );
    } finally {
      windowsRefuses = false;
    }
  });
});
