/**
 * Text on the pages of a case's PDF: lines cut to fit the page, at spaces, or inside a word only
 * when the word alone is wider than the line (a digest, a long reference, a sentence in Chinese,
 * which has no spaces). Cuts fall between characters, never inside a surrogate pair.
 *
 * Linear in the text: each character is measured once (its width kept), and a word is measured
 * whole only when the sum of its characters' widths could fit the line — a 10,000-character
 * sentence in Chinese is never laid out whole, nor line after line from its start.
 */

/**
 * A whole word is at most this much narrower than the sum of its characters (kerning and the
 * font's proportional forms shorten a run by far less): a word whose characters add up to more than
 * twice the line is cut without being measured whole.
 */
const KERNING_SLACK = 2;

/** `text` cut into lines no wider than `width`, `widthOf` measuring a string; paragraphs kept. */
export function wrapText(text: string, widthOf: (s: string) => number, width: number): string[] {
  const widths = new Map<string, number>();
  const charW = (ch: string): number => {
    let w = widths.get(ch);
    if (w === undefined) widths.set(ch, (w = widthOf(ch)));
    return w;
  };
  const lines: string[] = [];
  const space = charW(' ');
  for (const para of text.split('\n')) {
    let line = '';
    let lineW = 0;
    let begun = false; // the line holds a word, perhaps an empty one (two spaces in a row)
    for (const word of para.split(' ')) {
      const chars = Array.from(word);
      const sum = chars.reduce((n, ch) => n + charW(ch), 0);
      const wordW = sum > KERNING_SLACK * width ? sum : widthOf(word);
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
      for (const ch of chars) {
        const w = charW(ch);
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
