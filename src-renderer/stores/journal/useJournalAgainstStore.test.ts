import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import { createPinia, setActivePinia } from 'pinia';
import { checkpointOf, checkpointText, keyFiles, newKeyPair, treeOfRows, verifyJournal } from '@engine';
import { journalEntries, journalText } from '../../../src-engine/journal/journal.fixture';
import { setBridge } from '../../bridge';
import type { InstantLabApi } from '../../bridge';
import type { FileFilter } from '../../../src-main/bridge/contract';
import { setEnginePool } from '../../workers/engine-pool';
import { inProcessPool } from '../../workers/in-process-worker';
import { useJournalAgainstStore } from './useJournalAgainstStore';
import { useJournalStore } from './useJournalStore';

const signer = newKeyPair();
const all = journalEntries(20);
const text = journalText(all);
const cp = {
  name: 'checkpoint.json',
  file: new Blob([
    checkpointText(
      checkpointOf(
        treeOfRows(verifyJournal(journalText(all.slice(0, 12))).rows),
        signer,
        new Date('2026-12-01T10:00:00Z'),
      ),
    ),
  ]),
};
const pubOf = (name: string, key = newKeyPair()) => ({ name, file: new Blob([keyFiles(key).public]) });

describe('the check against checkpoints, with the key they must be signed with', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    // the files are read in a worker: the real handler, in-process
    setEnginePool(inProcessPool());
    useJournalStore().shown = { source: 'file', where: 'j.jsonl', verdict: verifyJournal(text), text };
  });
  afterEach(() => setEnginePool(undefined));

  it('takes a .pub dropped among the files as the key required, not as a checkpoint, and refuses another key’s checkpoint', async () => {
    const store = useJournalAgainstStore();
    await store.add([cp, pubOf('ops.pub')]);
    expect(store.files.map((f) => f.name)).toEqual(['checkpoint.json']);
    expect(store.pub?.name).toBe('ops.pub');
    expect(store.result?.key?.name).toBe('ops.pub');
    expect(store.result?.refused).toEqual([]);
    expect(store.result?.verdict.findings.map((f) => f.problem)).toEqual(['other-key']);
    // the signer's key chosen apart replaces it: the checkpoint holds
    await store.requireKey(pubOf('signer.PUB', signer));
    expect(store.result?.verdict).toMatchObject({ ok: true, findings: [] });
    expect(store.result?.key?.name).toBe('signer.PUB');
  });

  it('checks without a key as before, and lets the key go with the files', async () => {
    const store = useJournalAgainstStore();
    await store.add([cp]);
    expect(store.result).toMatchObject({ key: null, verdict: { ok: true } });
    await store.requireKey(pubOf('ops.pub'));
    expect(store.result?.verdict.ok).toBe(false);
    store.clear();
    expect([store.pub, store.result, store.files.length]).toEqual([null, null, 0]);
  });

  it('offers audit reports and the key’s .pub in the dialog, beside checkpoints, bundles and cases', async () => {
    const offered: FileFilter[][] = [];
    setBridge({
      beginOpen: async ({ filters }: { filters: FileFilter[] }) => {
        offered.push(filters);
        return null;
      },
    } as unknown as InstantLabApi);
    try {
      await useJournalAgainstStore().choose();
    } finally {
      setBridge(undefined);
    }
    expect(offered[0]?.flatMap((f) => f.extensions)).toEqual(['json', 'zip', 'html', 'pub']);
  });

  it('never shows the result of a check of a journal no longer on screen', async () => {
    const pool = inProcessPool();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let reached!: () => void;
    const held = new Promise<void>((r) => (reached = r));
    let ran: Promise<unknown> | undefined;
    const run = pool.run.bind(pool);
    // the first check is held before it reaches the worker, as a long one would be
    pool.run = ((...args: Parameters<typeof pool.run>) => {
      ran = (async () => {
        reached();
        await gate;
        return run(...args);
      })();
      return ran;
    }) as typeof pool.run;
    setEnginePool(pool);
    const store = useJournalAgainstStore();
    const adding = store.add([cp]);
    await held;
    expect(store.running).toBe(true);
    useJournalStore().shown = null;
    await nextTick();
    release();
    await ran?.catch(() => undefined);
    await adding;
    expect(store.result).toBeNull();
    expect(store.running).toBe(false);
  });

  it('checks nothing when the key required does not read (an SSH key), and says so once', async () => {
    const store = useJournalAgainstStore();
    await store.add([cp, { name: 'id_ed25519.pub', file: new Blob(['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5 ops@host\n']) }]);
    expect(store.result).toMatchObject({ key: null, verdict: { ok: false, checks: [], findings: [] } });
    expect(store.result?.refused.map((r) => r.name)).toEqual(['id_ed25519.pub']);
    expect(store.result?.refused[0]?.text.en).toMatch(/no checkpoint was checked/);
  });
});
