/**
 * The audit report as one self-contained, printable HTML page (inline CSS, no script run, no
 * external resource; the journal's checkpoint, when the report carries one, as a JSON data block): what the command line writes and what the desktop app prints to PDF. It renders the
 * report's view ({@link auditReportView}), the same view the compliance screen shows. French by
 * default (« 7 500,00 € »), English on request.
 */
import type { Lang } from '../format/numbers';
import type { AuditReport } from './audit-report';
import { auditReportView } from './report-view';
import { checkpointScript } from '../journal/report-checkpoint';
import { citedArticlesHtml, reportCitations } from './report-citations';
import type { PrintFrame, ReportViewOptions, ViewCell, ViewSection, ViewTable } from './report-view';

export type ReportLang = Lang;

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const CSS = `
body{font:11pt/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;margin:24px;max-width:1000px}
h1{font-size:18pt;margin:0 0 4px}h2{font-size:13pt;margin:22px 0 6px;border-bottom:1px solid #bbb}
h3{font-size:11.5pt;margin:14px 0 4px}
table{border-collapse:collapse;margin:4px 0 8px;width:100%}th,td{border:1px solid #ccc;padding:3px 6px;text-align:left;overflow-wrap:break-word}
th{background:#f0f0f0}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
table.kv th{width:32%}table.kv td{overflow-wrap:anywhere}table.digests td:first-child{width:22%}
.pass{color:#0a6b2d;font-weight:600}.fail{color:#b00020;font-weight:700}.warn{color:#8a5a00;font-weight:600}
code{font:9pt ui-monospace,Menlo,Consolas,monospace;word-break:break-all}
.small{font-size:9pt;color:#444}
.appendix{break-before:page}.appendix .passage{margin:0 0 10px;break-inside:avoid}table.rule{width:auto;font-size:9.5pt}dt{font-weight:600}dd{margin:0 0 6px 18px}
@media print{body{margin:0}h2,h3{break-after:avoid}table{break-inside:auto}tr{break-inside:avoid}thead{display:table-header-group}}
`;

/** A CSS string literal. */
const cssString = (s: string): string => `"${s.replace(/["\\]/g, (c) => `\\${c}`).replace(/[\n\r]/g, ' ')}"`;

/**
 * The running header and footer of every printed page, as CSS page margin boxes
 * (Chromium ≥ 131 prints them): title, game, stake, seeds and date on top; the blocks' digests
 * (all of them, or the first ones and where the others are: print-frame.ts) and « Page n sur N »
 * at the bottom. The bottom margin holds seven lines of the footer's small fixed-width type, what
 * ten digests take; a long digest breaks anywhere rather than run past the page. Table rows are
 * never cut (tr break-inside: avoid) and a table's head repeats on each page.
 */
export function printFrameCss(f: PrintFrame): string {
  const box = 'font:7.5pt system-ui,sans-serif;color:#444';
  return `@page{size:A4;margin:16mm 12mm 24mm;
@top-center{content:${cssString(f.header)};${box};overflow-wrap:anywhere}
@bottom-left{content:${cssString(f.footer)};${box};font-family:ui-monospace,monospace;font-size:5.5pt;line-height:1.2;word-break:break-all;vertical-align:middle}
@bottom-right{content:${cssString(`${f.page} `)} counter(page) ${cssString(` ${f.of} `)} counter(pages);${box};white-space:nowrap}}`;
}

function cellHtml(c: ViewCell, tag: 'td' | 'th' = 'td'): string {
  const cls = [c.numeric ? 'n' : '', c.status ?? ''].filter(Boolean).join(' ');
  const body = c.code ? `<code>${esc(c.text)}</code>` : esc(c.text);
  return `<${tag}${cls ? ` class="${cls}"` : ''}>${body}</${tag}>`;
}

function tableHtml(t: ViewTable, cls?: string): string {
  const head = `<thead><tr>${t.head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead>`;
  const rows = t.rows.map((r) => `<tr>${r.cells.map((c) => cellHtml(c)).join('')}</tr>`).join('');
  const foot = t.foot ? `<tfoot><tr>${t.foot.cells.map((c) => cellHtml(c, 'th')).join('')}</tr></tfoot>` : '';
  return `<table${cls ? ` class="${cls}"` : ''}>${head}<tbody>${rows}</tbody>${foot}</table>`;
}

function sectionHtml(s: ViewSection, h: 'h2' | 'h3', tableClass?: string): string {
  const pairs = s.pairs
    ? `<table class="kv"><tbody>${s.pairs.map((p) => `<tr><th>${esc(p.label)}</th>${cellHtml(p.value)}</tr>`).join('')}</tbody></table>`
    : '';
  const table = s.table ? tableHtml(s.table, tableClass) : '';
  const paragraphs = (s.paragraphs ?? [])
    .map((p) => {
      const cls = [p.small ? 'small' : '', p.status ?? ''].filter(Boolean).join(' ');
      return `<p${cls ? ` class="${cls}"` : ''}>${esc(p.text)}</p>`;
    })
    .join('');
  return `<${h}>${esc(s.title)}</${h}>\n${pairs}${table}${paragraphs}`;
}

/** The whole report as a printable HTML document. */
export function auditReportHtml(r: AuditReport, lang: ReportLang = 'fr', options: ReportViewOptions = {}): string {
  const v = auditReportView(r, lang, options);
  const blocks = v.blocks
    .map(
      (b) => `<section><h2>${esc(b.title)}</h2>\n${b.sections.map((s) => sectionHtml(s, 'h3')).join('\n')}</section>`,
    )
    .join('\n');
  // seen and read: the section for the reader, the data block for `journal verify --against`
  const journal =
    r.journalCheckpoint && v.journal
      ? `${sectionHtml(v.journal, 'h2')}\n${checkpointScript(r.journalCheckpoint)}\n`
      : '';
  return `<!DOCTYPE html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${esc(v.title)}</title><style>${CSS}${printFrameCss(v.print)}</style></head>
<body>
<h1>${esc(v.title)}</h1>
<p class="small">${esc(v.subtitle)}</p>
${sectionHtml(v.identity, 'h2')}
${sectionHtml(v.digests, 'h2', 'digests')}
${journal}${sectionHtml(v.summary, 'h2')}
${blocks}
${sectionHtml(v.legal, 'h2')}
${citedArticlesHtml(reportCitations(v), lang)}
</body></html>
`;
}
