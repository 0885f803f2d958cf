/**
 * Electron's print-to-PDF header and footer templates: the report's title, game, stake,
 * seeds and date on top of every page; its block digests and « Page n sur N » at the bottom.
 * Chromium fills the spans of class pageNumber and totalPages; everything else is escaped text.
 */
import type { PrintFrame } from '../bridge/contract';

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const BOX = 'font-family:system-ui,sans-serif;font-size:7px;color:#444;width:100%;margin:0 12mm;';

/** The printToPDF options that print the frame on every page. */
export function pageTemplates(f: PrintFrame): {
  displayHeaderFooter: true;
  headerTemplate: string;
  footerTemplate: string;
  margins: { top: number; bottom: number; left: number; right: number };
} {
  return {
    displayHeaderFooter: true,
    headerTemplate: `<div style="${BOX}text-align:center">${esc(f.header)}</div>`,
    footerTemplate:
      `<div style="${BOX}display:flex;justify-content:space-between;gap:8px">` +
      `<span style="font-family:ui-monospace,monospace;font-size:6px;word-break:break-all">${esc(f.footer)}</span>` +
      `<span style="white-space:nowrap">${esc(f.page)} <span class="pageNumber"></span> ${esc(f.of)} <span class="totalPages"></span></span></div>`,
    // inches: room for the header and a two-line footer
    margins: { top: 0.6, bottom: 0.7, left: 0.4, right: 0.4 },
  };
}
