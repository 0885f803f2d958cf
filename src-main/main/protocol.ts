/**
 * The `app://instant-lab/` protocol serving the built renderer (`out/renderer`).
 *
 * A privileged standard scheme instead of `file://` gives the renderer a real origin (so the
 * CSP `'self'`, `fetch` and module Web Workers behave as on the web) and lets main refuse
 * any path outside the renderer folder. Checklist item 18.
 *
 * @see https://www.electronjs.org/docs/latest/tutorial/security#18-avoid-usage-of-the-file-protocol-and-prefer-usage-of-custom-protocols
 * @see https://www.electronjs.org/docs/latest/api/protocol
 */
import { readFile, realpath } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { CustomScheme, Protocol } from 'electron';
import { CONTENT_SECURITY_POLICY } from './security/csp';
import { APP_HOST, APP_SCHEME } from './security/origins';

/**
 * The scheme declaration; must be registered before `app` is ready, otherwise workers,
 * `fetch` and streaming fail under the custom protocol.
 */
export const PRIVILEGED_SCHEMES: CustomScheme[] = [
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
];

/**
 * Registers {@link PRIVILEGED_SCHEMES}. Call at module load of the main entry, before `whenReady`.
 *
 * @see https://www.electronjs.org/docs/latest/api/protocol#protocolregisterschemesasprivilegedcustomschemes
 */
export function registerPrivilegedSchemes(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged(PRIVILEGED_SCHEMES);
}

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
};

/**
 * MIME type by extension. `.wasm` must be `application/wasm` for streaming compilation and
 * `.js`/`.mjs` a JavaScript type for module workers, hence no generic guessing.
 *
 * @see https://developer.mozilla.org/en-US/docs/Web/HTTP/Guides/MIME_types/Common_types
 */
export function mimeTypeFor(filePath: string): string {
  return MIME_TYPES[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Maps a URL pathname to a file inside `root`, or `null` when it would escape `root`
 * (`..`, encoded `%2e%2e`, backslashes, NUL bytes, malformed escapes).
 *
 * @see https://owasp.org/www-community/attacks/Path_Traversal
 */
export function resolveAssetPath(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const relativePath = decoded === '' || decoded.endsWith('/') ? `${decoded}index.html` : decoded;
  const base = resolve(root);
  const target = resolve(base, `.${relativePath.startsWith('/') ? '' : '/'}${relativePath}`);
  return isInside(base, target) ? target : null;
}

/** Whether `target` lies strictly inside `base` (both absolute, already resolved). */
function isInside(base: string, target: string): boolean {
  const rel = relative(base, target);
  return !(rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel));
}

/**
 * The file a path inside `root` really is: `'outside'` when a symbolic link (the file's or a
 * folder's on its way) leads out of the root's own real path, `null` when it does not exist.
 */
export async function realAssetPath(root: string, filePath: string): Promise<string | 'outside' | null> {
  let base: string;
  let target: string;
  try {
    [base, target] = await Promise.all([realpath(root), realpath(filePath)]);
  } catch {
    return null;
  }
  return isInside(base, target) ? target : 'outside';
}

/** Headers of every response (CSP on all, so workers get it as well). */
export function responseHeaders(filePath: string): Record<string, string> {
  return {
    'Content-Type': mimeTypeFor(filePath),
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cache-Control': 'no-cache',
  };
}

function textResponse(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Security-Policy': CONTENT_SECURITY_POLICY },
  });
}

/**
 * The request handler, separate from Electron so it can be tested with plain `Request`s.
 *
 * @see https://www.electronjs.org/docs/latest/api/protocol#protocolhandlescheme-handler
 */
export async function handleAppRequest(root: string, request: Pick<Request, 'url' | 'method'>): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return textResponse(405, 'Method not allowed');
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return textResponse(400, 'Bad request');
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return textResponse(404, 'Not found');
  const filePath = resolveAssetPath(root, url.pathname);
  if (filePath === null) return textResponse(403, 'Forbidden');
  // the name is inside the root; what it names must be too (no symbolic link out of it)
  const real = await realAssetPath(root, filePath);
  if (real === 'outside') return textResponse(403, 'Forbidden');
  if (real === null) return textResponse(404, 'Not found');
  try {
    const body = await readFile(real);
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: responseHeaders(filePath),
    });
  } catch {
    return textResponse(404, 'Not found');
  }
}

/**
 * Serves `root` on `app://instant-lab/`. Call once the app is ready.
 *
 * @see https://www.electronjs.org/docs/latest/api/protocol#protocolhandlescheme-handler
 */
export function serveRenderer(protocol: Pick<Protocol, 'handle'>, root: string): void {
  protocol.handle(APP_SCHEME, (request) => handleAppRequest(root, request));
}
