import { describe, expect, it } from 'vitest';
import { verifyJournal } from '@engine';
import type { JournalWork } from '@engine';
import { createBrowserApi } from './browser-api';
import type { BrowserEnv } from './browser-api';
import { journalOver } from './journal-idb';
import { memoryJournalLines } from './journal-lines.fixture';

const work = (i: number): JournalWork => ({
  kind: 'replay-evidence',
  at: new Date(Date.UTC(2026, 11, 1, 9, 0, i)).toISOString(),
  app: '0.1.0',
  generator: 'instant-lab-gen/2',
  inputs: { ref: `GONG-${i}` },
  outputs: { file: `rejeu-${i}.json`, bytes: 10, sha256: 'ab'.repeat(32) },
});

describe('the browser build’s journal', () => {
  it('adds each entry after the last line, chained to it, one line per record', async () => {
    const lines = memoryJournalLines();
    const j = journalOver(lines);
    for (let i = 0; i < 5; i++) expect(await j.append(work(i))).toMatchObject({ seq: i + 1 });
    expect(lines.lines).toHaveLength(5);
    const read = await j.read();
    expect(read).toMatchObject({ repair: null, where: 'IndexedDB' });
    expect(verifyJournal(read.text)).toMatchObject({ ok: true, entries: 5 });
  });

  it('is reached through the bridge, its work checked by the contract’s schema first', async () => {
    const lines = memoryJournalLines();
    const api = createBrowserApi({ version: '1', journal: lines } as unknown as BrowserEnv);
    await expect(api.journalAppend(work(0))).resolves.toMatchObject({ seq: 1 });
    await expect(api.journalAppend({ ...work(1), kind: 'journal-repair' })).rejects.toThrow(
      /instantLab\.journalAppend: invalid request — work\.kind/,
    );
    expect(lines.lines).toHaveLength(1);
    expect(verifyJournal((await api.journalRead()).text).entries).toBe(1);
  });
});
