import { describe, expect, it, vi } from 'vitest';
import { checkpointText, journalExcerpt, readCheckpoint, treeOfRows, verifyJournal } from '@engine';
import type { JournalWork } from '@engine';
import { createBrowserApi } from './browser-api';
import type { BrowserEnv } from './browser-api';
import { journalOver } from './journal-idb';
import { journalKeyOver } from './journal-key-idb';
import { memoryJournalLines } from './journal-lines.fixture';
import { headInThread, memoryKeySlot } from './journal-key.fixture';

const AT = new Date('2026-12-05T01:00:00.000Z');
const work = (seed: number): JournalWork => ({
  kind: 'block-export',
  at: new Date(Date.UTC(2026, 11, 1, 9, 0, seed)).toISOString(),
  app: '0.1.0',
  generator: 'instant-lab-gen/2',
  inputs: { game: 'mine-d-or', stake_cents: 100, seed },
  outputs: { file: `b-${seed}.jsonl`, bytes: 100, sha256: 'ef'.repeat(32) },
});

describe('the browser build’s journal key', () => {
  it('is made once, its private half not extractable, and shown with keygen’s fingerprint', async () => {
    const slot = memoryKeySlot();
    const generate = vi.spyOn(crypto.subtle, 'generateKey');
    const key = journalKeyOver(slot, crypto.subtle, headInThread);
    const [a, b] = await Promise.all([key.publicKey(), key.publicKey()]);
    expect(a).toEqual(b);
    expect(slot.made).toBe(1);
    const pair = generate.mock.results[0]!.value as Promise<CryptoKeyPair>;
    expect((await pair).privateKey.extractable).toBe(false);
    expect(a.fingerprint).toMatch(/^[0-9a-f]{4}(:[0-9a-f]{4}){15}$/);
    // another page over the same slot finds the same key
    expect(await journalKeyOver(slot, crypto.subtle, headInThread).publicKey()).toEqual(a);
    generate.mockRestore();
  });

  it('signs checkpoints the engine reads, and the proofs of an excerpt lead to its root', async () => {
    const journal = journalOver(memoryJournalLines());
    for (let seed = 1; seed <= 5; seed++) await journal.append(work(seed));
    const key = journalKeyOver(memoryKeySlot(), crypto.subtle, headInThread, () => AT);
    const { text, checkpoint } = await key.checkpoint(journal);
    expect(readCheckpoint(checkpointText(checkpoint))).toMatchObject({
      size: 5,
      time: AT.toISOString(),
      fingerprint: (await key.publicKey()).fingerprint,
    });
    const rows = verifyJournal(text).rows;
    const excerpt = journalExcerpt(
      rows,
      { game: 'mine-d-or', stakeCents: 100, seeds: [2, 4] },
      {
        tree: treeOfRows(rows),
        checkpoint,
      },
    );
    expect(verifyJournal(excerpt).inclusion).toMatchObject({ size: 5, signed: true, included: 2 });
    // a signature by WebCrypto over other fields does not hold
    const forged = { ...checkpoint, size: 4 };
    const other = journalExcerpt(
      rows.slice(0, 4),
      { game: 'mine-d-or', stakeCents: 100, seeds: [2] },
      {
        tree: treeOfRows(rows.slice(0, 4)),
        checkpoint: forged,
      },
    );
    expect(verifyJournal(other).inclusion).toMatchObject({ signed: false });
  });

  it('is reached through the bridge, which takes no arguments for it', async () => {
    const lines = memoryJournalLines();
    const api = createBrowserApi({
      version: '1',
      journal: lines,
      journalKey: memoryKeySlot(),
      subtle: crypto.subtle,
      journalHead: headInThread,
    } as unknown as BrowserEnv);
    await api.journalAppend(work(1));
    const { text, checkpoint } = await api.journalCheckpoint();
    expect(text).toBe(lines.lines.join(''));
    expect(checkpoint.fingerprint).toBe((await api.journalKey()).fingerprint);
    await expect((api.journalCheckpoint as (...a: unknown[]) => Promise<unknown>)(5, 'root')).rejects.toThrow(
      /instantLab\.journalCheckpoint: invalid request/,
    );
  });
});
