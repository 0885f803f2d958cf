/**
 * The main window: options built by a pure function (tested flag by flag), then created and
 * pointed at the app protocol or, in development, at the electron-vite dev server.
 */
import { fileURLToPath } from 'node:url';
import { BrowserWindow } from 'electron';
import type { BrowserWindowConstructorOptions } from 'electron';
import { APP_ORIGIN } from './security/origins';

/** Entry page of the packaged renderer. */
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** Window title until the renderer sets its own. */
export const WINDOW_TITLE = 'Instant Lab';

/**
 * Path of the CommonJS preload next to the built main (`out/main` → `out/preload/index.cjs`).
 *
 * @see https://www.electronjs.org/docs/latest/tutorial/esm#preload-scripts
 */
export function defaultPreloadPath(mainModuleUrl: string = import.meta.url): string {
  return fileURLToPath(new URL('../preload/index.cjs', mainModuleUrl));
}

/**
 * Options of the main window. Security-relevant webPreferences are spelled out even when
 * they are Electron's defaults, so a future default change or a careless edit shows up in
 * tests: checklist items 2, 3, 4, 6, 8, 9, 10 and `webviewTag: false` for items 11–12.
 *
 * @see https://www.electronjs.org/docs/latest/tutorial/security
 * @see https://www.electronjs.org/docs/latest/api/structures/web-preferences
 */
export function buildWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 960,
    minHeight: 640,
    title: WINDOW_TITLE,
    show: false, // shown on 'ready-to-show' to avoid a white flash
    backgroundColor: '#101418',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  };
}

/**
 * URL the window loads: the dev server when electron-vite provides one and the app is not
 * packaged, else the app protocol.
 *
 * @see https://electron-vite.org/guide/dev#dev-server-url
 */
export function rendererUrl(env: Readonly<Record<string, string | undefined>>, isPackaged: boolean): string {
  const devUrl = env['ELECTRON_RENDERER_URL'];
  return !isPackaged && devUrl !== undefined && devUrl !== '' ? devUrl : APP_ENTRY_URL;
}

/**
 * Creates the main window and loads the renderer.
 *
 * @see https://www.electronjs.org/docs/latest/api/browser-window
 */
export function createMainWindow(url: string, preloadPath: string = defaultPreloadPath()): BrowserWindow {
  const window = new BrowserWindow(buildWindowOptions(preloadPath));
  window.once('ready-to-show', () => window.show());
  void window.loadURL(url);
  return window;
}
