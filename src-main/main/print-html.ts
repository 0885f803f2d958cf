/**
 * Prints a report page to PDF bytes for the evidence bundle: the report's own HTML in a hidden
 * window of its own (never the app's page), JavaScript off, through the same print path and
 * header and footer templates as « Imprimer en PDF » (print-templates.ts). The window is always
 * destroyed.
 *
 * The HTML comes from the renderer, so nothing in it may reach the disk: it is never written to a
 * file nor loaded from `file://` (a `file://` page may frame `<iframe src="file:///etc/passwd">`
 * and print it, JavaScript or not). It is served from memory on `app://print/<token>.html`, in a
 * session of its own (in memory, never the app's), with a CSP that allows inline styles and
 * `data:` images only — no frame, no object, no `file:`, no network — and that session's request
 * handler cancels every load but the page itself and `data:`.
 *
 * @see https://www.electronjs.org/docs/latest/api/web-contents#contentsprinttopdfoptions
 * @see https://www.electronjs.org/docs/latest/api/web-request#webrequestonbeforerequestfilter-listener
 */
import { randomUUID } from 'node:crypto';
import type { BrowserWindowConstructorOptions, PrintToPDFOptions } from 'electron';
import type { PrintFrame } from '../bridge/contract';
import { pageTemplates } from './print-templates';
import { APP_SCHEME } from './security/origins';

/** The print windows' session: in memory (no `persist:`), shared with nothing else. */
export const PRINT_PARTITION = 'instant-lab-print';
/** The host the printed pages are served on (another origin than the app's). */
export const PRINT_HOST = 'print';

/** The printed page's policy: its own inline styles and `data:` images and fonts, nothing else. */
export const PRINT_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  'font-src data:',
  "frame-src 'none'",
  "child-src 'none'",
  "object-src 'none'",
  "script-src 'none'",
  "connect-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** What the printer needs of a window. */
export interface PrintWindow {
  loadURL(url: string): Promise<void>;
  readonly webContents: { printToPDF(options: PrintToPDFOptions): Promise<Uint8Array> };
  destroy(): void;
}

/** What the printer needs of its session (`session.fromPartition(PRINT_PARTITION)`). */
export interface PrintSession {
  readonly protocol: { handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void };
  readonly webRequest: {
    onBeforeRequest(
      listener: (details: { url: string }, callback: (response: { cancel: boolean }) => void) => void,
    ): void;
  };
}

export type HtmlPrinter = (html: string, frame: PrintFrame) => Promise<Uint8Array>;

/** The hidden window's options: nothing runs in it, nothing reaches Node, its own session. */
export const PRINT_WINDOW_OPTIONS: BrowserWindowConstructorOptions = {
  show: false,
  width: 1000,
  height: 1400,
  webPreferences: {
    javascript: false,
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    webSecurity: true,
    partition: PRINT_PARTITION,
  },
};

/** Whether a print window may load `url`: one of the pages being printed, or inline `data:`. */
export function printRequestAllowed(url: string, pages: ReadonlyMap<string, string>): boolean {
  return pages.has(url) || url.startsWith('data:');
}

/** The response to a request for a printed page: the page with its policy, or 404. */
export function printPageResponse(url: string, pages: ReadonlyMap<string, string>): Response {
  const html = pages.get(url);
  const headers = {
    'Content-Security-Policy': PRINT_CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  };
  if (html === undefined)
    return new Response('Not found', { status: 404, headers: { ...headers, 'Content-Type': 'text/plain' } });
  return new Response(html, { status: 200, headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' } });
}

/**
 * A printer that opens its windows with `open` (Electron's `new BrowserWindow(options)`) in
 * `session` (the {@link PRINT_PARTITION} session), whose protocol and request handler it installs.
 */
export function htmlPrinter(
  open: (options: BrowserWindowConstructorOptions) => PrintWindow,
  session: PrintSession,
): HtmlPrinter {
  /** The pages being printed, by URL (each only while its window prints). */
  const pages = new Map<string, string>();
  session.protocol.handle(APP_SCHEME, (request) => printPageResponse(request.url, pages));
  session.webRequest.onBeforeRequest((details, callback) =>
    callback({ cancel: !printRequestAllowed(details.url, pages) }),
  );
  return async (html, frame) => {
    const url = `${APP_SCHEME}://${PRINT_HOST}/${randomUUID()}.html`;
    pages.set(url, html);
    let win: PrintWindow | null = null;
    try {
      win = open(PRINT_WINDOW_OPTIONS);
      await win.loadURL(url);
      const pdf = await win.webContents.printToPDF({ printBackground: true, pageSize: 'A4', ...pageTemplates(frame) });
      return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    } finally {
      win?.destroy();
      pages.delete(url);
    }
  };
}
