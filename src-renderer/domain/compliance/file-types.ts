/**
 * Which files a file drop takes: the endings its `accept` names. The file dialog already shows only
 * those, but a file dropped, or picked with the dialog's « all files », comes through unfiltered:
 * it is refused here, by its name, with the endings that were expected.
 */

/** The endings an `accept` list names (« .jsonl »), or null when it takes any file (« * » or no ending named). */
export function acceptedEndings(accept: string): readonly string[] | null {
  const parts = accept
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter((p) => p !== '');
  if (parts.includes('*') || parts.includes('*/*')) return null;
  const endings = parts.filter((p) => p.startsWith('.'));
  return endings.length > 0 ? endings : null;
}

/** The files given, split into those taken and those refused by their ending, each in the order given. */
export function sortOutFiles<F extends { readonly name: string }>(
  files: readonly F[],
  accept: string,
): { readonly taken: F[]; readonly refused: F[] } {
  const endings = acceptedEndings(accept);
  if (!endings) return { taken: [...files], refused: [] };
  const takes = (f: F): boolean => endings.some((e) => f.name.toLowerCase().endsWith(e));
  return { taken: files.filter(takes), refused: files.filter((f) => !takes(f)) };
}

/**
 * After the file at `removed` is taken out of a list that now holds `left` files: the index of the
 * « Retirer » that takes the focus (the next file's, else the new last one's), or null when the list
 * is empty and the focus goes back to the choose button.
 */
export function focusAfterRemove(removed: number, left: number): number | null {
  return left === 0 ? null : Math.min(removed, left - 1);
}
