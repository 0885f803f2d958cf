/**
 * An output and its journal entry are made together (`commitJournaled`): the entry first, then the
 * output under its name, with SIGINT/SIGTERM held between them. The signal is emitted in the
 * process and `process.exit` held too, so each step is reached without racing a real signal.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyJournal } from '@engine';
import type { JournalWork } from '@engine';
import { AtomicWriter, holdingSignals } from './atomic-file';
import { commitJournaled } from './journal-file';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-journal-commit-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const work: JournalWork = {
  kind: 'export-verified',
  at: '2026-12-01T09:00:00.000Z',
  app: '0.1.0',
  generator: null,
  inputs: { file: 'x.jsonl', bytes: 6, sha256: 'cd'.repeat(32) },
  outputs: { verdict: 'not-an-export', discrepancies: 0 },
};

/** process.exit held: the code it was asked for, or null. */
function holdExit(): { code: () => number | null } {
  let code: number | null = null;
  vi.spyOn(process, 'exit').mockImplementation(((c?: number) => {
    code ??= c ?? 0;
  }) as never);
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  return { code: () => code };
}

describe('an output and its journal entry: both or neither', () => {
  it('SIGTERM while the entry is appended is acted on once the report is under its name too', async () => {
    const exit = holdExit();
    const target = join(dir, 'r.html');
    const journal = join(dir, 'j.jsonl');
    const out = await AtomicWriter.open(target);
    await out.write('<p>report</p>');
    const entry = await commitJournaled(out, journal, work);
    expect(entry?.seq).toBe(1);
    // now the same with the signal in the middle of the held step
    const target2 = join(dir, 'r2.html');
    const out2 = await AtomicWriter.open(target2);
    await out2.write('<p>report 2</p>');
    await holdingSignals(async () => {
      process.emit('SIGTERM');
      expect(exit.code(), 'not acted on within the step').toBeNull();
      return commitJournaled(out2, journal, { ...work, at: '2026-12-01T09:00:01.000Z' });
    }, 'both written');
    expect(exit.code()).toBe(143);
    expect(await readFile(target2, 'utf8')).toBe('<p>report 2</p>');
    const v = verifyJournal(await readFile(journal));
    expect(v.ok).toBe(true);
    expect(v.rows).toHaveLength(2);
    expect(process.stderr.write).toHaveBeenCalledWith(expect.stringContaining('interrupted (SIGTERM): both written'));
  });

  it('a journal that cannot be appended to leaves no report, said in one line; never an empty journal', async () => {
    holdExit();
    const target = join(dir, 'r3.html');
    const journal = join(dir, 'broken.jsonl');
    await writeFile(journal, 'not a journal\n');
    const out = await AtomicWriter.open(target);
    await out.write('<p>report 3</p>');
    await expect(commitJournaled(out, journal, work)).rejects.toThrow(
      new RegExp(`does not verify .*; so "${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" was not written either$`),
    );
    expect(existsSync(target)).toBe(false);
    expect((await readdir(dir)).filter((n) => n.includes('r3.html'))).toEqual([]);
    expect(await readFile(journal, 'utf8')).toBe('not a journal\n');
  });

  it('SIGTERM outside a held step still removes the partial file at once', async () => {
    const exit = holdExit();
    const target = join(dir, 'r4.html');
    const out = await AtomicWriter.open(target);
    await out.write('partial');
    process.emit('SIGTERM');
    expect(exit.code()).toBe(143);
    expect((await readdir(dir)).filter((n) => n.includes('r4.html'))).toEqual([]);
    await out.abort();
  });
});
