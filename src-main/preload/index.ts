/**
 * Preload (sandboxed, built as CommonJS): exposes `window.instantLab`, an {@link InstantLabApi}
 * implemented with `ipcRenderer.invoke` on the contract's channels only. `ipcRenderer` itself
 * is never exposed (checklist item 20), and arguments are validated here before sending so
 * the renderer gets a clear error without a round trip; main validates again.
 *
 * @see https://www.electronjs.org/docs/latest/tutorial/context-isolation
 * @see https://www.electronjs.org/docs/latest/tutorial/security#20-do-not-expose-electron-apis-to-untrusted-web-content
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { IpcRendererEvent } from 'electron';
import { CHANNELS, INVOKE_CONTRACT, MenuActionSchema, parseInvokeArgs, parseInvokeResult } from '../bridge/contract';
import type { InvokeMethod, InvokeResult, MenuAction } from '../bridge/contract';
import type { InstantLabApi } from '../bridge/api';

/** Global name of the API in the renderer. */
export const API_KEY = 'instantLab';

/** Electron prefixes errors thrown by main handlers; the renderer only needs the message. */
export function cleanRemoteError(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(String(error));
  const message = error.message.replace(/^Error invoking remote method '[^']*': (?:Error: )?/, '');
  return message === error.message ? error : new Error(message);
}

/**
 * Validates, invokes, validates the answer.
 *
 * @see https://www.electronjs.org/docs/latest/api/ipc-renderer#ipcrendererinvokechannel-args
 */
async function invoke<M extends InvokeMethod>(method: M, ...args: unknown[]): Promise<InvokeResult<M>> {
  const valid = parseInvokeArgs(method, args);
  let result: unknown;
  try {
    result = await ipcRenderer.invoke(INVOKE_CONTRACT[method].channel, ...(valid as unknown[]));
  } catch (error) {
    throw cleanRemoteError(error);
  }
  return parseInvokeResult(method, result);
}

/**
 * The API object. Built by a function so tests can inspect it without a renderer.
 *
 * @see https://www.electronjs.org/docs/latest/api/context-bridge#contextbridgeexposeinmainworldapikey-api
 */
export function createPreloadApi(): InstantLabApi {
  return {
    appInfo: () => invoke('appInfo'),
    saveFile: (req) => invoke('saveFile', req),
    beginSave: (req) => invoke('beginSave', req),
    appendSave: (handle, chunk) => invoke('appendSave', handle, chunk),
    commitSave: (handle) => invoke('commitSave', handle),
    abortSave: (handle) => invoke('abortSave', handle),
    openFile: (req) => invoke('openFile', req),
    beginOpen: (req) => invoke('beginOpen', req),
    readOpen: (handle) => invoke('readOpen', handle),
    readOpenBytes: (handle) => invoke('readOpenBytes', handle),
    closeOpen: (handle) => invoke('closeOpen', handle),
    printToPdf: (req) => invoke('printToPdf', req),
    printHtmlToPdf: (req) => invoke('printHtmlToPdf', req),
    storeGet: (key) => invoke('storeGet', key),
    storeSet: (key, value) => invoke('storeSet', key, value),
    journalAppend: (work) => invoke('journalAppend', work),
    journalRead: () => invoke('journalRead'),
    journalKey: () => invoke('journalKey'),
    journalCheckpoint: () => invoke('journalCheckpoint'),
    onMenuAction(callback) {
      if (typeof callback !== 'function') throw new TypeError('instantLab.onMenuAction: callback must be a function');
      // Wrap so the renderer never receives the IpcRendererEvent (it carries `sender`).
      const listener = (_event: IpcRendererEvent, action: unknown): void => {
        const parsed = MenuActionSchema.safeParse(action);
        if (parsed.success) callback(parsed.data satisfies MenuAction);
      };
      ipcRenderer.on(CHANNELS.menuAction, listener);
      return () => {
        ipcRenderer.removeListener(CHANNELS.menuAction, listener);
      };
    },
  };
}

contextBridge.exposeInMainWorld(API_KEY, createPreloadApi());
