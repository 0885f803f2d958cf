/**
 * `replay --journal`: the evidence printed is journaled before it is shown, so a journal that cannot
 * take the entry leaves nothing on standard output that the journal does not hold.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatUnitRef } from '@engine';
import { cli } from './test-support/run-cli';
import type * as JournalFile from './journal-file';

// the append refused after the journal was checked, as when another program holds its lock too long or
// the disk is full (appendJournal's own refusal, a usage error of one line)
vi.mock('./journal-file', async (original) => {
  const { UsageError } = await import('./errors');
  return {
    ...(await original<typeof JournalFile>()),
    appendJournal: vi.fn(() =>
      Promise.reject(new UsageError('--journal "j.jsonl": the entry was not appended: no space left on device')),
    ),
  };
});

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-replay-journal-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('replay --journal when the entry cannot be written', () => {
  const ref = formatUnitRef({ game: 'les-3-gongs', stakeCents: 50, seed: 7, index: 11, generatorVersion: 2 });

  it.each([['--json'], []])('prints nothing of the evidence %s, and says why on one line', async (...flags) => {
    const r = await cli('replay', ref, ...flags, '--journal', join(dir, 'j.jsonl'));
    expect(r.code).not.toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('without --journal the evidence is printed as before', async () => {
    const r = await cli('replay', ref, '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ref });
  });
});
