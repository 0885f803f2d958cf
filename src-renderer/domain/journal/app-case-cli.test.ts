/**
 * A dispute case holding the app journal's entries on its unit's block, proved in the checkpoint
 * the browser build's key signed (what the replay screen puts in the cases it makes), taken through
 * the command line as a regulator would: `verify-bundle` checks the case and says its entry is
 * included; `journal verify --against` the case holds for the journal as it is.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { JOURNAL_EXCERPT_PATH, disputeCaseBytes, formatUnitRef, officialBlock, refOfBlock } from '@engine';
import type { JournalWork } from '@engine';
import { cli } from '../../../src-cli/test-support/run-cli';
import { rebuildInThread } from '../../../src-engine/dispute/check-case';
import { caseFonts } from '../../../src-engine/dispute/case-fonts.fixture';
import { journalOver } from '../../bridge/journal-idb';
import { journalKeyOver } from '../../bridge/journal-key-idb';
import { headInThread, memoryKeySlot } from '../../bridge/journal-key.fixture';
import { memoryJournalLines } from '../../bridge/journal-lines.fixture';
import { provedExcerptHandler } from '../../workers/handlers/journal';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-app-case-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

// a small block (300,000 units), rebuilt by verify-bundle
const spec = officialBlock('les-3-gongs', 50, 7);
const audit = (seed: number): JournalWork => ({
  kind: 'audit-report',
  at: new Date(Date.UTC(2026, 11, 1, 9, 0, seed)).toISOString(),
  app: '0.1.0',
  generator: 'instant-lab-gen/2',
  inputs: { game: 'les-3-gongs', stake_cents: 50, seeds: [seed] },
  outputs: { sha256: 'ab'.repeat(32) },
});

describe('a dispute case made on screen', () => {
  it('carries the journal’s checkpoint, which verify-bundle and journal verify --against take', async () => {
    const lines = memoryJournalLines();
    const journal = journalOver(lines);
    for (const seed of [6, 7, 8]) await journal.append(audit(seed));
    const key = journalKeyOver(memoryKeySlot(), crypto.subtle, headInThread);
    const { text, checkpoint } = await key.checkpoint(journal);
    const journalEntries = await provedExcerptHandler(
      { text, blocks: { game: 'les-3-gongs', stakeCents: 50, seeds: [7] }, checkpoint },
      () => undefined,
    );
    const { zip } = await disputeCaseBytes({
      ref: formatUnitRef(refOfBlock(spec, 29)),
      claim: 'The player says they saw 30 € in the Bonus.',
      conclusion: 'The replay shows a Bonus of 3.00 €.',
      lang: 'en',
      appVersion: '0.1.0',
      opened: new Date('2026-12-05T01:00:00Z'),
      key: null,
      segmentDigests: await rebuildInThread.block(spec),
      png: null,
      fonts: caseFonts,
      journalEntries,
    });
    const files = unzipSync(zip);
    expect(new TextDecoder().decode(files[JOURNAL_EXCERPT_PATH])).toBe(journalEntries);
    expect(new TextDecoder().decode(files['README.md'])).toContain(
      `\`${JOURNAL_EXCERPT_PATH}\`: the compliance journal's entries`,
    );

    const path = join(dir, 'case.zip');
    await writeFile(path, zip);
    const checked = await cli('verify-bundle', path);
    expect(checked.stderr).toBe('');
    expect(checked.code).toBe(0);
    const { fingerprint } = await key.publicKey();
    expect(checked.stdout).toMatch(
      new RegExp(
        `1 entry of a journal of 3 entries, head ${checkpoint.root} of \\S+, signed by key ${fingerprint}: included`,
      ),
    );
    const whole = join(dir, 'journal.jsonl');
    await writeFile(whole, lines.lines.join(''));
    const held = await cli('journal', 'verify', whole, '--against', path);
    expect(held.code).toBe(0);
    expect(held.stdout).toContain('checkpoints: HELD (1: nothing they signed was cut or rewritten)');
  }, 300_000);
});
