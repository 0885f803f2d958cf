/**
 * Checklist item 7, "Define a Content Security Policy".
 *
 * The policy is sent as an HTTP header by the `app://` protocol handler (a header, unlike a
 * `<meta>` tag, also covers workers and cannot be removed by injected markup).
 *
 * @see https://www.electronjs.org/docs/latest/tutorial/security#7-define-a-content-security-policy
 */
import type { Session } from 'electron';

/**
 * The production policy, sent with every `app://instant-lab` response. One string literal on
 * purpose, so scanners (Electronegativity's CSP check) can read and evaluate it.
 * - `worker-src 'self' blob:`: the simulation Web Workers are spawned from bundled code.
 * - `style-src 'unsafe-inline'`: Vue style bindings and chart.js set inline styles.
 * - everything else is `'self'` or `'none'`: no remote content at all.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * Policy for the Vite dev server: identical except that hot reload needs its websocket.
 *
 * @see https://vite.dev/config/server-options#server-hmr
 */
export function devContentSecurityPolicy(devOrigin: string): string {
  const ws = devOrigin.replace(/^http/, 'ws');
  return CONTENT_SECURITY_POLICY.replace("connect-src 'self'", `connect-src 'self' ${ws}`);
}

/**
 * In development only, adds the CSP header to the dev server's responses (production
 * responses get it from the protocol handler).
 *
 * @see https://www.electronjs.org/docs/latest/api/web-request#webrequestonheadersreceivedfilter-listener
 */
export function applyDevCspHeader(session: Session, devOrigin: string): void {
  const policy = devContentSecurityPolicy(devOrigin);
  session.webRequest.onHeadersReceived({ urls: [`${devOrigin}/*`] }, (details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } });
  });
}
