import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { bytesToHex } from '@noble/hashes/utils.js';
import { entryLine, journalTree, nextEntry, verifyJournal } from '@engine';
import type { JournalTip, JournalWork } from '@engine';
import { JournalHasher } from './journal-hasher';
import { HeldJournalWorker, startBundledWorker } from './test-support/journal-worker';

const work = (i: number): JournalWork => ({
  kind: 'block-export',
  at: new Date(Date.UTC(2026, 11, 1, 9, 0, i % 60)).toISOString(),
  app: '0.1.0',
  generator: 'instant-lab-gen/2',
  inputs: { game: 'mine-d-or', stake_cents: 100, seed: i },
  outputs: { file: `b-${i}.jsonl`, bytes: 100 + i, sha256: 'ef'.repeat(32) },
});

function journalOf(n: number): string {
  const out: string[] = [];
  let tip: JournalTip | null = null;
  for (let i = 0; i < n; i++) {
    const e = nextEntry(tip, work(i));
    out.push(entryLine(e));
    tip = e;
  }
  return out.join('');
}

const opened: JournalHasher[] = [];
const hasherOver = (start: () => Worker): JournalHasher => {
  const h = new JournalHasher(start);
  opened.push(h);
  return h;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((h) => h.close()));
});

describe('the journal hashed in main’s worker thread', () => {
  it('gives the tip and the head the engine computes in one thread', async () => {
    const text = journalOf(40);
    const bytes = Buffer.from(text, 'utf8');
    const hasher = hasherOver(startBundledWorker);
    const tree = journalTree(bytes);
    expect(await hasher.head(text)).toEqual({ size: 40, root: bytesToHex(tree.root) });
    expect(await hasher.tip(bytes)).toEqual(verifyJournal(bytes).tip);
    expect(await hasher.tip(new Uint8Array())).toBeNull();
    // the caller's bytes are its own still (a copy crossed to the thread)
    expect(bytes.length).toBe(text.length);
  });

  it('leaves main’s event loop free while a 50,000-entry journal is hashed', async () => {
    const text = journalOf(50_000);
    const held = new HeldJournalWorker();
    const hasher = hasherOver(held.start);
    let settled = false;
    const head = hasher.head(text).finally(() => (settled = true));
    // the request is in the worker thread, held there: main goes on
    await held.reached();
    await new Promise((tick) => setTimeout(tick, 0));
    const answered = await new Promise<string>((answer) => setImmediate(() => answer('answered')));
    expect(answered).toBe('answered');
    expect(settled).toBe(false);
    held.open();
    expect(await head).toEqual({ size: 50_000, root: bytesToHex(journalTree(Buffer.from(text, 'utf8')).root) });
  });

  it('fails a call with one message when its thread fails, and starts a new thread for the next', async () => {
    let started = 0;
    const hasher = hasherOver(() => {
      started++;
      return started === 1
        ? new Worker(`throw new Error('the thread could not load')`, { eval: true })
        : startBundledWorker();
    });
    await expect(hasher.head('')).rejects.toThrow(
      'The journal could not be hashed in its worker thread: the thread could not load',
    );
    expect(await hasher.head('')).toMatchObject({ size: 0 });
    expect(started).toBe(2);
  });

  it('fails a call, never leaves it unanswered, when the thread ends without answering', async () => {
    const hasher = hasherOver(
      () =>
        new Worker(`require('node:worker_threads').parentPort.once('message', () => process.exit(0))`, { eval: true }),
    );
    await expect(hasher.tip(new Uint8Array())).rejects.toThrow(
      'The journal could not be hashed in its worker thread: the thread stopped (exit code 0)',
    );
  });

  it('refuses an answer outside the protocol', async () => {
    const hasher = hasherOver(
      () =>
        new Worker(
          `const { parentPort } = require('node:worker_threads');
           parentPort.postMessage({ type: 'ready' });
           parentPort.on('message', (m) => parentPort.postMessage({ id: m.id, type: 'done', output: { size: -1, root: 'x' } }));`,
          { eval: true },
        ),
    );
    await expect(hasher.head('')).rejects.toThrow(/The journal could not be hashed in its worker thread: .*size/s);
  });
});
