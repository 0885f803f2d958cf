import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InstantLabApi as Api } from '../bridge/api';

const h = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invoke: vi.fn(),
  on: vi.fn(),
  removeListener: vi.fn(),
}));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => h.exposed.set(key, api) },
  ipcRenderer: { invoke: h.invoke, on: h.on, removeListener: h.removeListener },
}));

const { cleanRemoteError } = await import('./index');
const { CHANNELS } = await import('../bridge/contract');
const api = h.exposed.get('instantLab') as Api;

beforeEach(() => {
  h.invoke.mockReset();
  h.on.mockReset();
  h.removeListener.mockReset();
});

describe('preload', () => {
  it('exposes only window.instantLab, made of functions, without ipcRenderer', () => {
    expect([...h.exposed.keys()]).toEqual(['instantLab']);
    expect(Object.values(api).every((v) => typeof v === 'function')).toBe(true);
    expect(Object.keys(api).sort()).toEqual(
      [
        'abortSave',
        'appInfo',
        'appendSave',
        'beginOpen',
        'beginSave',
        'closeOpen',
        'commitSave',
        'journalAppend',
        'journalCheckpoint',
        'journalKey',
        'journalRead',
        'onMenuAction',
        'openFile',
        'printHtmlToPdf',
        'printToPdf',
        'readOpen',
        'readOpenBytes',
        'saveFile',
        'storeGet',
        'storeSet',
      ].sort(),
    );
    expect(Object.values(api)).not.toContain(h.invoke);
  });

  it('invokes the contract channel with validated arguments', async () => {
    h.invoke.mockResolvedValue({ saved: true, path: '/x/a.csv' });
    const req = { suggestedName: 'a.csv', filters: [{ name: 'CSV', extensions: ['csv'] }], data: 'x' };
    await expect(api.saveFile(req)).resolves.toEqual({ saved: true, path: '/x/a.csv' });
    expect(h.invoke).toHaveBeenCalledWith(CHANNELS.saveFile, req);
    h.invoke.mockResolvedValue(undefined);
    await api.appendSave('0b6c4d4e-7f7a-4d1e-9a5b-2f7f4a1c9e10', 'chunk');
    expect(h.invoke).toHaveBeenLastCalledWith(CHANNELS.appendSave, '0b6c4d4e-7f7a-4d1e-9a5b-2f7f4a1c9e10', 'chunk');
  });

  it('rejects invalid arguments without sending anything', async () => {
    await expect(api.storeSet('NOT OK', 1)).rejects.toThrow(/^instantLab\.storeSet: invalid request — key: must match/);
    await expect(
      api.saveFile({ suggestedName: 'a/b.csv', filters: [], data: 'x' } as Parameters<Api['saveFile']>[0]),
    ).rejects.toThrow('instantLab.saveFile: invalid request — suggestedName: must be a bare file name (no folder)');
    expect(h.invoke).not.toHaveBeenCalled();
  });

  it('rejects malformed responses and unwraps remote errors', async () => {
    h.invoke.mockResolvedValue({ version: '1', platform: 'toaster' });
    await expect(api.appInfo()).rejects.toThrow(/invalid response/);
    h.invoke.mockRejectedValue(new Error("Error invoking remote method 'store:get': Error: IPC refused: nope"));
    await expect(api.storeGet('locale')).rejects.toThrow(/^IPC refused: nope$/);
    expect(cleanRemoteError('x').message).toBe('x');
  });

  it('forwards valid menu actions only, and unsubscribes', () => {
    const cb = vi.fn();
    const off = api.onMenuAction(cb);
    const listener = h.on.mock.calls[0]?.[1] as (event: unknown, action: unknown) => void;
    expect(h.on.mock.calls[0]?.[0]).toBe('menu:action');
    listener({ sender: 'secret' }, 'export');
    listener({}, 'rm -rf /');
    expect(cb).toHaveBeenCalledTimes(1);
    expect(cb).toHaveBeenCalledWith('export');
    off();
    expect(h.removeListener).toHaveBeenCalledWith('menu:action', listener);
  });
});
