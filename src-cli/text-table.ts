/**
 * Plain-text tables for the terminal: columns padded, numbers right-aligned.
 */
export function textTable(head: readonly string[], rows: readonly (readonly string[])[], rightFrom = 1): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells.map((c, i) => (i >= rightFrom ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  return [line(head), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/**
 * A count with digit groups in the language of the line it is printed in: English (1,000,000) by
 * default, as the command line's text; French (1 000 000, plain spaces so that columns line up on a
 * terminal) with `fr`.
 */
export const count = (n: number, lang: 'fr' | 'en' = 'en'): string =>
  lang === 'en' ? n.toLocaleString('en-GB') : n.toLocaleString('fr-FR').replace(/\u202f|\u00a0/g, ' ');
