/**
 * The printed audit report (its HTML with its print style, what « Imprimer en PDF » and the
 * evidence bundle print) on A4, for 1, 10 and 100 blocks of a small scenario table: every page's
 * footer identifies every block by its digest, or lists the first ones and says where the others
 * are; nothing runs past the page (every word's box inside the page's margins, read with
 * `pdftotext -bbox`), and every cell of the page's tables is printed whole (the PDF's text
 * against the HTML's).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type * as PrintFrame from '../src-engine/report/print-frame';
import type * as Engine from '@engine';
import { load } from './helpers/engine';

const engine = await load<typeof Engine>('src-engine/index.ts');
// how many digests a page's footer lists: the print frame's own rule, not the engine's public surface
const frame = await load<typeof PrintFrame>('src-engine/report/print-frame.ts');

/** 1 pt in mm, and the page's left and right margins (12 mm) in points. */
const MM = 72 / 25.4;
const SIDE = 12 * MM;

/** A report of `n` blocks of 2,000 units (a scenario table of 11 lots): fast, and as long as a real one. */
async function report(n: number): Promise<Engine.AuditReport> {
  const table = { ...engine.officialTable('les-3-gongs', 50), blockUnits: 2_000, source: 'Essai' };
  table.levels = table.levels.filter((l) => l.lots <= 10);
  const blocks = [];
  for (let seed = 1; seed <= n; seed++) {
    const spec = engine.blockSpecOfTable(table, seed);
    const tally = await engine.runRange(spec, 0, spec.table.blockUnits, { keepLevels: true });
    blocks.push({ result: engine.mergeBlock(spec, [tally]), levels: tally.levels });
  }
  return engine.buildAuditReport(table, blocks, { appVersion: '0.1.0', runAt: new Date('2026-01-02T03:04:05Z') });
}

const unescape = (s: string): string =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');
/** A text without any space: what a line break in print may add or take away. */
const squeeze = (s: string): string => s.replace(/[\s\u00a0\u202f]+/g, '');
const SPACES = /[\s\u00a0\u202f]+/;

interface PrintedBlock {
  readonly page: number;
  readonly width: number;
  /** Its words joined by spaces (a table cell, a paragraph, a margin box). */
  readonly text: string;
  readonly words: readonly { readonly xMin: number; readonly xMax: number; readonly word: string }[];
}

/** Every block of text on every page with its words' boxes, as `pdftotext -bbox-layout` reads them. */
function printedBlocks(pdf: string): PrintedBlock[] {
  const xml = execFileSync('pdftotext', ['-bbox-layout', pdf, '-'], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const out: PrintedBlock[] = [];
  let page = 0;
  for (const p of xml.split('<page ').slice(1)) {
    page++;
    const width = Number(/^width="([\d.]+)"/.exec(p)![1]);
    for (const b of p.split('<block ').slice(1)) {
      const words = [...b.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"[^>]*>([^<]*)</g)].map((m) => ({
        xMin: Number(m[1]),
        xMax: Number(m[2]),
        word: unescape(m[3]!),
      }));
      out.push({ page, width, text: words.map((w) => w.word).join(' '), words });
    }
  }
  return out;
}

const cases = [
  { n: 1, lang: 'fr' },
  { n: 10, lang: 'fr' },
  { n: 10, lang: 'en' },
  { n: 100, lang: 'fr' },
] as const;

for (const { n, lang } of cases) {
  test(`a ${n}-block report printed to A4 (${lang}): every page names every block, every table inside the page`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    const r = await report(n);
    const html = engine.auditReportHtml(r, lang);
    await page.setContent(html);
    const pdf = testInfo.outputPath(`report-${n}-${lang}.pdf`);
    await page.pdf({ path: pdf, format: 'A4' });
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');

    // reading order: each page margin box is a block of its own, after the page's body
    const pages = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8', maxBuffer: 1 << 28 })
      .split('\f')
      .filter((p) => p.trim() !== '');
    expect(pages.length).toBeGreaterThan(n);
    const digests = r.blocks.map((b) => b.integrity.digest);
    // the footer: every digest up to ten blocks; past that the first eight and where the others are
    const listed = n <= frame.FOOTER_MAX_BLOCKS ? digests : digests.slice(0, frame.FOOTER_LISTED_WHEN_MORE);
    const more =
      lang === 'fr'
        ? `… et ${n - listed.length} autres blocs : leurs empreintes sont au tableau « Empreintes des blocs », après « Identification »`
        : `… and ${n - listed.length} more blocks: their digests are in the table "Block digests", after "Identity"`;
    const pageWord = lang === 'fr' ? 'sur' : 'of';
    pages.forEach((text, i) => {
      const flat = squeeze(text);
      // each page's footer is its last lines: the digests are read there, not in the body
      const footer = flat.slice(flat.lastIndexOf(squeeze(lang === 'fr' ? 'Bloc — graine 1 :' : 'Block — seed 1:')));
      for (const d of listed) expect(footer, `page ${i + 1}`).toContain(d);
      if (listed.length < n) expect(footer, `page ${i + 1}`).toContain(squeeze(more));
      expect(flat).toContain(squeeze(`Page ${i + 1} ${pageWord} ${pages.length}`));
    });

    // nothing past the page's margins: every word's box, footer and header included
    const blocks = printedBlocks(pdf);
    const outside = blocks.flatMap((b) =>
      b.words.filter((w) => w.xMin < SIDE - 1 || w.xMax > b.width - SIDE + 1).map((w) => `page ${b.page}: ${w.word}`),
    );
    expect(outside.slice(0, 5)).toEqual([]);

    // every word of every table cell printed whole: a PDF word, or a long one (a digest) broken
    // over the lines of its cell, whose pieces follow each other in one block of text
    const words = new Set(blocks.flatMap((b) => b.words.flatMap((w) => w.word.split(SPACES))));
    const joined = blocks.map((b) => squeeze(b.text));
    const cells = [...html.matchAll(/<(td|th)(?: [^>]*)?>(.*?)<\/\1>/g)].flatMap((m) =>
      unescape(m[2]!.replace(/<[^>]+>/g, ' ')).split(SPACES),
    );
    const missing = [...new Set(cells)].filter((w) => w !== '' && !words.has(w) && !joined.some((j) => j.includes(w)));
    expect(missing).toEqual([]);
    const all = squeeze(pages.join(''));
    // the body's digest table lists every block
    for (const d of digests) expect(all).toContain(d);
  });
}
