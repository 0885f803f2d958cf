/**
 * The journal entries a bundle made on screen holds, proved: the excerpt's first line carries the
 * checkpoint the app signed over the journal it read and each entry's inclusion proof in it, as
 * `evidence --sign --journal` writes it, so `verify-bundle` and `journal verify --against` take it.
 */
import { journalExcerpt, treeOfRows } from '@engine';
import type { Checkpoint, JournalRow } from '@engine';

type Blocks = Parameters<typeof journalExcerpt>[1];

/**
 * The excerpt of `rows` on `blocks` with its proofs against `checkpoint` (signed over these rows'
 * text). A journal that does not verify has no tree to prove entries in: its excerpt then carries
 * no checkpoint, as before, and the Journal screen names the break.
 */
export function provedExcerpt(rows: readonly JournalRow[], blocks: Blocks, checkpoint: Checkpoint): string {
  let tree: ReturnType<typeof treeOfRows>;
  try {
    tree = treeOfRows(rows);
  } catch {
    return journalExcerpt(rows, blocks);
  }
  return journalExcerpt(rows, blocks, { tree, checkpoint });
}
