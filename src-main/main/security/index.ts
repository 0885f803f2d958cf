/**
 * One module per rule of Electron's security checklist; this file wires the per-webContents
 * rules onto every webContents ever created, so no window can escape them.
 *
 * Rules applied elsewhere: items 2, 3, 4, 6, 8, 9, 10 in `../window.ts` (webPreferences),
 * item 18 (custom protocol instead of file://) in `../protocol.ts`.
 *
 * @see https://www.electronjs.org/docs/latest/tutorial/security#checklist-security-recommendations
 */
import type { App } from 'electron';
import { denyForeignNavigation } from './navigation';
import { denyNewWindows } from './new-windows';
import { denyWebviews } from './webview';

export { applyDevCspHeader } from './csp';
export { denyAllPermissions } from './permissions';

/**
 * Applies navigation, new-window and webview rules to every webContents when created.
 *
 * @see https://www.electronjs.org/docs/latest/api/app#event-web-contents-created
 */
export function hardenAllWebContents(
  app: Pick<App, 'on'>,
  openExternal: (url: string) => Promise<void>,
  devOrigin?: string,
): void {
  app.on('web-contents-created', (_event, contents) => {
    denyForeignNavigation(contents, devOrigin);
    denyNewWindows(contents, openExternal);
    denyWebviews(contents);
  });
}
