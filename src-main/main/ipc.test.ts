import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebContents } from 'electron';
import { CHANNELS, INVOKE_METHODS } from '../bridge/contract';
import { SaveSessionManager } from './files/atomic-write';
import { createHandlers, registerIpcHandlers } from './ipc';
import type { Dialogs, InvokeEvent } from './ipc';
import { SettingsStore } from './settings-store';
import { JOURNAL_FILE_NAME, JournalStore } from './journal/journal-store';
import { JournalKeyStore } from './journal/journal-key';
import { HeldJournalWorker, bundledHasher } from './journal/test-support/journal-worker';
import { JournalHasher } from './journal/journal-hasher';
import { checkpointText, entryLine, journalTree, nextEntry, readCheckpoint, verifyJournal } from '@engine';
import type { JournalTip } from '@engine';
import { ExportVerifier, iterateUnits, jsonlHeader, jsonlUnit, officialBlock, refOf } from '@engine';

type Listener = (event: InvokeEvent, ...args: unknown[]) => Promise<unknown>;

let dir: string;
let listeners: Map<string, Listener>;
let dialogs: { showSaveDialog: ReturnType<typeof vi.fn>; showOpenDialog: ReturnType<typeof vi.fn> };
let destroyed: (() => void) | undefined;
let sessions: SaveSessionManager;

const sender = {
  id: 7,
  once: vi.fn((name: string, fn: () => void) => {
    if (name === 'destroyed') destroyed = fn;
  }),
  printToPDF: vi.fn(async () => Buffer.from('%PDF-1.7 fake')),
} as unknown as WebContents;

const appEvent = { senderFrame: { url: 'app://instant-lab/index.html' }, sender } as unknown as InvokeEvent;
const evilEvent = { senderFrame: { url: 'https://evil.example/' }, sender } as unknown as InvokeEvent;

function call(channel: string, event: InvokeEvent, ...args: unknown[]): Promise<unknown> {
  const listener = listeners.get(channel);
  if (listener === undefined) throw new Error(`no handler for ${channel}`);
  return listener(event, ...args);
}

// the journal hashed in its worker thread, as in the app
const hasher = bundledHasher();
afterAll(() => hasher.close());

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'instant-lab-ipc-'));
  listeners = new Map();
  dialogs = { showSaveDialog: vi.fn(), showOpenDialog: vi.fn() };
  sessions = new SaveSessionManager();
  const ipcMain = { handle: vi.fn((channel: string, fn: Listener) => void listeners.set(channel, fn)) };
  registerIpcHandlers(
    ipcMain as never,
    createHandlers({
      appVersion: '1.2.3',
      defaultDirectory: dir,
      dialogs: dialogs as unknown as Dialogs,
      windowFor: () => null,
      store: new SettingsStore(dir),
      sessions,
      journal: new JournalStore(dir, '1.2.3', hasher),
      journalKey: new JournalKeyStore(dir, hasher),
    }),
  );
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const csv = [{ name: 'CSV', extensions: ['csv'] }];

describe('registerIpcHandlers', () => {
  it('registers exactly the contract channels', () => {
    expect([...listeners.keys()].sort()).toEqual(
      Object.values(CHANNELS)
        .filter((c) => c !== CHANNELS.menuAction)
        .sort(),
    );
    expect(listeners.size).toBe(INVOKE_METHODS.length);
  });

  it('rejects foreign senders before looking at the payload', async () => {
    for (const channel of listeners.keys()) {
      await expect(call(channel, evilEvent, 'garbage')).rejects.toThrow(
        'IPC refused: sender "https://evil.example/" is not the app.',
      );
    }
    expect(dialogs.showSaveDialog).not.toHaveBeenCalled();
  });

  it('rejects invalid payloads with clear messages', async () => {
    await expect(call(CHANNELS.saveFile, appEvent, { suggestedName: 'a.csv', filters: csv })).rejects.toThrow(
      /^instantLab\.saveFile: invalid request — data: /,
    );
    await expect(
      call(CHANNELS.saveFile, appEvent, { suggestedName: '/etc/x', filters: csv, data: '' }),
    ).rejects.toThrow('instantLab.saveFile: invalid request — suggestedName: must be a bare file name (no folder)');
    await expect(call(CHANNELS.storeSet, appEvent, 'BAD KEY', 1)).rejects.toThrow(
      /^instantLab\.storeSet: invalid request — key: must match/,
    );
    await expect(call(CHANNELS.appendSave, appEvent, '../../x', 'a')).rejects.toThrow(
      'instantLab.appendSave: invalid request — handle: must be a handle returned by beginSave',
    );
    await expect(call(CHANNELS.storeGet, appEvent)).rejects.toThrow(/instantLab\.storeGet: invalid request/);
    expect(dialogs.showSaveDialog).not.toHaveBeenCalled();
  });
});

describe('handlers', () => {
  it('appInfo', async () => {
    await expect(call(CHANNELS.appInfo, appEvent)).resolves.toEqual({ version: '1.2.3', platform: 'desktop' });
  });

  it('saveFile: cancelled dialog → saved false, no file', async () => {
    dialogs.showSaveDialog.mockResolvedValue({ canceled: true, filePath: '' });
    await expect(
      call(CHANNELS.saveFile, appEvent, { suggestedName: 'a.csv', filters: csv, data: 'x' }),
    ).resolves.toEqual({ saved: false });
    expect(dialogs.showSaveDialog).toHaveBeenCalledWith(
      null,
      expect.objectContaining({ defaultPath: join(dir, 'a.csv') }),
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('every save asks before replacing a file (native dialog), and a failed write names the chosen file', async () => {
    dialogs.showSaveDialog.mockResolvedValue({ canceled: true, filePath: '' });
    await call(CHANNELS.saveFile, appEvent, { suggestedName: 'a.csv', filters: csv, data: 'x' });
    await call(CHANNELS.beginSave, appEvent, { suggestedName: 'a.csv', filters: csv });
    await call(CHANNELS.printToPdf, appEvent, { suggestedName: 'a' });
    expect(dialogs.showSaveDialog).toHaveBeenCalledTimes(3);
    for (const [, options] of dialogs.showSaveDialog.mock.calls as [unknown, { properties: string[] }][])
      expect(options.properties).toContain('showOverwriteConfirmation');
    const target = join(dir, 'missing', 'a.csv');
    dialogs.showSaveDialog.mockResolvedValue({ canceled: false, filePath: target });
    await expect(
      call(CHANNELS.saveFile, appEvent, { suggestedName: 'a.csv', filters: csv, data: 'x' }),
    ).rejects.toThrow(`Cannot write "${target}": its folder does not exist (nothing was written).`);
    await expect(call(CHANNELS.beginSave, appEvent, { suggestedName: 'a.csv', filters: csv })).rejects.toThrow(
      `Cannot write "${target}": its folder does not exist`,
    );
  });

  it('saveFile: writes atomically where the user chose', async () => {
    const target = join(dir, 'chosen.csv');
    dialogs.showSaveDialog.mockResolvedValue({ canceled: false, filePath: target });
    await expect(
      call(CHANNELS.saveFile, appEvent, { suggestedName: 'a.csv', filters: csv, data: 'a;b\n' }),
    ).resolves.toEqual({ saved: true, path: target });
    expect(await readFile(target, 'utf8')).toBe('a;b\n');
  });

  it('streaming save: begin/append/commit, and abort leaves nothing', async () => {
    const target = join(dir, 'million.csv');
    dialogs.showSaveDialog.mockResolvedValue({ canceled: false, filePath: target });
    const begun = (await call(CHANNELS.beginSave, appEvent, { suggestedName: 'million.csv', filters: csv })) as {
      handle: string;
    };
    await call(CHANNELS.appendSave, appEvent, begun.handle, 'a\n');
    await call(CHANNELS.appendSave, appEvent, begun.handle, 'b\n');
    await expect(call(CHANNELS.commitSave, appEvent, begun.handle)).resolves.toEqual({ saved: true, path: target });
    expect(await readFile(target, 'utf8')).toBe('a\nb\n');

    await rm(target);
    const again = (await call(CHANNELS.beginSave, appEvent, { suggestedName: 'million.csv', filters: csv })) as {
      handle: string;
    };
    await call(CHANNELS.appendSave, appEvent, again.handle, 'partial');
    await call(CHANNELS.abortSave, appEvent, again.handle);
    expect(await readdir(dir)).toEqual([]);
  });

  it('streaming save: cancelled dialog → null; closed window aborts its exports', async () => {
    dialogs.showSaveDialog.mockResolvedValueOnce({ canceled: true, filePath: '' });
    await expect(call(CHANNELS.beginSave, appEvent, { suggestedName: 'x.csv', filters: csv })).resolves.toBeNull();
    dialogs.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: join(dir, 'x.csv') });
    await call(CHANNELS.beginSave, appEvent, { suggestedName: 'x.csv', filters: csv });
    expect(sessions.size).toBe(1);
    destroyed?.();
    await vi.waitFor(async () => expect(await readdir(dir)).toEqual([]));
    expect(sessions.size).toBe(0);
  });

  it('openFile: reads the chosen file as text, null on cancel', async () => {
    const file = join(dir, 'runs.csv');
    await writeFile(file, '\uFEFFseed;rtp\n1;0.6\n');
    dialogs.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [file] });
    await expect(call(CHANNELS.openFile, appEvent, { filters: csv })).resolves.toEqual({
      name: 'runs.csv',
      text: 'seed;rtp\n1;0.6\n',
    });
    dialogs.showOpenDialog.mockResolvedValueOnce({ canceled: true, filePaths: [] });
    await expect(call(CHANNELS.openFile, appEvent, { filters: csv })).resolves.toBeNull();
  });

  it('beginOpen/readOpen: a whole block export streamed from the desktop path is verified', async () => {
    const spec = officialBlock('les-3-gongs', 100, 8);
    const file = join(dir, 'block.jsonl');
    const lines = [jsonlHeader(spec)];
    iterateUnits(spec, 0, spec.table.blockUnits, (i, prize, view) =>
      lines.push(jsonlUnit(i, refOf(spec, i), prize, view)),
    );
    await writeFile(file, `${lines.join('\n')}\n`);
    dialogs.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [file] });
    const opened = (await call(CHANNELS.beginOpen, appEvent, { filters: csv })) as {
      handle: string;
      name: string;
      size: number;
    };
    expect(opened.name).toBe('block.jsonl');
    const verifier = new ExportVerifier();
    let chunks = 0;
    for (;;) {
      const chunk = (await call(CHANNELS.readOpen, appEvent, opened.handle)) as string | null;
      if (chunk === null) break;
      verifier.feed(chunk);
      chunks++;
    }
    const r = verifier.finish();
    expect(chunks).toBeGreaterThan(1);
    expect(r.discrepancies).toEqual([]);
    expect(r.ok && r.complete && r.countsMatch).toBe(true);
    expect(r.unitsVerified).toBe(300_000);
    await expect(call(CHANNELS.readOpen, appEvent, opened.handle)).rejects.toThrow(/Unknown or finished file handle/);
    dialogs.showOpenDialog.mockResolvedValueOnce({ canceled: true, filePaths: [] });
    await expect(call(CHANNELS.beginOpen, appEvent, { filters: csv })).resolves.toBeNull();
  });

  it('beginOpen/readOpenBytes: a binary file (XLSX) comes back byte for byte', async () => {
    const file = join(dir, 'table.xlsx');
    const bytes = Uint8Array.from({ length: 3000 }, (_, i) => (i * 37) % 256);
    await writeFile(file, bytes);
    dialogs.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [file] });
    const opened = (await call(CHANNELS.beginOpen, appEvent, { filters: csv })) as { handle: string; size: number };
    expect(opened.size).toBe(3000);
    const got: number[] = [];
    for (;;) {
      const chunk = (await call(CHANNELS.readOpenBytes, appEvent, opened.handle)) as Uint8Array | null;
      if (chunk === null) break;
      expect(chunk).toBeInstanceOf(Uint8Array);
      got.push(...chunk);
    }
    expect(Uint8Array.from(got)).toEqual(bytes);
  });

  it('printToPdf: prints the sender then saves atomically', async () => {
    const target = join(dir, 'report.pdf');
    dialogs.showSaveDialog.mockResolvedValue({ canceled: false, filePath: target });
    await expect(call(CHANNELS.printToPdf, appEvent, { suggestedName: 'report' })).resolves.toEqual({
      saved: true,
      path: target,
    });
    expect(dialogs.showSaveDialog).toHaveBeenCalledWith(
      null,
      expect.objectContaining({
        defaultPath: join(dir, 'report.pdf'),
        filters: [{ name: 'PDF', extensions: ['pdf'] }],
      }),
    );
    expect(await readFile(target, 'utf8')).toBe('%PDF-1.7 fake');
  });

  it('printToPdf with a frame: header, footer and page numbers on every page, text escaped', async () => {
    const target = join(dir, 'framed.pdf');
    dialogs.showSaveDialog.mockResolvedValue({ canceled: false, filePath: target });
    const frame = { header: 'Rapport <Les 3 Gongs>', footer: 'Bloc — graine 42 : 7949a5', page: 'Page', of: 'sur' };
    await call(CHANNELS.printToPdf, appEvent, { suggestedName: 'framed', frame });
    const options = vi.mocked(sender.printToPDF).mock.lastCall![0] as unknown as {
      displayHeaderFooter: boolean;
      headerTemplate: string;
      footerTemplate: string;
    };
    expect(options.displayHeaderFooter).toBe(true);
    expect(options.headerTemplate).toContain('Rapport &lt;Les 3 Gongs&gt;');
    expect(options.footerTemplate).toContain('Bloc — graine 42 : 7949a5');
    expect(options.footerTemplate).toContain(
      'Page <span class="pageNumber"></span> sur <span class="totalPages"></span>',
    );
    await expect(
      call(CHANNELS.printToPdf, appEvent, { suggestedName: 'x', frame: { ...frame, page: 1 } }),
    ).rejects.toThrow();
  });

  it('printHtmlToPdf: the report page printed to bytes with its frame (evidence bundle); a bad request is refused first', async () => {
    const printHtml = vi.fn(async (html: string) => new TextEncoder().encode(`%PDF ${html.length}`));
    const local = new Map<string, Listener>();
    registerIpcHandlers(
      { handle: (channel: string, fn: Listener) => void local.set(channel, fn) } as never,
      createHandlers({
        appVersion: '1',
        defaultDirectory: dir,
        dialogs: dialogs as unknown as Dialogs,
        windowFor: () => null,
        store: new SettingsStore(dir),
        sessions,
        journal: new JournalStore(dir, '1', hasher),
        journalKey: new JournalKeyStore(dir, hasher),
        printHtml,
      }),
    );
    const frame = { header: 'Rapport', footer: 'Bloc — graine 1 : ab', page: 'Page', of: 'sur' };
    const pdf = await local.get(CHANNELS.printHtmlToPdf)!(appEvent, { html: '<p>rapport</p>', frame });
    expect(new TextDecoder().decode(pdf as Uint8Array)).toBe('%PDF 14');
    expect(printHtml).toHaveBeenCalledWith('<p>rapport</p>', frame);
    await expect(local.get(CHANNELS.printHtmlToPdf)!(appEvent, { html: '<p>x</p>' })).rejects.toThrow(
      'instantLab.printHtmlToPdf: invalid request — frame:',
    );
    expect(printHtml).toHaveBeenCalledTimes(1);
    // a main without a printer says so rather than return nothing
    await expect(call(CHANNELS.printHtmlToPdf, appEvent, { html: '<p>x</p>', frame })).rejects.toThrow(
      'this window cannot print a page to PDF',
    );
  });

  it('storeGet/storeSet round trip', async () => {
    await call(CHANNELS.storeSet, appEvent, 'locale', 'en');
    await expect(call(CHANNELS.storeGet, appEvent, 'locale')).resolves.toBe('en');
    await expect(call(CHANNELS.storeGet, appEvent, 'missing')).resolves.toBeUndefined();
  });
});

describe('journal channels', () => {
  const work = {
    kind: 'export-verified',
    at: '2026-12-01T22:00:00.000Z',
    app: '1.2.3',
    generator: 'instant-lab-gen/2',
    inputs: { file: 'a.jsonl', bytes: 10, sha256: 'ab'.repeat(32) },
    outputs: { verdict: 'conforming', discrepancies: 0 },
  };

  it('appends chained entries to userData/journal.jsonl and reads them back', async () => {
    expect(await call(CHANNELS.journalAppend, appEvent, work)).toMatchObject({ seq: 1 });
    expect(await call(CHANNELS.journalAppend, appEvent, { ...work, at: '2026-12-01T22:01:00.000Z' })).toMatchObject({
      seq: 2,
    });
    const read = (await call(CHANNELS.journalRead, appEvent)) as { text: string; repair: unknown; where: string };
    expect(read.repair).toBeNull();
    expect(read.where).toBe(join(dir, JOURNAL_FILE_NAME));
    expect(read.text).toBe(await readFile(join(dir, JOURNAL_FILE_NAME), 'utf8'));
    expect(verifyJournal(read.text)).toMatchObject({ ok: true, entries: 2 });
  });

  it('signs the journal main keeps with the app’s key, the same key each time', async () => {
    await call(CHANNELS.journalAppend, appEvent, work);
    const key = (await call(CHANNELS.journalKey, appEvent)) as { publicKey: string; fingerprint: string };
    const signed = (await call(CHANNELS.journalCheckpoint, appEvent)) as {
      text: string;
      checkpoint: Parameters<typeof checkpointText>[0];
    };
    expect(signed.text).toBe(await readFile(join(dir, JOURNAL_FILE_NAME), 'utf8'));
    const c = readCheckpoint(checkpointText(signed.checkpoint));
    expect(c).toMatchObject({ size: 1, fingerprint: key.fingerprint, publicKey: key.publicKey });
    expect(signed.checkpoint.root).toBe(Buffer.from(journalTree(Buffer.from(signed.text)).root).toString('hex'));
    expect(await call(CHANNELS.journalKey, appEvent)).toEqual(key);
    await expect(call(CHANNELS.journalCheckpoint, appEvent, 'size 99')).rejects.toThrow(/invalid request/);
  });

  it('answers other calls while a journal is hashed for its checkpoint, in the worker thread', async () => {
    let tip: JournalTip | null = null;
    const lines: string[] = [];
    // the request is held in the worker until the test lets it go, so the journal's size adds nothing
    for (let i = 0; i < 1_000; i++) {
      const entry = nextEntry(tip, { ...work, kind: 'export-verified', inputs: { ...work.inputs, bytes: i } });
      lines.push(entryLine(entry));
      tip = entry;
    }
    await writeFile(join(dir, JOURNAL_FILE_NAME), lines.join(''));
    // each request held in the worker thread until the test lets it go: main's answers come first by construction
    const held = new HeldJournalWorker();
    const heldHasher = new JournalHasher(held.start);
    const local = new Map<string, Listener>();
    registerIpcHandlers(
      { handle: (channel: string, fn: Listener) => void local.set(channel, fn) } as never,
      createHandlers({
        appVersion: '1.2.3',
        defaultDirectory: dir,
        dialogs: dialogs as unknown as Dialogs,
        windowFor: () => null,
        store: new SettingsStore(dir),
        sessions,
        journal: new JournalStore(dir, '1.2.3', heldHasher),
        journalKey: new JournalKeyStore(dir, heldHasher),
      }),
    );
    try {
      let signed = false;
      const signing = local.get(CHANNELS.journalCheckpoint)!(appEvent).finally(() => (signed = true));
      await held.reached();
      await local.get(CHANNELS.storeSet)!(appEvent, 'locale', 'en');
      expect(await local.get(CHANNELS.storeGet)!(appEvent, 'locale')).toBe('en');
      const key = (await local.get(CHANNELS.journalKey)!(appEvent)) as { fingerprint: string };
      expect(signed).toBe(false);
      held.open();
      const { text, checkpoint } = (await signing) as {
        text: string;
        checkpoint: Parameters<typeof checkpointText>[0];
      };
      expect(readCheckpoint(checkpointText(checkpoint))).toMatchObject({ size: 1_000, fingerprint: key.fingerprint });
      expect(checkpoint.root).toBe(Buffer.from(journalTree(Buffer.from(text)).root).toString('hex'));
      // the next entry chains to the tip the worker read
      expect(await local.get(CHANNELS.journalAppend)!(appEvent, work)).toMatchObject({ seq: 1_001 });
      expect(verifyJournal(await readFile(join(dir, JOURNAL_FILE_NAME)))).toMatchObject({ ok: true, entries: 1_001 });
    } finally {
      await heldHasher.close();
    }
  });

  it('refuses a foreign sender, a repair asked for, and work that is not plain JSON, before writing', async () => {
    await expect(call(CHANNELS.journalAppend, evilEvent, work)).rejects.toThrow();
    await expect(call(CHANNELS.journalAppend, appEvent, { ...work, kind: 'journal-repair' })).rejects.toThrow(
      /kind: a repair is recorded by the journal itself/,
    );
    await expect(
      call(CHANNELS.journalAppend, appEvent, { ...work, outputs: { discrepancies: Number.NaN } }),
    ).rejects.toThrow(/outputs: must be plain JSON/);
    await expect(call(CHANNELS.journalAppend, appEvent, { ...work, at: 'yesterday' })).rejects.toThrow(/at:/);
    await expect(call(CHANNELS.journalAppend, appEvent, { ...work, extra: 1 })).rejects.toThrow(/invalid request/);
    expect(await readdir(dir)).not.toContain(JOURNAL_FILE_NAME);
  });
});
