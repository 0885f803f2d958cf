/**
 * IPC handlers: one `ipcMain.handle` per channel of the contract. Each call checks the sender
 * first (checklist item 17), then validates the payload with the contract's zod schema, and
 * only then acts. Dependencies are injected so the handlers run under plain Node in tests.
 *
 * @see https://www.electronjs.org/docs/latest/api/ipc-main#ipcmainhandlechannel-listener
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type {
  BrowserWindow,
  IpcMain,
  IpcMainInvokeEvent,
  OpenDialogOptions,
  OpenDialogReturnValue,
  SaveDialogOptions,
  SaveDialogReturnValue,
  WebContents,
} from 'electron';
import { INVOKE_CONTRACT, INVOKE_METHODS, MAX_OPEN_BYTES, parseInvokeArgs } from '../bridge/contract';
import type { FileFilter, InvokeArgs, InvokeMethod, InvokeResult } from '../bridge/contract';
import { atomicWriteFile } from './files/atomic-write';
import type { SaveSessionManager } from './files/atomic-write';
import { ReadSessionManager } from './files/read-sessions';
import { asWriteError } from '@shared/node/write-errors';
import { assertTrustedSender } from './security/ipc-sender';
import { pageTemplates } from './print-templates';
import type { HtmlPrinter } from './print-html';
import type { JournalStore } from './journal/journal-store';
import type { JournalKeyStore } from './journal/journal-key';
import type { JournalWork } from '../../src-engine/journal/entry';

/** What the handlers read from an invoke event. */
export type InvokeEvent = Pick<IpcMainInvokeEvent, 'senderFrame' | 'sender'>;

/** The dialogs, as an interface so tests can script them. */
export interface Dialogs {
  showSaveDialog(window: BrowserWindow | null, options: SaveDialogOptions): Promise<SaveDialogReturnValue>;
  showOpenDialog(window: BrowserWindow | null, options: OpenDialogOptions): Promise<OpenDialogReturnValue>;
}

/** The settings store as the handlers see it. */
export interface KeyValueStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

/** Everything the handlers need from Electron and the rest of main. */
export interface IpcDeps {
  appVersion: string;
  /** Folder the save dialog opens in. */
  defaultDirectory: string;
  dialogs: Dialogs;
  windowFor(sender: WebContents): BrowserWindow | null;
  store: KeyValueStore;
  sessions: SaveSessionManager;
  /** Streamed reads of opened files (a private one when not given). */
  reads?: ReadSessionManager;
  /** Prints a report page to PDF bytes in a hidden window (print-html.ts); absent, nothing prints. */
  printHtml?: HtmlPrinter;
  /** The compliance journal in the userData folder (journal/journal-store.ts). */
  journal: Pick<JournalStore, 'read' | 'append'>;
  /** The app's journal key beside it, which signs its checkpoints here (journal/journal-key.ts). */
  journalKey: Pick<JournalKeyStore, 'publicKey' | 'checkpoint'>;
}

/** A handler receives validated arguments only. */
export type Handler<M extends InvokeMethod> = (event: InvokeEvent, ...args: InvokeArgs<M>) => Promise<InvokeResult<M>>;
export type Handlers = { [M in InvokeMethod]: Handler<M> };

const PDF_FILTERS: FileFilter[] = [{ name: 'PDF', extensions: ['pdf'] }];

/**
 * The implementation of every channel.
 *
 * @see https://www.electronjs.org/docs/latest/api/dialog
 * @see https://www.electronjs.org/docs/latest/api/web-contents#contentsprinttopdfoptions
 */
export function createHandlers(deps: IpcDeps): Handlers {
  const tracked = new WeakSet<WebContents>();
  const reads = deps.reads ?? new ReadSessionManager();

  async function askSavePath(event: InvokeEvent, suggestedName: string, filters: FileFilter[]) {
    const result = await deps.dialogs.showSaveDialog(deps.windowFor(event.sender), {
      defaultPath: join(deps.defaultDirectory, suggestedName),
      filters,
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    });
    return result.canceled || result.filePath === undefined || result.filePath === '' ? null : result.filePath;
  }

  /** A closed or crashed window must not leave half-written exports behind. */
  function abortSessionsOnDestroy(sender: WebContents): void {
    if (tracked.has(sender)) return;
    tracked.add(sender);
    sender.once('destroyed', () => {
      void deps.sessions.abortAllOf(sender.id);
      void reads.closeAllOf(sender.id);
    });
  }

  return {
    appInfo: async () => ({ version: deps.appVersion, platform: 'desktop' }),

    saveFile: async (event, req) => {
      const path = await askSavePath(event, req.suggestedName, req.filters);
      if (path === null) return { saved: false };
      await atomicWriteFile(path, req.data).catch((e: unknown) => {
        throw asWriteError(path, e);
      });
      return { saved: true, path };
    },

    beginSave: async (event, req) => {
      const path = await askSavePath(event, req.suggestedName, req.filters);
      if (path === null) return null;
      abortSessionsOnDestroy(event.sender);
      return {
        handle: await deps.sessions.begin(path, event.sender.id).catch((e: unknown) => {
          throw asWriteError(path, e);
        }),
      };
    },

    appendSave: async (event, handle, chunk) => {
      await deps.sessions.append(handle, event.sender.id, chunk);
    },

    commitSave: async (event, handle) => ({ saved: true, path: await deps.sessions.commit(handle, event.sender.id) }),

    abortSave: async (event, handle) => {
      await deps.sessions.abort(handle, event.sender.id);
    },

    openFile: async (event, req) => {
      const result = await deps.dialogs.showOpenDialog(deps.windowFor(event.sender), {
        filters: req.filters,
        properties: ['openFile'],
      });
      const path = result.canceled ? undefined : result.filePaths[0];
      if (path === undefined) return null;
      const { size } = await stat(path);
      if (size > MAX_OPEN_BYTES) {
        throw new Error(`File is too large to open (${size} bytes, at most ${MAX_OPEN_BYTES}).`);
      }
      // Strip a UTF-8 BOM: spreadsheet software adds one to CSV files.
      const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
      return { name: basename(path), text };
    },

    beginOpen: async (event, req) => {
      const result = await deps.dialogs.showOpenDialog(deps.windowFor(event.sender), {
        filters: req.filters,
        properties: ['openFile'],
      });
      const path = result.canceled ? undefined : result.filePaths[0];
      if (path === undefined) return null;
      abortSessionsOnDestroy(event.sender);
      const { handle, size } = await reads.begin(path, event.sender.id);
      return { handle, name: basename(path), size };
    },

    readOpen: async (event, handle) => reads.read(handle, event.sender.id),

    readOpenBytes: async (event, handle) => reads.readBytes(handle, event.sender.id),

    closeOpen: async (event, handle) => {
      await reads.close(handle, event.sender.id);
    },

    printToPdf: async (event, req) => {
      // Print first: the page must be captured as it is now, not after the dialog.
      const pdf = await event.sender.printToPDF({
        printBackground: true,
        pageSize: 'A4',
        ...(req.frame ? pageTemplates(req.frame) : {}),
      });
      const name = /\.pdf$/i.test(req.suggestedName) ? req.suggestedName : `${req.suggestedName}.pdf`;
      const path = await askSavePath(event, name, PDF_FILTERS);
      if (path === null) return { saved: false };
      await atomicWriteFile(path, pdf).catch((e: unknown) => {
        throw asWriteError(path, e);
      });
      return { saved: true, path };
    },

    printHtmlToPdf: async (_event, req) => {
      if (!deps.printHtml) throw new Error('instantLab.printHtmlToPdf: this window cannot print a page to PDF');
      return deps.printHtml(req.html, req.frame);
    },

    storeGet: async (_event, key) => deps.store.get(key),

    storeSet: async (_event, key, value) => {
      await deps.store.set(key, value);
    },

    // the schema checked the work's shape and that its parts are plain JSON: it is the engine's JournalWork
    journalAppend: async (_event, work) => deps.journal.append(work as JournalWork),

    journalRead: async () => deps.journal.read(),

    journalKey: async () => deps.journalKey.publicKey(),

    // signed over the journal main keeps, never over a size and root the renderer would name
    journalCheckpoint: async () => deps.journalKey.checkpoint(deps.journal),
  };
}

/**
 * Wraps one handler with the sender check and payload validation, in that order: a foreign
 * frame learns nothing, not even whether its payload was well-formed.
 *
 * @see https://www.electronjs.org/docs/latest/tutorial/security#17-validate-the-sender-of-all-ipc-messages
 */
export function guardedHandler<M extends InvokeMethod>(
  method: M,
  handler: Handler<M>,
  devOrigin?: string,
): (event: InvokeEvent, ...raw: unknown[]) => Promise<InvokeResult<M>> {
  return async (event, ...raw) => {
    assertTrustedSender(event, devOrigin);
    const args = parseInvokeArgs(method, raw);
    return handler(event, ...args);
  };
}

/**
 * Registers every channel of the contract on `ipcMain`.
 *
 * @returns the list of registered channels.
 * @see https://www.electronjs.org/docs/latest/api/ipc-main#ipcmainhandlechannel-listener
 */
export function registerIpcHandlers(
  ipcMain: Pick<IpcMain, 'handle'>,
  handlers: Handlers,
  devOrigin?: string,
): string[] {
  return INVOKE_METHODS.map((method) => {
    const channel = INVOKE_CONTRACT[method].channel;
    ipcMain.handle(channel, guardedHandler(method, handlers[method] as Handler<typeof method>, devOrigin));
    return channel;
  });
}
