/**
 * Checklist item 7, "Define a Content Security Policy".
 *
 * The policy is sent as an HTTP header by the `app://` protocol handler (a header, unlike a
 * `<meta>` tag, also covers workers and cannot be removed by injected markup).
 *
 * @see https://www.electronjs.org/docs/latest/tutorial/security#7-define-a-content-security-policy
 */
import type { Session } from 'electron';

/** The production policy, sent with every `app://instant-lab` response. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // blob: so the simulation Web Workers can be spawned from bundled code.
  "worker-src 'self' blob:",
  // Vue scoped styles and chart.js inject inline styles.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

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
