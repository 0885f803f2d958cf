/**
 * Reads a passage's text into paragraphs and tables for display. The published documents write
 * their tables as one line of pipe-separated cells (« | NOMBRE DE LOTS |MONTANT DU LOT| TOTAL |
 * |---|…| | 1 lot de | 7 500 € | … »), header cells sometimes over several lines; the column count
 * is the separator row's, so an empty cell (the total row's) is read as a cell, never as the end of
 * a row. A table that does not read that way exactly is kept as a paragraph, word for word.
 */

/** A paragraph (one line of the text) or a table. */
export type RuleTextBlock =
  | { readonly kind: 'paragraph'; readonly text: string }
  | { readonly kind: 'table'; readonly head: readonly string[]; readonly rows: readonly (readonly string[])[] };

/** The cells of a pipe table, or null when `block` is not exactly one (header, separator, rows of N). */
export function readPipeTable(block: string): { head: string[]; rows: string[][] } | null {
  const t = block.trim();
  if (!t.startsWith('|') || !t.endsWith('|')) return null;
  const tokens = t.slice(1, -1).split('|');
  const sep = tokens.findIndex((x) => /^\s*-{3,}\s*$/.test(x));
  // the header's N cells, one blank token between rows, then N dashes
  if (sep < 2 || tokens[sep - 1]!.trim() !== '') return null;
  const n = sep - 1;
  if ((tokens.length + 1) % (n + 1) !== 0) return null;
  const rows: string[][] = [];
  for (let at = 0; at < tokens.length; at += n + 1) {
    if (at + n < tokens.length && tokens[at + n]!.trim() !== '') return null;
    rows.push(tokens.slice(at, at + n).map((c) => c.trim()));
  }
  const [head, dashes, ...body] = rows;
  if (!dashes!.every((c) => /^-{3,}$/.test(c)) || body.length === 0) return null;
  return { head: head!, rows: body };
}

/** A passage's text as paragraphs and tables, in order; blank lines dropped. */
export function ruleTextBlocks(text: string): RuleTextBlock[] {
  const lines = text.split('\n');
  const out: RuleTextBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    if (line.startsWith('|')) {
      // a table runs to the end of the line holding its separator row
      let j = i;
      while (j < lines.length && !/\|\s*-{3,}\s*\|/.test(lines[j]!)) j++;
      if (j < lines.length) {
        const block = lines.slice(i, j + 1).join('\n');
        const table = readPipeTable(block);
        if (table) {
          out.push({ kind: 'table', ...table });
          i = j;
          continue;
        }
      }
    }
    out.push({ kind: 'paragraph', text: line.trim() });
  }
  return out;
}
