/**
 * Plain-text tables for the terminal: columns padded, numbers right-aligned.
 */
export function textTable(head: readonly string[], rows: readonly (readonly string[])[], rightFrom = 1): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells.map((c, i) => (i >= rightFrom ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  return [line(head), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** A count with French digit groups (1 000 000). */
export const count = (n: number): string => n.toLocaleString('fr-FR').replace(/\u202f|\u00a0/g, ' ');
