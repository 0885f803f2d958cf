/**
 * The compliance screen's stores, with the real job handlers run in-process (no Web Workers under
 * Node) and a bridge that records what would be written.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import {
  checkpointText,
  iterateUnits,
  jsonlHeader,
  jsonlUnit,
  newKeyPair,
  officialBlock,
  openUnit,
  refOf,
  signCheckpoint,
} from '@engine';
import type { JournalWork } from '@engine';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { InstantLabApi } from '../../bridge';
import { setBridge } from '../../bridge';
import { setEnginePool } from '../../workers/engine-pool';
import { inProcessPool } from '../../workers/in-process-worker';
import { MAX_REPORT_BLOCKS, useAuditFormStore } from './useAuditFormStore';
import { reportBaseName, useAuditReportStore } from './useAuditReportStore';
import { useBlockExportStore } from './useBlockExportStore';
import { useExportCheckStore } from './useExportCheckStore';

/** A bridge that keeps streamed saves in memory and says what happened to each. */
function recordingBridge(opts: { cancelDialog?: boolean } = {}) {
  const saves = new Map<string, { name: string; chunks: string[]; state: 'open' | 'committed' | 'aborted' }>();
  const files: { name: string; data: string }[] = [];
  const journaled: JournalWork[] = [];
  let next = 1;
  const api = {
    saveFile: async (req: { suggestedName: string; data: string }) => {
      files.push({ name: req.suggestedName, data: req.data });
      return { saved: true, path: `/tmp/${req.suggestedName}` };
    },
    beginSave: async (req: { suggestedName: string }) => {
      if (opts.cancelDialog) return null;
      const handle = `h${next++}`;
      saves.set(handle, { name: req.suggestedName, chunks: [], state: 'open' });
      return { handle };
    },
    appendSave: async (h: string, chunk: string) => void saves.get(h)!.chunks.push(chunk),
    journalAppend: async (work: JournalWork) => {
      journaled.push(work);
      return { seq: journaled.length };
    },
    commitSave: async (h: string) => {
      saves.get(h)!.state = 'committed';
      return { saved: true, path: `/tmp/${saves.get(h)!.name}` };
    },
    abortSave: async (h: string) => void (saves.get(h)!.state = 'aborted'),
  };
  return { api: api as unknown as InstantLabApi, saves, files, journaled };
}

beforeEach(() => {
  setActivePinia(createPinia());
  setEnginePool(inProcessPool(2));
});
afterEach(() => {
  setEnginePool(undefined);
  setBridge(undefined);
});

describe('audit form: the blocks asked for, each field checked', () => {
  it('gives one official block per seed (R1: block k uses seed + k)', () => {
    const f = useAuditFormStore();
    f.game = 'mine-d-or';
    f.stakeCents = 100;
    f.seedText = '41';
    f.blocksText = '3';
    expect(f.specs!.map((s) => [s.game, s.stakeCents, s.seed])).toEqual([
      ['mine-d-or', 100, 41],
      ['mine-d-or', 100, 42],
      ['mine-d-or', 100, 43],
    ]);
    expect(f.seedError).toBeNull();
  });

  it('a bad seed or block count says what it expects, and no block is offered', () => {
    const f = useAuditFormStore();
    f.seedText = '12a';
    expect(f.seedError).toMatchObject({ key: 'seedDigits' });
    expect(f.specs).toBeNull();
    f.seedText = '4294967295';
    f.blocksText = '2';
    expect(f.seedError).toMatchObject({ key: 'seedSpan' });
    f.seedText = '1';
    f.blocksText = String(MAX_REPORT_BLOCKS + 1);
    expect(f.blocksError).toMatchObject({ key: 'blocksRange', params: { max: MAX_REPORT_BLOCKS } });
    expect(f.specs).toBeNull();
  });
});

describe('audit report', () => {
  it('builds the report of a Les 3 Gongs block, names its files after it and saves the HTML in the language asked', async () => {
    const bridge = recordingBridge();
    setBridge(bridge.api);
    const r = useAuditReportStore();
    const progress: number[] = [];
    const stop = r.$subscribe(() => progress.push(r.progress));
    await r.build([officialBlock('les-3-gongs', 50, 7)]);
    stop();
    expect(r.phase).toBe('done');
    expect(r.report!.identity.seeds).toEqual([7]);
    expect(r.report!.summary.allAuditsPass).toBe(true);
    expect(progress.at(-1)).toBe(1);
    expect(reportBaseName(r.report!)).toBe('audit-les-3-gongs-50-7');
    expect(await r.save('html', 'en')).toBe(true);
    expect(bridge.files[0]!.name).toBe('audit-les-3-gongs-50-7.html');
    expect(bridge.files[0]!.data).toContain('Block audit report');
  });

  it('carries the app journal’s checkpoint when the journal can be signed, and says none when it cannot', async () => {
    const checkpoint = signCheckpoint(3, new Uint8Array(32).fill(7), new Date('2026-12-01T10:00:00Z'), newKeyPair());
    const bridge = recordingBridge();
    setBridge({ ...bridge.api, journalCheckpoint: async () => ({ text: '', checkpoint }) } as InstantLabApi);
    const r = useAuditReportStore();
    await r.build([officialBlock('les-3-gongs', 50, 7)]);
    expect(r.report!.journalCheckpoint).toEqual(checkpoint);
    expect(await r.save('html', 'fr')).toBe(true);
    const html = bridge.files[0]!.data;
    expect(html).toContain('<h2>Journal de conformité</h2>');
    expect(html).toContain(`id="journal-checkpoint">${checkpointText(checkpoint)}</script>`);
    setBridge({
      ...bridge.api,
      journalCheckpoint: async () => {
        throw new Error('the journal does not verify');
      },
    } as InstantLabApi);
    await r.build([officialBlock('les-3-gongs', 50, 8)]);
    expect(r.report!.identity.seeds).toEqual([8]);
    expect(r.report!.journalCheckpoint).toBeUndefined();
  });

  it('a cancelled build keeps the report already shown', async () => {
    const r = useAuditReportStore();
    await r.build([officialBlock('les-3-gongs', 50, 7)]);
    const before = r.report;
    const run = r.build([officialBlock('les-3-gongs', 50, 8)]);
    r.cancel();
    await run;
    expect(r.phase).toBe('cancelled');
    expect(r.report).toBe(before);
  });
});

describe('block export', () => {
  it('streams the whole block in index order and commits the file', async () => {
    const bridge = recordingBridge();
    setBridge(bridge.api);
    const e = useBlockExportStore();
    const spec = officialBlock('les-3-gongs', 200, 3);
    await e.exportBlocks([spec], 'jsonl');
    expect(e.phase).toBe('done');
    expect(e.savedPaths).toEqual(['/tmp/les-3-gongs-200-3.jsonl']);
    const save = [...bridge.saves.values()][0]!;
    expect(save.state).toBe('committed');
    const lines = save.chunks.join('').trimEnd().split('\n');
    expect(lines).toHaveLength(300_001);
    expect(lines[0]).toBe(jsonlHeader(spec));
    const u = openUnit(spec, 299_999);
    expect(lines[300_000]).toBe(jsonlUnit(299_999, refOf(spec, 299_999), u.assignedCents, u.view));
    // the journal names the bytes written: their SHA-256, hashed a slice at a time, and their size
    const written = new TextEncoder().encode(save.chunks.join(''));
    expect(bridge.journaled.map((w) => w.outputs)).toEqual([
      expect.objectContaining({ bytes: written.length, sha256: bytesToHex(sha256(written)) }),
    ]);
  });

  it('a cancelled export abandons its file (nothing complete-looking is left)', async () => {
    const bridge = recordingBridge();
    setBridge(bridge.api);
    const e = useBlockExportStore();
    const run = e.exportBlocks([officialBlock('mine-d-or', 50, 3)], 'csv');
    await new Promise((r) => setTimeout(r, 0));
    e.cancel();
    await run;
    expect(e.phase).toBe('cancelled');
    expect([...bridge.saves.values()][0]!.state).toBe('aborted');
  });

  it('a closed save dialog starts nothing', async () => {
    setBridge(recordingBridge({ cancelDialog: true }).api);
    const e = useBlockExportStore();
    await e.exportBlocks([officialBlock('mine-d-or', 50, 3)], 'csv');
    expect(e.phase).toBe('idle');
  });

  it('three blocks selected: three files, one per seed, each a whole block', async () => {
    const bridge = recordingBridge();
    setBridge(bridge.api);
    const e = useBlockExportStore();
    const specs = [5, 6, 7].map((seed) => officialBlock('les-3-gongs', 50, seed));
    await e.exportBlocks(specs, 'jsonl');
    expect(e.phase).toBe('done');
    expect(e.savedPaths).toEqual([
      '/tmp/les-3-gongs-50-5.jsonl',
      '/tmp/les-3-gongs-50-6.jsonl',
      '/tmp/les-3-gongs-50-7.jsonl',
    ]);
    const saves = [...bridge.saves.values()];
    expect(saves.map((x) => x.state)).toEqual(['committed', 'committed', 'committed']);
    saves.forEach((x, k) => expect(x.chunks.join('').split('\n')[0]).toBe(jsonlHeader(specs[k]!)));
    expect(e.progress).toBe(1);
  }, 60_000);
});

describe('export check', () => {
  it('a verdict names its file; a file that is not an export says so', async () => {
    const c = useExportCheckStore();
    await c.verify({ text: '', name: 'empty.jsonl' });
    expect(c.phase).toBe('done');
    expect(c.checked!.name).toBe('empty.jsonl');
    expect(c.checked!.result.verdict).toBe('not-an-export');
    const spec = officialBlock('les-3-gongs', 50, 5);
    const lines = [jsonlHeader(spec)];
    iterateUnits(spec, 0, spec.table.blockUnits, (i, prize, view) =>
      lines.push(jsonlUnit(i, refOf(spec, i), prize, view)),
    );
    await c.verify({ file: new Blob([`${lines.join('\n')}\n`]), name: 'block.jsonl' });
    expect(c.checked!.name).toBe('block.jsonl');
    expect(c.checked!.result.verdict).toBe('conforming');
  });

  it('a newer check replaces an older one: the older verdict never shows', async () => {
    const c = useExportCheckStore();
    const first = c.verify({ text: 'not an export\n', name: 'first.txt' });
    const second = c.verify({ text: '', name: 'second.jsonl' });
    await Promise.all([first, second]);
    expect(c.checked!.name).toBe('second.jsonl');
    expect(c.phase).toBe('done');
  });
});
