/**
 * Checklist item 7, "Define a Content Security Policy".
 *
 * The policy is sent as an HTTP header by the `app://` protocol handler (a header, unlike a
 * `<meta>` tag, also covers workers and cannot be removed by injected markup); the page's
 * `<meta>` repeats it for the browser build ({@link META_CONTENT_SECURITY_POLICY}).
 *
 * @see https://www.electronjs.org/docs/latest/tutorial/security#7-define-a-content-security-policy
 */
import type { Session } from 'electron';

/**
 * The production policy, sent with every `app://instant-lab` response. One string literal on
 * purpose, so scanners (Electronegativity's CSP check) can read and evaluate it.
 * - `worker-src 'self' blob:`: the simulation Web Workers are spawned from bundled code.
 * - `script-src 'self' 'wasm-unsafe-eval'`: the optimiser's solver (HiGHS) is WebAssembly, bundled
 *   as a file of the app; compiling it needs this source and nothing wider (no `'unsafe-eval'`:
 *   JavaScript `eval` and `new Function` stay refused). Checklist item 7.
 * - `style-src 'self'` without `'unsafe-inline'`: the build's styles are files; Vue's
 *   `:style` bindings and Chart.js set `element.style` through the CSSOM, which CSP allows; no
 *   `style="…"` markup or `<style>` element is ever inserted.
 * - everything else is `'self'` or `'none'`: no remote content at all.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The same policy as a `<meta>` tag can carry it (`frame-ancestors` is ignored there). */
export const META_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace("; frame-ancestors 'none'", '');

/**
 * Policy for a Vite dev server: hot reload needs its websocket (that one origin only, never any
 * `ws:` host) and injects the styles of the modules it serves as `<style>` elements.
 *
 * @see https://vite.dev/config/server-options#server-hmr
 */
export function devContentSecurityPolicy(devOrigin: string, policy = CONTENT_SECURITY_POLICY): string {
  const ws = devOrigin.replace(/^http/, 'ws');
  return policy
    .replace("connect-src 'self'", `connect-src 'self' ${ws}`)
    .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'");
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
