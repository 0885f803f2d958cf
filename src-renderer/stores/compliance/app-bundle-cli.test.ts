/**
 * A bundle made on screen, taken through the command line's checks as a regulator would: the
 * browser build's journal (three entries on other blocks, then the report's) signed by the app's
 * journal key; `verify-bundle` says its entries are included in the journal of the checkpoint, and
 * `journal verify --against` the bundle holds for the journal as it is, and catches it cut.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { officialBlock } from '@engine';
import type { JournalWork } from '@engine';
import { cli } from '../../../src-cli/test-support/run-cli';
import type { InstantLabApi } from '../../bridge';
import { setBridge } from '../../bridge';
import { journalOver } from '../../bridge/journal-idb';
import { journalKeyOver } from '../../bridge/journal-key-idb';
import { headInThread, memoryKeySlot } from '../../bridge/journal-key.fixture';
import { memoryJournalLines } from '../../bridge/journal-lines.fixture';
import { setEnginePool } from '../../workers/engine-pool';
import { inProcessPool } from '../../workers/in-process-worker';
import { useAuditReportStore } from './useAuditReportStore';
import { useEvidenceBundleStore } from './useEvidenceBundleStore';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-app-bundle-'));
  setActivePinia(createPinia());
  setEnginePool(inProcessPool(2));
});
afterEach(async () => {
  setEnginePool(undefined);
  setBridge(undefined);
  await rm(dir, { recursive: true, force: true });
});

const other = (seed: number): JournalWork => ({
  kind: 'block-export',
  at: new Date(Date.UTC(2026, 11, 1, 9, 0, seed)).toISOString(),
  app: '0.1.0',
  generator: 'instant-lab-gen/2',
  inputs: { game: 'mine-d-or', stake_cents: 100, seed },
  outputs: { file: `b-${seed}.jsonl`, bytes: 100, sha256: 'ef'.repeat(32) },
});

describe('a bundle made on screen', () => {
  it('is accepted by verify-bundle with its journal entries included, and journal verify --against takes it', async () => {
    const lines = memoryJournalLines();
    const journal = journalOver(lines);
    const key = journalKeyOver(memoryKeySlot(), crypto.subtle, headInThread);
    const saved: Uint8Array[] = [];
    setBridge({
      journalRead: () => journal.read(),
      journalAppend: (w: JournalWork) => journal.append(w),
      journalCheckpoint: () => key.checkpoint(journal),
      printHtmlToPdf: async () => null,
      saveFile: async (req: { suggestedName: string; data: Uint8Array }) => {
        saved.push(req.data);
        return { saved: true, path: req.suggestedName };
      },
    } as unknown as InstantLabApi);
    for (let seed = 1; seed <= 3; seed++) await journal.append(other(seed));
    await useAuditReportStore().build([officialBlock('les-3-gongs', 50, 21)]);
    expect(await useEvidenceBundleStore().build('en', null)).toBe(true);

    const { fingerprint } = await key.publicKey();
    const zip = join(dir, 'bundle.zip');
    await writeFile(zip, saved[0]!);
    const checked = await cli('verify-bundle', zip);
    expect(checked.stderr).toBe('');
    expect(checked.code).toBe(0);
    // the report's entry, number 4, proved in the journal of 4 entries the app signed
    expect(checked.stdout).toMatch(
      new RegExp(
        `1 entry of a journal of 4 entries, head [0-9a-f]{64} of \\S+, signed by key ${fingerprint}: included`,
      ),
    );

    // the app's journal as it is now (the bundle journaled after it): the checkpoint holds
    const whole = join(dir, 'journal.jsonl');
    await writeFile(whole, lines.lines.join(''));
    const held = await cli('journal', 'verify', whole, '--against', zip);
    expect(held.code).toBe(0);
    expect(held.stdout).toContain('checkpoints: HELD (1: nothing they signed was cut or rewritten)');
    // the same journal cut after entry 2: the bundle's checkpoint catches it
    const cut = join(dir, 'cut.jsonl');
    await writeFile(cut, lines.lines.slice(0, 2).join(''));
    const caught = await cli('journal', 'verify', cut, '--against', zip);
    expect(caught.code).toBe(1);
    expect(caught.stdout).toMatch(/entries 3–4 are gone \(cut after entry 2\)/);
  }, 300_000);
});
