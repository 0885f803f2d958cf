/**
 * Checklist item 13, "Disable or limit navigation": the window may only navigate inside
 * the app origin; anything else (a link, a redirect, an injected `location =`) is cancelled.
 *
 * @see https://www.electronjs.org/docs/latest/tutorial/security#13-disable-or-limit-navigation
 */
import type { WebContents } from 'electron';
import { isAppUrl } from './origins';

/** Minimal event shape so the guard can be tested without Electron. */
export interface PreventableNavigation {
  readonly url: string;
  preventDefault(): void;
}

/**
 * Cancels the navigation unless it targets the app itself.
 *
 * @returns true when the navigation was blocked.
 * @see https://www.electronjs.org/docs/latest/api/web-contents#event-will-navigate
 */
export function guardNavigation(event: PreventableNavigation, devOrigin?: string): boolean {
  if (isAppUrl(event.url, devOrigin)) return false;
  event.preventDefault();
  return true;
}

/**
 * Installs the guard on `will-navigate` and `will-redirect` of one webContents.
 *
 * @see https://www.electronjs.org/docs/latest/api/web-contents#event-will-redirect
 */
export function denyForeignNavigation(contents: WebContents, devOrigin?: string): void {
  contents.on('will-navigate', (event) => {
    guardNavigation(event, devOrigin);
  });
  contents.on('will-redirect', (event) => {
    guardNavigation(event, devOrigin);
  });
}
