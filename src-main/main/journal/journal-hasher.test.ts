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

  it('leaves main’s event loop free while a journal is hashed', async () => {
    // held in the worker thread until the test lets it go: the journal's size adds nothing
    const text = journalOf(1_000);
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
    expect(await head).toEqual({ size: 1_000, root: bytesToHex(journalTree(Buffer.from(text, 'utf8')).root) });
  });

  it('hashes in main’s thread when its worker cannot start, logs it once, and tries a worker again next call', async () => {
    const text = journalOf(12);
    const bytes = Buffer.from(text, 'utf8');
    let started = 0;
    const lines: string[] = [];
    const h = new JournalHasher(
      () => {
        started++;
        // a worker bundle that is not where the app looks for it (as a packaging fault would leave it)
        return new Worker(new URL('./no-such-journal-worker.js', import.meta.url));
      },
      (line) => lines.push(line),
    );
    opened.push(h);
    expect(await h.head(text)).toEqual({ size: 12, root: bytesToHex(journalTree(bytes).root) });
    expect(await h.tip(bytes)).toEqual(verifyJournal(bytes).tip);
    expect(started).toBe(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^The journal's worker thread failed \(.+\); the journal is hashed in the main thread instead/,
    );
  });

  it('hashes in main’s thread when its worker dies without answering, and uses a working worker the next call', async () => {
    let started = 0;
    const lines: string[] = [];
    const h = new JournalHasher(
      () => {
        started++;
        return started === 1
          ? new Worker(`require('node:worker_threads').parentPort.once('message', () => process.exit(0))`, {
              eval: true,
            })
          : startBundledWorker();
      },
      (line) => lines.push(line),
    );
    opened.push(h);
    const bytes = Buffer.from(journalOf(3), 'utf8');
    expect(await h.tip(bytes)).toEqual(verifyJournal(bytes).tip);
    expect(lines[0]).toContain('the thread stopped (exit code 0)');
    expect(await h.tip(bytes)).toEqual(verifyJournal(bytes).tip);
    expect(started).toBe(2);
    expect(lines).toHaveLength(1);
  });

  it('never takes an answer outside the protocol: the call is hashed in main’s thread', async () => {
    const lines: string[] = [];
    const h = new JournalHasher(
      () =>
        new Worker(
          `const { parentPort } = require('node:worker_threads');
           parentPort.postMessage({ type: 'ready' });
           parentPort.on('message', (m) => parentPort.postMessage({ id: m.id, type: 'done', output: { size: -1, root: 'x' } }));`,
          { eval: true },
        ),
      (line) => lines.push(line),
    );
    opened.push(h);
    expect(await h.head('')).toEqual({ size: 0, root: bytesToHex(journalTree(new Uint8Array()).root) });
    expect(lines[0]).toMatch(/size/);
  });
});
