/**
 * Checklist item 14, "Disable or limit creation of new windows", and item 15,
 * "Do not use shell.openExternal with untrusted content": `window.open` and
 * `target=_blank` never create an Electron window; https links to an allow-listed host
 * open in the user's browser, everything else is dropped.
 *
 * @see https://www.electronjs.org/docs/latest/tutorial/security#14-disable-or-limit-creation-of-new-windows
 * @see https://www.electronjs.org/docs/latest/tutorial/security#15-do-not-use-shellopenexternal-with-untrusted-content
 */
import type { HandlerDetails, WebContents, WindowOpenHandlerResponse } from 'electron';

/** Hosts whose https pages may be opened in the system browser (official game rules). */
export const EXTERNAL_HOST_ALLOW_LIST: readonly string[] = ['www.fdj.fr'];

/**
 * True when `url` is https on an allow-listed host, without credentials or custom port.
 *
 * @see https://developer.mozilla.org/en-US/docs/Web/API/URL
 */
export function isAllowedExternalUrl(url: string, allowList: readonly string[] = EXTERNAL_HOST_ALLOW_LIST): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === 'https:' &&
    parsed.username === '' &&
    parsed.password === '' &&
    parsed.port === '' &&
    allowList.includes(parsed.hostname)
  );
}

/**
 * The `setWindowOpenHandler` callback: always denies; hands allow-listed links to `openExternal`.
 *
 * @see https://www.electronjs.org/docs/latest/api/web-contents#contentssetwindowopenhandlerhandler
 */
export function windowOpenHandler(
  details: Pick<HandlerDetails, 'url'>,
  openExternal: (url: string) => Promise<void>,
): WindowOpenHandlerResponse {
  if (isAllowedExternalUrl(details.url)) {
    openExternal(details.url).catch(() => undefined);
  }
  return { action: 'deny' };
}

/**
 * Installs {@link windowOpenHandler} on one webContents.
 *
 * @see https://www.electronjs.org/docs/latest/api/shell#shellopenexternalurl-options
 */
export function denyNewWindows(contents: WebContents, openExternal: (url: string) => Promise<void>): void {
  contents.setWindowOpenHandler((details) => windowOpenHandler(details, openExternal));
}
