import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkpointText, parsePublicKey, parseSecretKey, readCheckpoint, verifyJournal } from '@engine';
import { JOURNAL_KEY_FILE_NAME, JOURNAL_PUB_FILE_NAME, JournalKeyStore } from './journal-key';
import { JournalStore } from './journal-store';
import { bundledHasher } from './test-support/journal-worker';

// the journal hashed in its worker thread, as in the app
const hasher = bundledHasher();
afterAll(() => hasher.close());

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-journal-key-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const AT = new Date('2026-12-05T01:00:00.000Z');
const work = (i: number) =>
  ({
    kind: 'block-export',
    at: new Date(Date.UTC(2026, 11, 1, 9, 0, i)).toISOString(),
    app: '0.1.0',
    generator: 'instant-lab-gen/2',
    inputs: { game: 'mine-d-or', stake_cents: 100, seed: i },
    outputs: { file: `b-${i}.jsonl`, bytes: 100 + i, sha256: 'ef'.repeat(32) },
  }) as const;

describe('the desktop app’s journal key', () => {
  it('is made on first need as keygen’s files, the private one readable by its owner only, then kept', async () => {
    expect(await readdir(dir)).toEqual([]);
    const shown = await new JournalKeyStore(dir, hasher).publicKey();
    const secret = await readFile(join(dir, JOURNAL_KEY_FILE_NAME), 'utf8');
    const pub = await readFile(join(dir, JOURNAL_PUB_FILE_NAME), 'utf8');
    // the command line reads both, so `journal checkpoint --key` and `--pub` take them as they are
    expect(Buffer.from(parseSecretKey(secret, 'k').publicKey).toString('hex')).toBe(shown.publicKey);
    expect(parsePublicKey(pub, 'k.pub')).toBe(shown.publicKey);
    expect(JSON.parse(pub)).toMatchObject({ fingerprint: shown.fingerprint });
    expect(shown.fingerprint).toMatch(/^[0-9a-f]{4}(:[0-9a-f]{4}){15}$/);
    if (process.platform !== 'win32') expect((await stat(join(dir, JOURNAL_KEY_FILE_NAME))).mode & 0o077).toBe(0);
    // another start of the app finds the same key
    expect(await new JournalKeyStore(dir, hasher).publicKey()).toEqual(shown);
    expect(await readFile(join(dir, JOURNAL_KEY_FILE_NAME), 'utf8')).toBe(secret);
  });

  it('makes one key however many ask at once', async () => {
    const store = new JournalKeyStore(dir, hasher);
    const keys = await Promise.all([store.publicKey(), store.publicKey(), store.publicKey()]);
    expect(new Set(keys.map((k) => k.fingerprint)).size).toBe(1);
  });

  it('signs the journal as read, its size and Merkle root, at the clock’s time', async () => {
    const journal = new JournalStore(dir, '0.1.0', hasher);
    for (let i = 0; i < 3; i++) await journal.append(work(i));
    const store = new JournalKeyStore(dir, hasher, () => AT);
    const { text, checkpoint } = await store.checkpoint(journal);
    expect(verifyJournal(text)).toMatchObject({ ok: true, entries: 3 });
    // the engine's reader takes it as a checkpoint written the one way, and its signature holds
    const read = readCheckpoint(checkpointText(checkpoint));
    expect(read).toMatchObject({ size: 3, time: AT.toISOString(), fingerprint: (await store.publicKey()).fingerprint });
    await journal.append(work(3));
    expect((await store.checkpoint(journal)).checkpoint).toMatchObject({ size: 4 });
    expect((await store.checkpoint(journal)).checkpoint.root).not.toBe(checkpoint.root);
  });

  it('never replaces a key file it cannot read, and says so', async () => {
    await writeFile(join(dir, JOURNAL_KEY_FILE_NAME), '{"kind":"something else"}\n');
    await expect(new JournalKeyStore(dir, hasher).publicKey()).rejects.toThrow(
      /The app's journal key: .*journal-key\.json" is not a private key file.*; it is left as it is; move it aside/,
    );
    await writeFile(join(dir, JOURNAL_KEY_FILE_NAME), 'x'.repeat(70_000));
    await expect(new JournalKeyStore(dir, hasher).publicKey()).rejects.toThrow(/is 70000 bytes, .*at most 65536/);
    expect(await readFile(join(dir, JOURNAL_KEY_FILE_NAME), 'utf8')).toHaveLength(70_000);
  });
});
