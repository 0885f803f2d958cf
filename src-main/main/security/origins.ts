/**
 * Which URLs count as "the app". Shared by the navigation guard and the IPC sender check.
 *
 * Node's WHATWG `URL` reports `origin === 'null'` for non-special schemes such as `app:`,
 * so the app origin is compared on protocol + host rather than on `URL.origin`.
 *
 * @see https://www.electronjs.org/docs/latest/tutorial/security#18-avoid-usage-of-the-file-protocol-and-prefer-usage-of-custom-protocols
 */

/** The custom scheme serving the packaged renderer. */
export const APP_SCHEME = 'app';
/** Host part of every app URL. */
export const APP_HOST = 'instant-lab';
/** The app origin as written in URLs. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** Parses a URL, returning `undefined` rather than throwing on garbage. */
function tryParse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/**
 * True when `url` belongs to the app: `app://instant-lab/…`, or — in development only —
 * the electron-vite dev server origin.
 *
 * @param devOrigin origin of `ELECTRON_RENDERER_URL` when running `npm run dev`, else undefined.
 * @see https://developer.mozilla.org/en-US/docs/Web/API/URL/origin
 */
export function isAppUrl(url: string, devOrigin?: string): boolean {
  const parsed = tryParse(url);
  if (parsed === undefined) return false;
  if (parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST) return true;
  if (devOrigin === undefined) return false;
  const dev = tryParse(devOrigin);
  return dev !== undefined && dev.origin !== 'null' && parsed.origin === dev.origin;
}
