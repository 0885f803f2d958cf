import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SaveSessionManager, atomicWriteFile, partialPathFor } from './atomic-write';
import { NAME_MAX, temporaryPath } from '@shared/node/temp-names';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-atomic-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('atomicWriteFile', () => {
  it('writes a string and leaves no temp file', async () => {
    const target = join(dir, 'out.csv');
    await atomicWriteFile(target, 'a;b\n1;2\n');
    expect(await readFile(target, 'utf8')).toBe('a;b\n1;2\n');
    expect(await readdir(dir)).toEqual(['out.csv']);
  });

  it('writes bytes', async () => {
    const target = join(dir, 'out.bin');
    await atomicWriteFile(target, new Uint8Array([0, 1, 2, 255]));
    expect([...(await readFile(target))]).toEqual([0, 1, 2, 255]);
  });

  it('replaces an existing file in one step', async () => {
    const target = join(dir, 'settings.json');
    await writeFile(target, 'old');
    await atomicWriteFile(target, 'new');
    expect(await readFile(target, 'utf8')).toBe('new');
    expect(await readdir(dir)).toEqual(['settings.json']);
  });

  it('leaves no target and no temp file when the write fails', async () => {
    const target = join(dir, 'out.csv');
    // A Symbol is not writable data: writeFile throws after the temp file was opened.
    await expect(atomicWriteFile(target, Symbol('bad') as unknown as string)).rejects.toThrow();
    expect(await readdir(dir)).toEqual([]);
  });

  it('keeps the previous content when the rename fails', async () => {
    // Target is a non-empty directory: rename fails, the directory must be untouched.
    const target = join(dir, 'busy');
    await writeFile(join(dir, 'keep.txt'), 'x');
    await import('node:fs/promises').then((fs) => fs.mkdir(target));
    await writeFile(join(target, 'inside'), 'y');
    await expect(atomicWriteFile(target, 'data')).rejects.toThrow();
    expect((await readdir(dir)).sort()).toEqual(['busy', 'keep.txt']);
    expect(await readFile(join(target, 'inside'), 'utf8')).toBe('y');
  });

  it('fails cleanly when the folder does not exist', async () => {
    await expect(atomicWriteFile(join(dir, 'missing', 'x.csv'), 'a')).rejects.toThrow(/ENOENT/);
  });

  it('names temp files .<target>~<hash>.<pid>-<random>.partial', () => {
    const a = partialPathFor('/x/out.csv');
    expect(a).toMatch(new RegExp(`^/x/\\.out\\.csv~[0-9a-f]{8}\\.${process.pid}-[0-9a-f]{12}\\.partial$`));
    expect(partialPathFor('/x/out.csv')).not.toBe(a);
  });

  it('writes a legal 250-character name: the temporary name never goes over NAME_MAX', async () => {
    const name = `${'r'.repeat(245)}.json`;
    expect(Buffer.byteLength(basename(partialPathFor(join(dir, name))))).toBeLessThanOrEqual(NAME_MAX);
    await atomicWriteFile(join(dir, name), '{}');
    expect(await readdir(dir)).toEqual([name]);
  });

  it('removes the leftovers of a killed run of the same target, never those of a live process', async () => {
    const target = join(dir, 'out.csv');
    const dead = temporaryPath(target, '999999999-abc');
    const live = temporaryPath(target, `${process.pid}-abc`);
    const other = temporaryPath(join(dir, 'other.csv'), '999999999-abc');
    for (const p of [dead, live, other]) await writeFile(p, 'half');
    await atomicWriteFile(target, 'new');
    expect((await readdir(dir)).sort()).toEqual([basename(live), basename(other), 'out.csv'].sort());
  });
});

describe('SaveSessionManager', () => {
  it('streams chunks in order and only shows the file on commit', async () => {
    const sessions = new SaveSessionManager();
    const target = join(dir, 'big.csv');
    const handle = await sessions.begin(target, 1);
    expect(handle).toMatch(/^[0-9a-f-]{36}$/);
    // Not awaited one by one, on purpose: order must still hold.
    await Promise.all(Array.from({ length: 200 }, (_, i) => sessions.append(handle, 1, `line ${i}\n`)));
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\.big\.csv~[0-9a-f]{8}\.\d+-[0-9a-f]{12}\.partial$/);
    await expect(sessions.commit(handle, 1)).resolves.toBe(target);
    expect(await readdir(dir)).toEqual(['big.csv']);
    const lines = (await readFile(target, 'utf8')).trimEnd().split('\n');
    expect(lines).toEqual(Array.from({ length: 200 }, (_, i) => `line ${i}`));
    expect(sessions.size).toBe(0);
  });

  it('abort leaves no file at all', async () => {
    const sessions = new SaveSessionManager();
    const handle = await sessions.begin(join(dir, 'cancelled.csv'), 1);
    await sessions.append(handle, 1, 'partial data\n');
    await sessions.abort(handle, 1);
    expect(await readdir(dir)).toEqual([]);
    await expect(sessions.append(handle, 1, 'more')).rejects.toThrow('Unknown or finished export handle.');
    await expect(sessions.commit(handle, 1)).rejects.toThrow('Unknown or finished export handle.');
  });

  it('keeps an existing file intact until commit, then replaces it', async () => {
    const sessions = new SaveSessionManager();
    const target = join(dir, 'report.csv');
    await writeFile(target, 'previous export');
    const handle = await sessions.begin(target, 1);
    await sessions.append(handle, 1, 'new export');
    expect(await readFile(target, 'utf8')).toBe('previous export');
    await sessions.commit(handle, 1);
    expect(await readFile(target, 'utf8')).toBe('new export');
  });

  it('refuses handles owned by another webContents', async () => {
    const sessions = new SaveSessionManager();
    const handle = await sessions.begin(join(dir, 'mine.csv'), 1);
    await expect(sessions.append(handle, 2, 'x')).rejects.toThrow('Unknown or finished export handle.');
    await sessions.abort(handle, 2); // ignored
    expect(sessions.size).toBe(1);
    await sessions.abortAllOf(1);
    expect(sessions.size).toBe(0);
    expect(await readdir(dir)).toEqual([]);
  });

  it('a write over the size limit aborts the session and deletes the temp file', async () => {
    const sessions = new SaveSessionManager({ maxBytes: 10 });
    const handle = await sessions.begin(join(dir, 'huge.csv'), 1);
    await sessions.append(handle, 1, '12345');
    await expect(sessions.append(handle, 1, '123456')).rejects.toThrow(/limit/);
    expect(await readdir(dir)).toEqual([]);
    expect(sessions.size).toBe(0);
  });

  it('limits concurrent sessions', async () => {
    const sessions = new SaveSessionManager({ maxSessions: 1 });
    await sessions.begin(join(dir, 'a.csv'), 1);
    await expect(sessions.begin(join(dir, 'b.csv'), 1)).rejects.toThrow(/Too many exports/);
    await sessions.abortAll();
    expect(await readdir(dir)).toEqual([]);
  });

  it('a failed commit leaves no target and no temp file', async () => {
    const sessions = new SaveSessionManager();
    const target = join(dir, 'gone', 'x.csv');
    await import('node:fs/promises').then((fs) => fs.mkdir(join(dir, 'gone')));
    const handle = await sessions.begin(target, 1);
    await sessions.append(handle, 1, 'data');
    await rm(join(dir, 'gone'), { recursive: true, force: true }); // folder vanishes mid-export
    await expect(sessions.commit(handle, 1)).rejects.toThrow();
    expect(await readdir(dir)).toEqual([]);
  });
});
