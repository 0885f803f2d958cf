/**
 * The {@link InstantLabApi} for the browser build (`npm run web`): downloads instead of save
 * dialogs, a hidden file input instead of the open dialog, `window.print()` instead of
 * printToPDF, and localStorage instead of the settings file. Arguments are validated with the
 * same zod schemas as on desktop, so both builds fail the same way on bad input.
 */
import { MAX_OPEN_BYTES, parseInvokeArgs } from '../../src-main/bridge/contract';
import type { InstantLabApi } from '../../src-main/bridge/api';
import type { JournalWork } from '@engine';
import type {
  JournalAppended,
  JournalCheckpoint,
  JournalKey,
  JournalRead,
} from '../../src-main/bridge/journal-contract';
import { idbJournalLines, journalOver } from './journal-idb';
import type { JournalLines } from './journal-idb';
import { idbJournalKeySlot, journalKeyOver } from './journal-key-idb';
import type { JournalHeadOf, JournalKeySlot } from './journal-key-idb';
import { enginePool } from '../workers/engine-pool';
import type {
  AppInfo,
  BeginOpenResult,
  BeginSaveResult,
  CommitSaveResult,
  FileFilter,
  OpenFileResult,
  SaveResult,
} from '../../src-main/bridge/contract';

/** localStorage key prefix of every setting. */
export const STORAGE_PREFIX = 'instant-lab:';

/** The browser facilities used, injectable for tests. */
export interface BrowserEnv {
  document: Document;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  print: () => void;
  createObjectURL: (blob: Blob) => string;
  revokeObjectURL: (url: string) => void;
  version: string;
  /** Where the compliance journal's lines are kept (IndexedDB in the app). */
  journal: JournalLines;
  /** Where the journal's signing key is kept (IndexedDB in the app), and the WebCrypto that signs with it. */
  journalKey: JournalKeySlot;
  subtle: SubtleCrypto;
  /** The journal's size and root, hashed in a worker: a long journal hashes for a while. */
  journalHead: JournalHeadOf;
}

function mimeFor(name: string, data: string | Uint8Array): string {
  if (/\.csv$/i.test(name)) return 'text/csv;charset=utf-8';
  if (/\.json$/i.test(name)) return 'application/json';
  if (/\.xlsx$/i.test(name)) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (/\.pdf$/i.test(name)) return 'application/pdf';
  return typeof data === 'string' ? 'text/plain;charset=utf-8' : 'application/octet-stream';
}

/**
 * Triggers a download of `parts` as `name` through a temporary `<a download>`.
 *
 * @see https://developer.mozilla.org/en-US/docs/Web/HTML/Element/a#download
 */
function download(env: BrowserEnv, name: string, parts: BlobPart[], type: string): void {
  const url = env.createObjectURL(new Blob(parts, { type }));
  const anchor = env.document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  env.document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // Revoke later: revoking synchronously can cancel the download in some browsers.
  setTimeout(() => env.revokeObjectURL(url), 60_000);
}

/**
 * Lets the user pick a file with a hidden `<input type=file>`. Resolves `null` on cancel
 * (the `cancel` event, supported by current browsers).
 *
 * @see https://developer.mozilla.org/en-US/docs/Web/API/HTMLInputElement/cancel_event
 */
function pickFile(env: BrowserEnv, accept: string): Promise<File | null> {
  return new Promise((resolve) => {
    const input = env.document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.style.display = 'none';
    const finish = (file: File | null): void => {
      input.remove();
      resolve(file);
    };
    input.addEventListener('change', () => finish(input.files?.[0] ?? null), { once: true });
    input.addEventListener('cancel', () => finish(null), { once: true });
    env.document.body.appendChild(input);
    input.click();
  });
}

/** The `accept` attribute of a file input for the dialog's filters. */
function acceptOf(filters: readonly FileFilter[]): string {
  return filters
    .flatMap((f) => f.extensions)
    .filter((e) => e !== '*')
    .map((e) => `.${e}`)
    .join(',');
}

/**
 * Builds the browser implementation.
 *
 * @see https://developer.mozilla.org/en-US/docs/Web/API/Window/localStorage
 */
export function createBrowserApi(env: BrowserEnv): InstantLabApi {
  const pending = new Map<string, { name: string; chunks: Blob[] }>();
  const encoder = new TextEncoder();
  /**
   * Streamed reads (`beginOpen`), as on desktop: the file is decoded chunk by chunk as text
   * (`readOpen`), or given as bytes (`readOpenBytes`); the reader is made by the first read.
   */
  const reads = new Map<
    string,
    {
      file: File;
      text?: ReadableStreamDefaultReader<string>;
      bytes?: ReadableStreamDefaultReader<Uint8Array>;
    }
  >();
  let nextHandle = 0;
  const journal = journalOver(env.journal);
  const journalKey = journalKeyOver(env.journalKey, env.subtle, env.journalHead);

  const session = (handle: string) => {
    const s = pending.get(handle);
    if (s === undefined) throw new Error('Unknown or finished export handle.');
    return s;
  };

  return {
    async appInfo(): Promise<AppInfo> {
      return { version: env.version, platform: 'web' };
    },

    async saveFile(...args): Promise<SaveResult> {
      const [req] = parseInvokeArgs('saveFile', args);
      download(env, req.suggestedName, [req.data as BlobPart], mimeFor(req.suggestedName, req.data));
      // The browser decides the folder and never tells us: no path.
      return { saved: true };
    },

    async beginSave(...args): Promise<BeginSaveResult> {
      const [req] = parseInvokeArgs('beginSave', args);
      // Same shape as desktop handles (a UUID) so the shared schema accepts it.
      const handle = `00000000-0000-4000-8000-${(nextHandle++).toString(16).padStart(12, '0')}`;
      pending.set(handle, { name: req.suggestedName, chunks: [] });
      return { handle };
    },

    async appendSave(...args): Promise<void> {
      const [handle, chunk] = parseInvokeArgs('appendSave', args);
      // bytes now, a chunk at a time (a blob of bytes is several times cheaper than one of text): a
      // whole file's text made a blob at the end holds the UI thread for a second
      session(handle).chunks.push(new Blob([encoder.encode(chunk)]));
    },

    async commitSave(...args): Promise<CommitSaveResult> {
      const [handle] = parseInvokeArgs('commitSave', args);
      const s = session(handle);
      pending.delete(handle);
      download(env, s.name, s.chunks, mimeFor(s.name, ''));
      return { saved: true, path: s.name };
    },

    async abortSave(...args): Promise<void> {
      const [handle] = parseInvokeArgs('abortSave', args);
      pending.delete(handle);
    },

    async openFile(...args): Promise<OpenFileResult> {
      const [req] = parseInvokeArgs('openFile', args);
      const file = await pickFile(env, acceptOf(req.filters));
      if (file === null) return null;
      if (file.size > MAX_OPEN_BYTES) {
        throw new Error(`File is too large to open (${file.size} bytes, at most ${MAX_OPEN_BYTES}).`);
      }
      return { name: file.name, text: (await file.text()).replace(/^\uFEFF/, '') };
    },

    async beginOpen(...args): Promise<BeginOpenResult> {
      const [req] = parseInvokeArgs('beginOpen', args);
      const file = await pickFile(env, acceptOf(req.filters));
      if (file === null) return null;
      const handle = crypto.randomUUID();
      reads.set(handle, { file });
      return { handle, name: file.name, size: file.size };
    },

    async readOpen(...args): Promise<string | null> {
      const [handle] = parseInvokeArgs('readOpen', args);
      const r = reads.get(handle);
      if (r === undefined) throw new Error('Unknown or finished file handle.');
      r.text ??= r.file
        .stream()
        .pipeThrough(new TextDecoderStream('utf-8', { ignoreBOM: true }))
        .getReader();
      for (;;) {
        const { done, value } = await r.text.read();
        if (done) {
          reads.delete(handle);
          return null;
        }
        if (value.length > 0) return value;
      }
    },

    async readOpenBytes(...args): Promise<Uint8Array | null> {
      const [handle] = parseInvokeArgs('readOpenBytes', args);
      const r = reads.get(handle);
      if (r === undefined) throw new Error('Unknown or finished file handle.');
      r.bytes ??= r.file.stream().getReader();
      for (;;) {
        const { done, value } = await r.bytes.read();
        if (done) {
          reads.delete(handle);
          return null;
        }
        if (value.byteLength > 0) return value;
      }
    },

    async closeOpen(...args): Promise<void> {
      const [handle] = parseInvokeArgs('closeOpen', args);
      const r = reads.get(handle);
      reads.delete(handle);
      await (r?.text ?? r?.bytes)?.cancel().catch(() => undefined);
    },

    async printToPdf(...args): Promise<SaveResult> {
      parseInvokeArgs('printToPdf', args);
      // The browser's print dialog offers "Save as PDF"; whether the user did is unknown.
      env.print();
      return { saved: false };
    },

    async printHtmlToPdf(...args): Promise<Uint8Array | null> {
      parseInvokeArgs('printHtmlToPdf', args);
      // A page cannot print HTML to PDF bytes without the print dialog: there is no PDF to return.
      return null;
    },

    async storeGet(...args): Promise<unknown> {
      const [key] = parseInvokeArgs('storeGet', args);
      const raw = env.storage.getItem(STORAGE_PREFIX + key);
      if (raw === null) return undefined;
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        return undefined;
      }
    },

    async storeSet(...args): Promise<void> {
      const [key, value] = parseInvokeArgs('storeSet', args);
      env.storage.setItem(STORAGE_PREFIX + key, JSON.stringify(value));
    },

    async journalAppend(...args): Promise<JournalAppended> {
      const [work] = parseInvokeArgs('journalAppend', args);
      return journal.append(work as JournalWork);
    },

    async journalRead(...args): Promise<JournalRead> {
      parseInvokeArgs('journalRead', args);
      return journal.read();
    },

    async journalKey(...args): Promise<JournalKey> {
      parseInvokeArgs('journalKey', args);
      return journalKey.publicKey();
    },

    async journalCheckpoint(...args): Promise<JournalCheckpoint> {
      parseInvokeArgs('journalCheckpoint', args);
      return journalKey.checkpoint(journal);
    },

    onMenuAction() {
      // No native menu in the browser.
      return () => undefined;
    },
  };
}

/**
 * The implementation bound to the real `window`.
 *
 * @see https://developer.mozilla.org/en-US/docs/Web/API/URL/createObjectURL_static
 */
export function createDefaultBrowserApi(version: string): InstantLabApi {
  return createBrowserApi({
    document: window.document,
    storage: window.localStorage,
    print: () => window.print(),
    createObjectURL: (blob) => URL.createObjectURL(blob),
    revokeObjectURL: (url) => URL.revokeObjectURL(url),
    version,
    journal: idbJournalLines(window.indexedDB),
    journalKey: idbJournalKeySlot(window.indexedDB),
    subtle: window.crypto.subtle,
    journalHead: (text) => enginePool().run('journalHead', { text }),
  });
}
