/**
 * The journal as a Merkle log, beside its hash chain: the tree of RFC 6962 §2.1 (the same in
 * RFC 9162 §2.1.1) over the journal's entries, each leaf the exact bytes of an entry's line (its
 * canonical JSON, without the line end). Leaf and node hashes are domain-separated — a leaf is
 * SHA-256(0x00 ‖ bytes), a node SHA-256(0x01 ‖ left ‖ right) — so a leaf can never be read as a
 * node (RFC 6962 §2.1, RFC 9162 §2.1.1). The root is computed from the entries alone: nothing new
 * must be trusted, and a journal written before the tree existed has one as well, by reading.
 *
 * This module builds: roots (streaming, O(log n) memory), inclusion proofs (PATH, RFC 6962 §2.1.1)
 * and consistency proofs (PROOF/SUBPROOF, RFC 6962 §2.1.2). Their checks are in merkle-verify.ts.
 */
import { sha256 } from '@noble/hashes/sha2.js';

/** A SHA-256, 32 bytes. */
export type Hash = Uint8Array;

const LEAF_PREFIX = 0x00;
const NODE_PREFIX = 0x01;

/** The hash of a leaf: SHA-256(0x00 ‖ bytes) (RFC 6962 §2.1). */
export function leafHash(bytes: Uint8Array): Hash {
  return sha256.create().update(Uint8Array.of(LEAF_PREFIX)).update(bytes).digest();
}

/** The hash of an interior node: SHA-256(0x01 ‖ left ‖ right) (RFC 6962 §2.1). */
export function nodeHash(left: Hash, right: Hash): Hash {
  return sha256.create().update(Uint8Array.of(NODE_PREFIX)).update(left).update(right).digest();
}

/** The root of the empty tree: SHA-256 of nothing (RFC 6962 §2.1: MTH({}) = SHA-256()). */
export const EMPTY_ROOT: Hash = sha256(new Uint8Array(0));

/**
 * A tree's root computed leaf by leaf, holding only the roots of its perfect subtrees — one per bit
 * of the size, so O(log n) hashes — as a compact range does. {@link root} can be asked at any size
 * on the way, which is how one pass over a journal gives the root of each checkpoint's prefix.
 */
export class MerkleRoot {
  /** Roots of perfect subtrees, largest first; `heights[i]` is the height of `stack[i]`. */
  private readonly stack: Hash[] = [];
  private readonly heights: number[] = [];
  private n = 0;

  /** `node`: {@link nodeHash}, or the same hash by a faster SHA-256 (the command line's native one). */
  constructor(private readonly node: (left: Hash, right: Hash) => Hash = nodeHash) {}

  /** Leaves added so far. */
  get size(): number {
    return this.n;
  }

  /** Adds the leaf whose hash is `h` (from {@link leafHash}). */
  pushLeafHash(h: Hash): void {
    let node = h;
    let height = 0;
    // two subtrees of the same height merge: the same pairing as MTH's largest power of two
    while (this.heights.length > 0 && this.heights[this.heights.length - 1] === height) {
      node = this.node(this.stack.pop()!, node);
      this.heights.pop();
      height++;
    }
    this.stack.push(node);
    this.heights.push(height);
    this.n++;
  }

  /** Adds a leaf's bytes. */
  push(bytes: Uint8Array): void {
    this.pushLeafHash(leafHash(bytes));
  }

  /** The root of the leaves added so far (MTH of RFC 6962 §2.1): the subtrees folded right to left. */
  root(): Hash {
    if (this.stack.length === 0) return EMPTY_ROOT;
    let r = this.stack[this.stack.length - 1]!;
    for (let i = this.stack.length - 2; i >= 0; i--) r = this.node(this.stack[i]!, r);
    return r;
  }
}

/** Hashes of 32 bytes end to end, growing by doubling. */
class HashRow {
  private bytes = new Uint8Array(32 * 64);
  n = 0;

  add(h: Hash): void {
    if ((this.n + 1) * 32 > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes.set(h, this.n * 32);
    this.n++;
  }

  at(i: number): Hash {
    return this.bytes.subarray(i * 32, i * 32 + 32);
  }
}

/**
 * The leaf hashes of a tree and its inner nodes: level h holds the root of every whole, aligned
 * subtree of 2^h leaves, made as the leaves come (one more hash a leaf, amortized). Any subtree a
 * proof names is then O(log n) lookups, never recomputed from its leaves: k proofs cost
 * O(n + k log n). Memory: about 64 bytes a leaf (32 for it, 32 for the nodes above it).
 */
export class LeafHashes {
  private readonly levels: HashRow[] = [new HashRow()];

  /** `node`: {@link nodeHash}, or the same hash by a faster SHA-256 (the command line's native one). */
  constructor(private readonly hashNode: (left: Hash, right: Hash) => Hash = nodeHash) {}

  get size(): number {
    return this.levels[0]!.n;
  }

  /** Adds the leaf hash `h`, and the nodes it completes. */
  add(h: Hash): void {
    let node = h;
    for (let level = 0; ; level++) {
      const row = (this.levels[level] ??= new HashRow());
      row.add(node);
      if (row.n % 2 === 1) return;
      node = this.hashNode(row.at(row.n - 2), row.at(row.n - 1));
    }
  }

  /** The hash of leaf `i` (from 0). */
  at(i: number): Hash {
    if (!Number.isSafeInteger(i) || i < 0 || i >= this.size)
      throw new RangeError(`no leaf ${i} in a tree of ${this.size}`);
    return this.levels[0]!.at(i);
  }

  /** The root of the whole subtree of 2^level leaves from leaf `index`·2^level, when it is complete. */
  node(level: number, index: number): Hash | null {
    const row = this.levels[level];
    return row !== undefined && index < row.n ? row.at(index) : null;
  }
}

/** The largest power of two smaller than `n` (n > 1): where MTH splits a list (RFC 6962 §2.1). */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * MTH(D[from:to]) over leaf hashes (RFC 6962 §2.1). A whole aligned subtree is one lookup, and the
 * ranges proofs name split into such subtrees on the left: O(log n) for them.
 */
export function subtreeRoot(leaves: LeafHashes, from: number, to: number): Hash {
  const n = to - from;
  if (n === 0) return EMPTY_ROOT;
  if (n === 1) return leaves.at(from);
  const level = Math.log2(n);
  if (Number.isInteger(level) && from % n === 0 && to <= leaves.size) {
    const whole = leaves.node(level, from / n);
    if (whole !== null) return whole;
  }
  const k = splitPoint(n);
  return nodeHash(subtreeRoot(leaves, from, from + k), subtreeRoot(leaves, from + k, to));
}

function checkSize(leaves: LeafHashes, size: number): void {
  if (!Number.isSafeInteger(size) || size < 0 || size > leaves.size)
    throw new RangeError(`a tree of ${size} leaves, but ${leaves.size} are known`);
}

/**
 * The inclusion proof of leaf `index` (from 0) in the tree of the first `size` leaves: PATH(m, D[n])
 * of RFC 6962 §2.1.1, the sibling hashes from the leaf up.
 */
export function inclusionProof(leaves: LeafHashes, index: number, size: number): Hash[] {
  checkSize(leaves, size);
  if (!Number.isSafeInteger(index) || index < 0 || index >= size)
    throw new RangeError(`no leaf ${index} in a tree of ${size}`);
  const out: Hash[] = [];
  const path = (m: number, from: number, to: number): void => {
    const n = to - from;
    if (n <= 1) return;
    const k = splitPoint(n);
    if (m < k) {
      path(m, from, from + k);
      out.push(subtreeRoot(leaves, from + k, to));
    } else {
      path(m - k, from + k, to);
      out.push(subtreeRoot(leaves, from, from + k));
    }
  };
  path(index, 0, size);
  return out;
}

/**
 * The consistency proof from the tree of the first `first` leaves to that of the first `second`:
 * PROOF(m, D[n]) = SUBPROOF(m, D[n], true) of RFC 6962 §2.1.2 (empty when first is 0 or first = second).
 */
export function consistencyProof(leaves: LeafHashes, first: number, second: number): Hash[] {
  checkSize(leaves, second);
  if (!Number.isSafeInteger(first) || first < 0 || first > second)
    throw new RangeError(`no consistency proof from ${first} leaves to ${second}`);
  const out: Hash[] = [];
  if (first === 0 || first === second) return out;
  const sub = (m: number, from: number, to: number, whole: boolean): void => {
    const n = to - from;
    if (m === n) {
      if (!whole) out.push(subtreeRoot(leaves, from, to));
      return;
    }
    const k = splitPoint(n);
    if (m <= k) {
      sub(m, from, from + k, whole);
      out.push(subtreeRoot(leaves, from + k, to));
    } else {
      sub(m - k, from + k, to, false);
      out.push(subtreeRoot(leaves, from, from + k));
    }
  };
  sub(first, 0, second, true);
  return out;
}
