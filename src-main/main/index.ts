/**
 * Main process entry: app lifecycle only. Each concern lives in its own module.
 *
 * Order matters: the `app:` scheme must be registered as privileged and the sandbox enabled
 * at module load, BEFORE `app.whenReady()`; Electron ignores both afterwards (and Web Workers
 * then fail under the custom protocol).
 *
 * @see https://www.electronjs.org/docs/latest/api/protocol#protocolregisterschemesasprivilegedcustomschemes
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { BrowserWindow, app, dialog, ipcMain, protocol, session, shell } from 'electron';
import type { WebContents } from 'electron';
import { CHANNELS } from '../bridge/contract';
import type { MenuAction } from '../bridge/contract';
import { SaveSessionManager } from './files/atomic-write';
import { createHandlers, registerIpcHandlers } from './ipc';
import { JournalStore } from './journal/journal-store';
import { JournalKeyStore } from './journal/journal-key';
import { JournalHasher } from './journal/journal-hasher';
import { PRINT_PARTITION, htmlPrinter } from './print-html';
import type { Dialogs } from './ipc';
import { installMenu } from './menu';
import type { MenuLocale } from './menu';
import { registerPrivilegedSchemes, serveRenderer } from './protocol';
import { applyDevCspHeader, denyAllPermissions, hardenAllWebContents } from './security';
import { SettingsStore } from './settings-store';
import { createMainWindow, rendererUrl } from './window';

// --- Before ready ---------------------------------------------------------------------------
registerPrivilegedSchemes(protocol);
// Checklist item 4: sandbox every renderer, whatever its webPreferences say.
app.enableSandbox();

const startUrl = rendererUrl(process.env, app.isPackaged);
// Only set in development (electron-vite dev server); production trusts app:// alone.
const devOrigin = startUrl.startsWith('http') ? new URL(startUrl).origin : undefined;
const rendererRoot = fileURLToPath(new URL('../renderer', import.meta.url));
// beside this entry in out/main: electron-vite bundles the journal's worker thread as an entry of its own
const journalWorker = new URL('./journal-worker.js', import.meta.url);

let mainWindow: BrowserWindow | null = null;
const sessions = new SaveSessionManager();

hardenAllWebContents(app, (url) => shell.openExternal(url), devOrigin);

const dialogs: Dialogs = {
  showSaveDialog: (window, options) =>
    window === null ? dialog.showSaveDialog(options) : dialog.showSaveDialog(window, options),
  showOpenDialog: (window, options) =>
    window === null ? dialog.showOpenDialog(options) : dialog.showOpenDialog(window, options),
};

function sendMenuAction(action: MenuAction): void {
  mainWindow?.webContents.send(CHANNELS.menuAction, action);
}

function refreshMenu(locale: unknown): void {
  const menuLocale: MenuLocale = locale === 'en' ? 'en' : 'fr';
  installMenu({
    locale: menuLocale,
    isDev: !app.isPackaged,
    isMac: process.platform === 'darwin',
    send: sendMenuAction,
  });
}

function openMainWindow(): void {
  mainWindow = createMainWindow(startUrl);
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
}

// --- Ready ----------------------------------------------------------------------------------
void app.whenReady().then(async () => {
  denyAllPermissions(session.defaultSession);
  if (devOrigin !== undefined) applyDevCspHeader(session.defaultSession, devOrigin);
  serveRenderer(protocol, rendererRoot);

  const store = new SettingsStore(app.getPath('userData'));
  // the whole journal is hashed in a worker thread: a large one never holds up main's replies
  const hasher = new JournalHasher(() => new Worker(journalWorker));
  const journal = new JournalStore(app.getPath('userData'), app.getVersion(), hasher);
  // opened at start: a torn last entry is kept aside and its repair journaled before any screen asks
  void journal.start();
  registerIpcHandlers(
    ipcMain,
    createHandlers({
      appVersion: app.getVersion(),
      defaultDirectory: app.getPath('documents'),
      dialogs,
      windowFor: (sender: WebContents) => BrowserWindow.fromWebContents(sender),
      store,
      sessions,
      journal,
      journalKey: new JournalKeyStore(app.getPath('userData'), hasher),
      // the evidence bundle's PDF: the report's HTML printed in a hidden window of its own, served
      // from memory in a session of its own (never from a file: it could frame the disk)
      printHtml: htmlPrinter((options) => new BrowserWindow(options), session.fromPartition(PRINT_PARTITION)),
    }),
    devOrigin,
  );

  refreshMenu(await store.get('locale').catch(() => undefined));
  store.onDidChange((key, value) => {
    if (key === 'locale') refreshMenu(value);
  });

  openMainWindow();
  app.on('activate', () => {
    // macOS: re-create the window when the dock icon is clicked and none is open.
    if (BrowserWindow.getAllWindows().length === 0) openMainWindow();
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

app.on('will-quit', (event) => {
  if (sessions.size === 0) return;
  // Delete unfinished exports' temp files before exiting, then quit for real.
  event.preventDefault();
  void sessions.abortAll().finally(() => app.quit());
});
