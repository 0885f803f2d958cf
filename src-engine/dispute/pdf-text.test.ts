import { describe, expect, it } from 'vitest';
import { wrapText } from './pdf-text';

/** A measure of monospace characters, 1 wide each, that counts how many characters it was given. */
function counting(): { widthOf: (s: string) => number; measured: () => number } {
  let n = 0;
  return {
    widthOf: (s) => {
      const k = Array.from(s).length;
      n += k;
      return k;
    },
    measured: () => n,
  };
}

describe('wrapText', () => {
  it('cuts at spaces, and inside a word only when the word alone is wider than the line', () => {
    const m = counting();
    expect(wrapText('ab cd efghijkl m', m.widthOf, 5)).toEqual(['ab cd', 'efghi', 'jkl m']);
    expect(wrapText('a\n\nb', m.widthOf, 5)).toEqual(['a', '', 'b']);
  });

  it('never cuts inside a surrogate pair', () => {
    const m = counting();
    expect(wrapText('𠀀𠀁𠀂', m.widthOf, 2)).toEqual(['𠀀𠀁', '𠀂']);
  });

  it('is linear in the text: a 10,000-character word without spaces (Chinese) is measured a character at a time, once', () => {
    for (const n of [1_000, 10_000]) {
      const m = counting();
      const word = '玩家说他看到了三个阴阳和三十欧元'.repeat(n / 16);
      const lines = wrapText(word, m.widthOf, 40);
      expect(lines.join('')).toBe(word);
      expect(lines).toHaveLength(n / 40);
      // each distinct character measured once, plus the space: never the word whole, nor its lines again
      expect(m.measured()).toBe(new Set(word).size + 1);
    }
  });

  it('a word of the line width or less is measured whole (its kerning counts)', () => {
    const seen: string[] = [];
    const lines = wrapText('abc de', (s) => (seen.push(s), s.length), 10);
    expect(lines).toEqual(['abc de']);
    expect(seen).toContain('abc');
  });
});
