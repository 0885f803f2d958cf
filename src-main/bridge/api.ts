/**
 * The API the renderer sees, typed from the bridge contract (contract.ts holds the one channel map
 * and its schemas; this file only names the methods and what each does). Types only: like the rest
 * of the contract it imports nothing from Electron or Node, so the preload and the browser build
 * bundle it as is.
 */
import type {
  AppInfo,
  BeginSaveRequest,
  BeginSaveResult,
  BeginOpenResult,
  CommitSaveResult,
  MenuAction,
  OpenFileRequest,
  OpenFileResult,
  PrintHtmlRequest,
  PrintToPdfRequest,
  SaveFileRequest,
  SaveResult,
} from './contract';
import type { JournalAppended, JournalCheckpoint, JournalKey, JournalRead, JournalWork } from './journal-contract';

/**
 * The API the renderer sees as `window.instantLab` (desktop) or gets from the browser
 * implementation (`npm run web`). Obtain it with `getBridge()` from `src-renderer/bridge`.
 */
export interface InstantLabApi {
  /** App version and where it runs. */
  appInfo(): Promise<AppInfo>;
  /** Save dialog, then atomic write. Cancelled dialog → `{ saved: false }`. */
  saveFile(req: SaveFileRequest): Promise<SaveResult>;
  /** Start a streaming save (large exports). `null` when the dialog is cancelled. */
  beginSave(req: BeginSaveRequest): Promise<BeginSaveResult>;
  /** Append one chunk (≤ 16 Mi characters) to a streaming save, in call order. */
  appendSave(handle: string, chunk: string): Promise<void>;
  /** Finish a streaming save: the file appears under its final name only now. */
  commitSave(handle: string): Promise<CommitSaveResult>;
  /** Discard a streaming save: no file is left behind. */
  abortSave(handle: string): Promise<void>;
  /** Open dialog and read the chosen file as UTF-8 text. `null` when cancelled. */
  openFile(req: OpenFileRequest): Promise<OpenFileResult>;
  /** Open dialog, then a streamed read of the chosen file, of any size. `null` when cancelled. */
  beginOpen(req: OpenFileRequest): Promise<BeginOpenResult>;
  /** The next chunk of UTF-8 text of a streamed read, in order; `null` at the end (the file is then closed). */
  readOpen(handle: string): Promise<string | null>;
  /** The next chunk of bytes of a streamed read (binary files; not mixed with `readOpen` on one handle); `null` at the end. */
  readOpenBytes(handle: string): Promise<Uint8Array | null>;
  /** Ends a streamed read early. */
  closeOpen(handle: string): Promise<void>;
  /** Print the current page to PDF (desktop) or open the print dialog (web). */
  printToPdf(req: PrintToPdfRequest): Promise<SaveResult>;
  /**
   * Print a report page (its HTML, never the app's page) to PDF and return the bytes, each page
   * with the frame's header and footer (desktop); `null` in the browser build, which cannot.
   */
  printHtmlToPdf(req: PrintHtmlRequest): Promise<Uint8Array | null>;
  /** Read a setting; `undefined` when absent. */
  storeGet(key: string): Promise<unknown>;
  /** Write a setting (JSON value, ≤ 5 MB). */
  storeSet(key: string, value: unknown): Promise<void>;
  /**
   * Appends one entry to the app's compliance journal (desktop: `userData/journal.jsonl`, written
   * and flushed to the disk before this resolves; browser: IndexedDB), chained to the last one.
   */
  journalAppend(work: JournalWork): Promise<JournalAppended>;
  /** The app's journal as stored, and what was repaired at start (a torn last entry kept aside). */
  journalRead(): Promise<JournalRead>;
  /**
   * The app's journal key (made on first need and kept by the app: desktop, `userData/journal-key.json`;
   * browser, IndexedDB): its public key and fingerprint. The private key stays where it is kept.
   */
  journalKey(): Promise<JournalKey>;
  /** The journal as it is now and its checkpoint (size, Merkle root, time) signed with the app's journal key. */
  journalCheckpoint(): Promise<JournalCheckpoint>;
  /** Subscribe to native menu actions; returns the unsubscribe function. */
  onMenuAction(callback: (action: MenuAction) => void): () => void;
}
