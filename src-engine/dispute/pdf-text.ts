/**
 * Text on the pages of a case's PDF (pdf-lib, its standard Helvetica): characters outside the
 * font's WinAnsi encoding are written as the nearest ones it has (« → » as « -> »), so that every
 * claim typed by a tester prints, and lines are cut at spaces to fit the page.
 */
import type { PDFFont } from 'pdf-lib';

/** The characters of WinAnsi beyond Latin-1 (0x80–0x9F). */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

const NEAREST: Readonly<Record<string, string>> = {
  '\u202f': '\u00a0',
  '\u2009': ' ',
  '→': '->',
  '←': '<-',
  '↘': '\\',
  '↙': '/',
  '≥': '>=',
  '≤': '<=',
  '≠': '!=',
  '−': '-',
  '‖': '||',
  '\t': '  ',
};

/** `text` in characters the standard fonts can draw; any other character becomes « ? ». */
export function winAnsi(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if ((c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.includes(ch)) out += ch;
    else out += NEAREST[ch] ?? '?';
  }
  return out;
}

/** `text` (already {@link winAnsi}) cut into lines no wider than `width` at `size`; paragraphs kept. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = word;
      } else line = next;
      // a word wider than the line (a digest, a long reference) is cut where it must be
      while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
        let k = line.length - 1;
        while (k > 1 && font.widthOfTextAtSize(line.slice(0, k), size) > width) k--;
        lines.push(line.slice(0, k));
        line = line.slice(k);
      }
    }
    lines.push(line);
  }
  return lines;
}
