import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entryLine, nextEntry, sha256Hex, verifyJournal } from '@engine';
import type { JournalEntry, JournalTip, JournalWork } from '@engine';
import { JOURNAL_FILE_NAME, JournalStore } from './journal-store';
import { bundledHasher } from './test-support/journal-worker';

// the journal hashed in its worker thread, as in the app
const hasher = bundledHasher();
afterAll(() => hasher.close());

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-journal-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const work = (i: number): JournalWork => ({
  kind: 'block-export',
  at: new Date(Date.UTC(2026, 11, 1, 9, 0, i)).toISOString(),
  app: '0.1.0',
  generator: 'instant-lab-gen/2',
  inputs: { game: 'mine-d-or', stake_cents: 100, seed: i },
  outputs: { file: `b-${i}.jsonl`, bytes: 100 + i, sha256: 'ef'.repeat(32) },
});

function lines(n: number): string[] {
  const out: string[] = [];
  let tip: JournalTip | null = null;
  for (let i = 0; i < n; i++) {
    const e = nextEntry(tip, work(i));
    out.push(entryLine(e));
    tip = e;
  }
  return out;
}

const AT = new Date('2026-12-01T23:30:00.000Z');
const journalText = () => readFile(join(dir, JOURNAL_FILE_NAME), 'utf8');

describe('JournalStore', () => {
  it('starts a journal, appends each entry as one line chained to the one before, and reads it', async () => {
    const store = new JournalStore(dir, '0.1.0', hasher);
    for (let i = 0; i < 3; i++) await store.append(work(i));
    const read = await store.read();
    expect(read).toMatchObject({ repair: null, where: join(dir, JOURNAL_FILE_NAME) });
    expect(read.text).toBe(lines(3).join(''));
    // a store opened later chains to the last entry on disk
    await new JournalStore(dir, '0.1.0', hasher).append(work(3));
    expect(verifyJournal(await journalText())).toMatchObject({ ok: true, entries: 4 });
  });

  it('keeps a torn last entry aside, cuts it off, records the repair as the next entry, and goes on', async () => {
    const whole = lines(5).join('');
    const torn = '{"app":"0.1.0","at":"2026-12-01T09:00:05.000Z","ge';
    await writeFile(join(dir, JOURNAL_FILE_NAME), whole + torn);
    const store = new JournalStore(dir, '0.1.0', hasher, () => AT);
    await store.start();
    const read = await store.read();
    const keptAs = 'journal.torn-2026-12-01T23-30-00-000Z.txt';
    expect(read.repair).toEqual({ line: 6, bytes: torn.length, sha256: sha256Hex(torn), keptAs, seq: 6 });
    expect(await readFile(join(dir, keptAs), 'utf8')).toBe(torn);
    const v = verifyJournal(read.text);
    expect(v).toMatchObject({ ok: true, entries: 6 });
    const repair = JSON.parse(read.text.split('\n')[5]!) as JournalEntry;
    expect(repair).toMatchObject({
      kind: 'journal-repair',
      seq: 6,
      inputs: { torn_line: 6, torn_bytes: torn.length, torn_sha256: sha256Hex(torn) },
      outputs: { kept_as: keptAs, journal_cut_to_bytes: Buffer.byteLength(whole) },
    });
    expect(read.text.startsWith(whole)).toBe(true);
    expect(await store.append(work(7))).toMatchObject({ seq: 7 });
    expect(verifyJournal(await journalText())).toMatchObject({ ok: true, entries: 7 });
  });

  it('never replaces a file of the name the torn bytes would take', async () => {
    await writeFile(join(dir, JOURNAL_FILE_NAME), `${lines(1).join('')}{"cut`);
    await writeFile(join(dir, 'journal.torn-2026-12-01T23-30-00-000Z.txt'), 'older');
    const read = await new JournalStore(dir, '0.1.0', hasher, () => AT).read();
    expect(read.repair?.keptAs).toBe('journal.torn-2026-12-01T23-30-00-000Z-2.txt');
    expect(await readFile(join(dir, 'journal.torn-2026-12-01T23-30-00-000Z.txt'), 'utf8')).toBe('older');
    expect(await readFile(join(dir, read.repair!.keptAs!), 'utf8')).toBe('{"cut');
  });

  it('leaves a broken chain as it is (the break stays named) and chains new entries to the last one', async () => {
    const l = lines(10);
    l.splice(4, 1); // entry 5 removed
    const before = l.join('');
    await writeFile(join(dir, JOURNAL_FILE_NAME), before);
    const store = new JournalStore(dir, '0.1.0', hasher);
    const read = await store.read();
    expect(read.repair).toBeNull();
    expect(read.text).toBe(before);
    expect(await store.append(work(11))).toMatchObject({ seq: 11 });
    const v = verifyJournal(await journalText());
    expect(v.ok).toBe(false);
    expect(v.findings.map((f) => f.text.en)).toEqual(['line 5: entry 5 is missing before entry 6: removed']);
    expect(v.entries).toBe(9);
    expect(await readdir(dir)).toEqual([JOURNAL_FILE_NAME]);
  });

  it('chains to entries another writer appended since (a second window, the command line), never giving two one number', async () => {
    const a = new JournalStore(dir, '0.1.0', hasher);
    const b = new JournalStore(dir, '0.1.0', hasher);
    await a.append(work(0));
    await b.append(work(1));
    expect(await a.append(work(2))).toMatchObject({ seq: 3 });
    expect(await b.append(work(3))).toMatchObject({ seq: 4 });
    expect(verifyJournal(await readFile(join(dir, JOURNAL_FILE_NAME)))).toMatchObject({ ok: true, entries: 4 });
    // another writer left a torn line: nothing is appended behind it
    await writeFile(join(dir, JOURNAL_FILE_NAME), `${await journalText()}{"cut`);
    await expect(a.append(work(4))).rejects.toThrow(/changed by another program and its last line is torn/);
    expect((await journalText()).endsWith('{"cut')).toBe(true);
  });

  it('refuses to hand the screen a journal whose bytes are not UTF-8, rather than read them another way', async () => {
    const good = Buffer.from(lines(2).join(''));
    await writeFile(join(dir, JOURNAL_FILE_NAME), Buffer.concat([good, Buffer.from([0xff, 0x0a])]));
    await expect(new JournalStore(dir, '0.1.0', hasher).read()).rejects.toThrow(/not UTF-8 text/);
    // a byte order mark reaches the screen's check, which names it
    await writeFile(join(dir, JOURNAL_FILE_NAME), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), good]));
    const read = await new JournalStore(dir, '0.1.0', hasher).read();
    expect(verifyJournal(read.text).findings[0]?.text.en).toMatch(/^line 1: starts with a byte order mark/);
  });

  it('opens the journal again on the next call when opening it failed, rather than fail every call after', async () => {
    await writeFile(join(dir, JOURNAL_FILE_NAME), lines(2).join(''));
    let calls = 0;
    const failsOnce = {
      tip: (bytes: Uint8Array) => (++calls === 1 ? Promise.reject(new Error('the hashing failed')) : hasher.tip(bytes)),
    };
    const store = new JournalStore(dir, '0.1.0', failsOnce);
    await expect(store.append(work(2))).rejects.toThrow('the hashing failed');
    expect(await store.append(work(2))).toMatchObject({ seq: 3 });
    expect(verifyJournal(await journalText())).toMatchObject({ ok: true, entries: 3 });
  });
});
