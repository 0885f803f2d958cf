/**
 * The Merkle tree of a whole journal ({@link ./merkle.ts}): leaf k is the exact bytes of line k + 1,
 * the entry's canonical JSON without its line end, so the tree is computed from the file alone and a
 * journal written before the tree existed has one by reading, never by being rewritten. A torn last
 * line (no line end) is not part of the journal, so it is no leaf.
 */
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson } from './entry';
import { signCheckpoint } from './checkpoint';
import type { Checkpoint } from './checkpoint';
import type { KeyPair } from '../evidence/signing';
import { LeafHashes, leafHash, subtreeRoot } from './merkle';
import type { JournalRow } from './verify';

/** A journal's leaf hashes, and the root of them all. */
export interface JournalTree {
  readonly leaves: LeafHashes;
  readonly root: Uint8Array;
}

/** The tree of a journal file's bytes: one leaf per whole line, read in one pass. */
export function journalTree(bytes: Uint8Array): JournalTree {
  const leaves = new LeafHashes();
  for (let from = 0; ; ) {
    const at = bytes.indexOf(0x0a, from);
    if (at === -1) break;
    leaves.add(leafHash(bytes.subarray(from, at)));
    from = at + 1;
  }
  return { leaves, root: subtreeRoot(leaves, 0, leaves.size) };
}

/**
 * The tree of a journal that verified, from its rows (each the entry of line seq, written
 * canonically): refused when a row is broken or out of place, for a checkpoint must be the tree of
 * the file as it is.
 */
export function treeOfRows(rows: readonly JournalRow[]): JournalTree {
  const leaves = new LeafHashes();
  rows.forEach((r, i) => {
    if (r.broken || r.entry.seq !== i + 1 || r.line !== i + 1)
      throw new RangeError(`line ${r.line} of the journal does not verify: no checkpoint is signed over it`);
    leaves.add(leafHash(utf8ToBytes(canonicalJson(r.entry))));
  });
  return { leaves, root: subtreeRoot(leaves, 0, leaves.size) };
}

/** The journal's checkpoint now: its size and root, signed with `key`. */
export function checkpointOf(tree: JournalTree, key: KeyPair, time: Date): Checkpoint {
  return signCheckpoint(tree.leaves.size, tree.root, time, key);
}
