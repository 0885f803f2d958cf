/**
 * Prints a report page to PDF bytes for the evidence bundle (issue 13): the report's own HTML in
 * a hidden window of its own (never the app's page), JavaScript off, through the same print path
 * and header and footer templates as « Imprimer en PDF » (print-templates.ts). The page is a temp
 * file, removed afterwards, and the window is always destroyed.
 *
 * @see https://www.electronjs.org/docs/latest/api/web-contents#contentsprinttopdfoptions
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserWindowConstructorOptions, PrintToPDFOptions } from 'electron';
import type { PrintFrame } from '../bridge/contract';
import { pageTemplates } from './print-templates';

/** What the printer needs of a window. */
export interface PrintWindow {
  loadFile(path: string): Promise<void>;
  readonly webContents: { printToPDF(options: PrintToPDFOptions): Promise<Uint8Array> };
  destroy(): void;
}

export type HtmlPrinter = (html: string, frame: PrintFrame) => Promise<Uint8Array>;

/** The hidden window's options: nothing runs in it, nothing reaches Node. */
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
  },
};

/** A printer that opens its windows with `open` (Electron's `new BrowserWindow(options)`). */
export function htmlPrinter(open: (options: BrowserWindowConstructorOptions) => PrintWindow): HtmlPrinter {
  return async (html, frame) => {
    const dir = await mkdtemp(join(tmpdir(), 'instant-lab-print-'));
    let win: PrintWindow | null = null;
    try {
      const page = join(dir, 'audit-report.html');
      await writeFile(page, html, 'utf8');
      win = open(PRINT_WINDOW_OPTIONS);
      await win.loadFile(page);
      const pdf = await win.webContents.printToPDF({ printBackground: true, pageSize: 'A4', ...pageTemplates(frame) });
      return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    } finally {
      win?.destroy();
      await rm(dir, { recursive: true, force: true });
    }
  };
}
