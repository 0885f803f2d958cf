/**
 * The evidence bundle's PDF under Node, with `electron` mocked: the report's HTML is printed in a
 * hidden window of its own with JavaScript off, through the print-to-PDF path with the header and
 * footer templates, and the bytes come back; the window is always destroyed. The page is served
 * from memory on its own session, never from a file: HTML that frames the disk prints nothing of it.
 */
import { describe, expect, it, vi } from 'vitest';
import type { BrowserWindowConstructorOptions } from 'electron';

type Handler = (request: Request) => Response | Promise<Response>;
type Guard = (details: { url: string }, callback: (r: { cancel: boolean }) => void) => void;

const h = vi.hoisted(() => ({
  windows: [] as {
    options: BrowserWindowConstructorOptions;
    loaded?: { url: string; status: number; csp: string | null; html: string };
    /** Every sub-resource the page asked for, and whether the session let it through. */
    requests: { url: string; allowed: boolean }[];
    printed?: Record<string, unknown>;
    destroyed: boolean;
  }[],
  fail: false,
  session: { handler: null as Handler | null, scheme: '', guard: null as Guard | null },
}));

vi.mock('electron', () => {
  /** What a browser does with the page: ask the session's guard, then its protocol, for each load. */
  const guarded = (url: string): Promise<boolean> =>
    new Promise((resolve) => h.session.guard!({ url }, (r) => resolve(!r.cancel)));
  class BrowserWindow {
    private readonly record: (typeof h.windows)[number];
    constructor(options: BrowserWindowConstructorOptions) {
      this.record = { options, destroyed: false, requests: [] };
      h.windows.push(this.record);
    }
    async loadURL(url: string) {
      if (!(await guarded(url))) throw new Error(`ERR_BLOCKED_BY_CLIENT ${url}`);
      const res = await h.session.handler!(new Request(url));
      const html = await res.text();
      this.record.loaded = { url, status: res.status, csp: res.headers.get('content-security-policy'), html };
      for (const m of html.matchAll(/\b(?:src|href|data)="([^"]+)"/g)) {
        this.record.requests.push({ url: m[1]!, allowed: await guarded(m[1]!) });
      }
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
const { PRINT_CONTENT_SECURITY_POLICY, PRINT_PARTITION, htmlPrinter, printRequestAllowed } = await import(
  './print-html'
);
const print = htmlPrinter((options) => new BrowserWindow(options), {
  protocol: {
    handle: (scheme, handler) => {
      h.session.scheme = scheme;
      h.session.handler = handler;
    },
  },
  webRequest: { onBeforeRequest: (guard) => void (h.session.guard = guard) },
});
const frame = { header: 'Rapport d’audit — Les 3 Gongs', footer: 'Bloc — graine 3 : abcd', page: 'Page', of: 'sur' };

describe('printing the report page to PDF bytes (evidence bundle)', () => {
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
      partition: PRINT_PARTITION,
    });
    expect(PRINT_PARTITION).not.toMatch(/^persist:/);
    expect(w.loaded!.html).toBe('<!doctype html><title>Rapport</title><p>Bloc 3</p>');
    expect(w.printed).toMatchObject({ printBackground: true, pageSize: 'A4', displayHeaderFooter: true });
    expect(w.printed!.headerTemplate).toContain('Rapport d’audit — Les 3 Gongs');
    expect(w.printed!.footerTemplate).toContain('Bloc — graine 3 : abcd');
    expect(w.printed!.footerTemplate).toContain(
      '<span class="pageNumber"></span> sur <span class="totalPages"></span>',
    );
    expect(w.destroyed).toBe(true);
  });

  it('serves the page from memory on a custom-protocol origin of its own, with a CSP that forbids frames and file:', async () => {
    h.windows.length = 0;
    await print('<p>x</p>', frame);
    const w = h.windows[0]!;
    expect(h.session.scheme).toBe('app');
    expect(w.loaded!.url).toMatch(/^app:\/\/print\/[0-9a-f-]{36}\.html$/);
    expect(w.loaded!.status).toBe(200);
    expect(w.loaded!.csp).toBe(PRINT_CONTENT_SECURITY_POLICY);
    const directives = new Map(PRINT_CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0]!, d]));
    expect(directives.get('default-src')).toBe("default-src 'none'");
    expect(directives.get('frame-src')).toBe("frame-src 'none'");
    expect(directives.get('child-src')).toBe("child-src 'none'");
    expect(directives.get('object-src')).toBe("object-src 'none'");
    expect(PRINT_CONTENT_SECURITY_POLICY).not.toMatch(/file:|\*|https?:/);
    // the page is gone once printed: its address serves nothing more
    expect((await h.session.handler!(new Request(w.loaded!.url))).status).toBe(404);
    expect(printRequestAllowed(w.loaded!.url, new Map())).toBe(false);
  });

  it('HTML that frames the disk prints nothing of it: every file: and network load is refused', async () => {
    h.windows.length = 0;
    const hostile = [
      '<!doctype html><p>Rapport</p>',
      '<iframe src="file:///etc/passwd"></iframe>',
      '<object data="file:///etc/shadow"></object>',
      '<img src="file:///home/user/.ssh/id_ed25519">',
      '<link rel="stylesheet" href="https://example.org/x.css">',
      '<iframe src="app://instant-lab/index.html"></iframe>',
      '<img src="data:image/png;base64,iVBORw0KGgo=">',
    ].join('');
    await print(hostile, frame);
    const w = h.windows[0]!;
    expect(w.requests).toEqual([
      { url: 'file:///etc/passwd', allowed: false },
      { url: 'file:///etc/shadow', allowed: false },
      { url: 'file:///home/user/.ssh/id_ed25519', allowed: false },
      { url: 'https://example.org/x.css', allowed: false },
      { url: 'app://instant-lab/index.html', allowed: false },
      { url: 'data:image/png;base64,iVBORw0KGgo=', allowed: true },
    ]);
    // nothing was read from the disk to print it: the page is the HTML given, byte for byte
    expect(w.loaded!.html).toBe(hostile);
    expect(w.loaded!.url.startsWith('file:')).toBe(false);
  });

  it('a failed print destroys the window and forgets the page, and says why', async () => {
    h.windows.length = 0;
    h.fail = true;
    await expect(print('<p>x</p>', frame)).rejects.toThrow('printing failed');
    h.fail = false;
    expect(h.windows[0]!.destroyed).toBe(true);
    expect((await h.session.handler!(new Request(h.windows[0]!.loaded!.url))).status).toBe(404);
  });
});
