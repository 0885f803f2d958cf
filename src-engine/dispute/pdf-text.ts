/**
 * Text on the pages of a case's PDF: lines cut to fit the page, at spaces, or inside a word only
 * when the word alone is wider than the line (a digest, a long reference, a sentence in Chinese,
 * which has no spaces). Cuts fall between characters, never inside a surrogate pair.
 */

/** `text` cut into lines no wider than `width`, `widthOf` measuring a string; paragraphs kept. */
export function wrapText(text: string, widthOf: (s: string) => number, width: number): string[] {
  const lines: string[] = [];
  const space = widthOf(' ');
  for (const para of text.split('\n')) {
    let line = '';
    let lineW = 0;
    let begun = false; // the line holds a word, perhaps an empty one (two spaces in a row)
    for (const word of para.split(' ')) {
      const wordW = widthOf(word);
      if (begun && lineW + space + wordW <= width) {
        line += ` ${word}`;
        lineW += space + wordW;
        continue;
      }
      if (begun) lines.push(line);
      begun = true;
      line = word;
      lineW = wordW;
      if (wordW <= width) continue;
      // a word wider than the line is cut where it must be, one character at a time
      line = '';
      lineW = 0;
      for (const ch of word) {
        const w = widthOf(ch);
        if (line !== '' && lineW + w > width) {
          lines.push(line);
          line = '';
          lineW = 0;
        }
        line += ch;
        lineW += w;
      }
    }
    lines.push(line);
  }
  return lines;
}
