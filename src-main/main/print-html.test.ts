/**
 * The evidence bundle's PDF (issue 13) under Node, with `electron` mocked: the report's HTML is
 * printed in a hidden window of its own with JavaScript off, through the print-to-PDF path with
 * the header and footer templates, and the bytes come back; the window and the temp page are
 * always cleaned up, even when printing fails.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { BrowserWindowConstructorOptions } from 'electron';

const h = vi.hoisted(() => ({
  windows: [] as {
    options: BrowserWindowConstructorOptions;
    loaded?: { path: string; html: string };
    printed?: Record<string, unknown>;
    destroyed: boolean;
  }[],
  fail: false,
}));

vi.mock('electron', () => {
  class BrowserWindow {
    private readonly record: (typeof h.windows)[number];
    constructor(options: BrowserWindowConstructorOptions) {
      this.record = { options, destroyed: false };
      h.windows.push(this.record);
    }
    async loadFile(path: string) {
      this.record.loaded = { path, html: readFileSync(path, 'utf8') };
    }
    webContents = {
      printToPDF: async (options: Record<string, unknown>) => {
        this.record.printed = options;
        if (h.fail) throw new Error('printing failed');
        return Buffer.from('%PDF-1.7 report');
      },
    };
    destroy() {
      this.record.destroyed = true;
    }
  }
  return { BrowserWindow };
});

const { BrowserWindow } = await import('electron');
const { htmlPrinter } = await import('./print-html');
const print = htmlPrinter((options) => new BrowserWindow(options));
const frame = { header: 'Rapport d’audit — Les 3 Gongs', footer: 'Bloc — graine 3 : abcd', page: 'Page', of: 'sur' };

describe('printing the report page to PDF bytes (evidence bundle, issue 13)', () => {
  it('prints the given HTML in a hidden window without JavaScript, with the running header and footer, and returns the bytes', async () => {
    h.windows.length = 0;
    const pdf = await print('<!doctype html><title>Rapport</title><p>Bloc 3</p>', frame);
    expect(new TextDecoder().decode(pdf)).toBe('%PDF-1.7 report');
    expect(pdf).toBeInstanceOf(Uint8Array);
    const w = h.windows[0]!;
    expect(w.options.show).toBe(false);
    expect(w.options.webPreferences).toMatchObject({
      javascript: false,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    });
    expect(w.loaded!.html).toBe('<!doctype html><title>Rapport</title><p>Bloc 3</p>');
    expect(w.printed).toMatchObject({ printBackground: true, pageSize: 'A4', displayHeaderFooter: true });
    expect(w.printed!.headerTemplate).toContain('Rapport d’audit — Les 3 Gongs');
    expect(w.printed!.footerTemplate).toContain('Bloc — graine 3 : abcd');
    expect(w.printed!.footerTemplate).toContain(
      '<span class="pageNumber"></span> sur <span class="totalPages"></span>',
    );
    expect(w.destroyed).toBe(true);
    expect(existsSync(w.loaded!.path)).toBe(false);
  });

  it('a failed print destroys the window and removes the page, and says why', async () => {
    h.windows.length = 0;
    h.fail = true;
    await expect(print('<p>x</p>', frame)).rejects.toThrow('printing failed');
    h.fail = false;
    expect(h.windows[0]!.destroyed).toBe(true);
    expect(existsSync(h.windows[0]!.loaded!.path)).toBe(false);
  });
});
