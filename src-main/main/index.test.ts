/**
 * Boots the real main entry against a mocked `electron` and checks the order of the calls
 * that Electron only honours before `ready`, then what happens once ready.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { INVOKE_METHODS } from '../bridge/contract';

const h = vi.hoisted(() => {
  const calls: string[] = [];
  let resolveReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });
  const state = { userData: '', windows: [] as { options: unknown; url?: string }[] };
  return { calls, ready, resolveReady: () => resolveReady(), state };
});

vi.mock('electron', () => {
  const { calls, ready, state } = h;
  class BrowserWindow {
    static getAllWindows = () => [];
    static fromWebContents = () => null;
    webContents = { send: vi.fn() };
    record: { options: unknown; url?: string };
    constructor(options: unknown) {
      calls.push('new BrowserWindow');
      this.record = { options };
      state.windows.push(this.record);
    }
    once() {}
    on() {}
    show() {}
    async loadURL(url: string) {
      this.record.url = url;
    }
  }
  return {
    BrowserWindow,
    app: {
      isPackaged: true,
      enableSandbox: vi.fn(() => calls.push('app.enableSandbox')),
      whenReady: vi.fn(() => {
        calls.push('app.whenReady');
        return ready;
      }),
      on: vi.fn((name: string) => calls.push(`app.on:${name}`)),
      getPath: vi.fn(() => state.userData),
      getVersion: () => '0.1.0',
      quit: vi.fn(),
    },
    protocol: {
      registerSchemesAsPrivileged: vi.fn(() => calls.push('protocol.registerSchemesAsPrivileged')),
      handle: vi.fn((scheme: string) => calls.push(`protocol.handle:${scheme}`)),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: vi.fn(() => calls.push('session.setPermissionRequestHandler')),
        setPermissionCheckHandler: vi.fn(),
        webRequest: { onHeadersReceived: vi.fn() },
      },
      fromPartition: vi.fn((name: string) => {
        calls.push(`session.fromPartition:${name}`);
        return { protocol: { handle: vi.fn() }, webRequest: { onBeforeRequest: vi.fn() } };
      }),
    },
    ipcMain: { handle: vi.fn((channel: string) => calls.push(`ipcMain.handle:${channel}`)) },
    dialog: { showSaveDialog: vi.fn(), showOpenDialog: vi.fn() },
    shell: { openExternal: vi.fn() },
    Menu: {
      buildFromTemplate: vi.fn(() => ({})),
      setApplicationMenu: vi.fn(() => calls.push('Menu.setApplicationMenu')),
    },
  };
});

describe('main entry', () => {
  let dir = '';
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('registers the privileged scheme and the sandbox before app.whenReady()', async () => {
    delete process.env['ELECTRON_RENDERER_URL'];
    dir = await mkdtemp(join(tmpdir(), 'instant-lab-main-'));
    h.state.userData = dir;
    await import('./index');
    const privileged = h.calls.indexOf('protocol.registerSchemesAsPrivileged');
    const sandbox = h.calls.indexOf('app.enableSandbox');
    const whenReady = h.calls.indexOf('app.whenReady');
    expect(privileged).toBeGreaterThanOrEqual(0);
    expect(sandbox).toBeGreaterThanOrEqual(0);
    expect(privileged).toBeLessThan(whenReady);
    expect(sandbox).toBeLessThan(whenReady);
    expect(h.calls).toContain('app.on:web-contents-created');
    // Nothing that needs a ready app has run yet.
    expect(h.calls.some((c) => c.startsWith('protocol.handle') || c === 'new BrowserWindow')).toBe(false);
  });

  it('once ready: permissions, protocol, IPC, menu, then a hardened window on app://', async () => {
    h.resolveReady();
    await vi.waitFor(() => expect(h.state.windows).toHaveLength(1));
    const order = (name: string) => h.calls.indexOf(name);
    expect(order('session.setPermissionRequestHandler')).toBeLessThan(order('new BrowserWindow'));
    expect(order('protocol.handle:app')).toBeLessThan(order('new BrowserWindow'));
    expect(order('ipcMain.handle:file:save')).toBeLessThan(order('new BrowserWindow'));
    expect(h.calls.filter((c) => c.startsWith('ipcMain.handle:'))).toHaveLength(INVOKE_METHODS.length);
    expect(h.calls).toContain('Menu.setApplicationMenu');
    const win = h.state.windows[0];
    expect(win?.url).toBe('app://instant-lab/index.html');
    expect(win?.options).toMatchObject({
      webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true },
    });
  });
});
