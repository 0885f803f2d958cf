/**
 * The journal file read once, as a stream: chunks of 1 MiB split into lines, each line checked
 * ({@link JournalCheck}) and hashed as a leaf of the journal's Merkle tree in the same pass. A line
 * longer than an entry may be is not held: its bytes are counted and hashed, its last 32 kept (where
 * its entry's number is written). Memory: one chunk, one line of at most 1 MiB, the O(log n) roots
 * of the tree, the first 1,000 findings and the rows a reader asks to keep — plus 64 bytes an entry
 * only when proofs are to be built (`tree: 'leaves'`).
 */
import { createHash } from 'node:crypto';
import type { Hash } from 'node:crypto';
import {
  JournalCheck,
  LeafHashes,
  MAX_ENTRY_LINE_BYTES,
  MerkleRoot,
  checkpointOf,
  decodeLine,
  longLine,
  subtreeRoot,
} from '@engine';
import type { Checkpoint, JournalEntry, JournalTree, JournalVerdict, KeyPair } from '@engine';
import { openInputFile } from './bounded-file';
import { UsageError, quotedPath } from './errors';

/**
 * A journal is at most 2 GiB (about 4.5 million entries): a larger file is refused unread. Streamed,
 * its size sets no memory; the bound is how long a check may take (about 5 s a million entries).
 */
const MAX_JOURNAL_BYTES = 2 * 1024 * 1024 * 1024;

const tooLarge = (size: number): string =>
  `the journal is ${size} bytes; at most ${MAX_JOURNAL_BYTES} bytes are read (start a new journal file)`;

const CHUNK_BYTES = 1024 * 1024;
const LEAF_PREFIX = Buffer.of(0x00);
const NODE_PREFIX = Buffer.of(0x01);

// Node's native SHA-256 for the same hashes the engine makes in JavaScript (RFC 6962's node, an
// entry's): at a million entries the engine's own takes most of a check's time
const nodeHash = (left: Uint8Array, right: Uint8Array): Uint8Array =>
  createHash('sha256').update(NODE_PREFIX).update(left).update(right).digest();
const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** What the stream computes besides the check: nothing, the root alone, or every leaf for proofs. */
export type TreeNeed = 'none' | 'root' | 'leaves';

export interface StreamOptions {
  /** A file that does not exist is an empty journal (a journal not started yet). */
  readonly missingIsEmpty?: boolean;
  readonly tree?: TreeNeed;
  /** Which entries the verdict keeps in its rows (default: none). */
  readonly keepRow?: (e: JournalEntry) => boolean;
  /** Bytes read at a time (tests make lines cross many chunks with a few bytes). */
  readonly chunkBytes?: number;
}

/** A journal read once: its check, its tree as asked, and the size and time it was read at. */
export interface StreamedJournal {
  readonly verdict: JournalVerdict;
  /** Bytes read: the size the journal was checked at. */
  readonly bytes: number;
  /** Its modification time when read (null: it did not exist). */
  readonly mtimeMs: number | null;
  /** Its whole lines: the size of its tree. */
  readonly size: number;
  /** The root of the tree of its whole lines (the empty tree's without `tree`). */
  readonly root: Uint8Array;
  readonly leaves: LeafHashes | null;
}

/** Reads the journal at `path` once (see the file's head); `flag` names it in messages. */
export async function streamJournal(flag: string, path: string, options: StreamOptions = {}): Promise<StreamedJournal> {
  const tree = options.tree ?? 'none';
  const check = new JournalCheck({ keepRow: options.keepRow ?? (() => false), sha256Hex });
  // with the leaves, their kept nodes give the root: the compact range would hash every node twice
  const roots = tree === 'root' ? new MerkleRoot(nodeHash) : null;
  const leaves = tree === 'leaves' ? new LeafHashes(nodeHash) : null;
  let file;
  try {
    file = await openInputFile(flag, path, MAX_JOURNAL_BYTES, tooLarge);
  } catch (err) {
    if (options.missingIsEmpty && err instanceof UsageError && err.message.endsWith('it does not exist'))
      return { verdict: check.end(null), bytes: 0, mtimeMs: null, size: 0, root: new MerkleRoot().root(), leaves };
    throw err;
  }
  const { handle } = file;
  // the line being read across chunks: its pieces while it may still be an entry, its length, its
  // leaf hash so far and its last bytes once too long to hold
  let pieces: Buffer[] = [];
  let length = 0;
  let hash: Hash | null = null;
  let tail = Buffer.alloc(0);
  const addLeaf = (h: Uint8Array): void => {
    roots?.pushLeafHash(h);
    leaves?.add(h);
  };
  const lineNow = (): ReturnType<typeof decodeLine> =>
    length > MAX_ENTRY_LINE_BYTES ? longLine(length, tail) : decodeLine(Buffer.concat(pieces, length));
  const add = (piece: Buffer): void => {
    if (tree !== 'none') (hash ??= createHash('sha256').update(LEAF_PREFIX)).update(piece);
    length += piece.length;
    if (length <= MAX_ENTRY_LINE_BYTES) pieces.push(Buffer.from(piece));
    else {
      // only the last 32 bytes of each piece can be among the line's last 32
      tail = Buffer.concat([tail, ...pieces, piece].map((b) => b.subarray(-32))).subarray(-32);
      pieces = [];
    }
  };
  const next = (): void => {
    pieces = [];
    length = 0;
    hash = null;
    tail = Buffer.alloc(0);
  };
  let read = 0;
  try {
    const buf = Buffer.alloc(options.chunkBytes ?? CHUNK_BYTES);
    for (;;) {
      const { bytesRead } = await handle.read(buf, 0, buf.length, read);
      if (bytesRead === 0) break;
      read += bytesRead;
      // the size was checked when opened; a file that grew since is bounded again here
      if (read > MAX_JOURNAL_BYTES) throw new UsageError(`--${flag} ${quotedPath(path)}: ${tooLarge(read)}`);
      const chunk = buf.subarray(0, bytesRead);
      for (let from = 0; ; ) {
        const at = chunk.indexOf(0x0a, from);
        if (at === -1) {
          if (from < chunk.length) add(chunk.subarray(from));
          break;
        }
        const piece = chunk.subarray(from, at);
        if (length === 0 && piece.length <= MAX_ENTRY_LINE_BYTES) {
          // the whole line is in this chunk: read where it lies, no copy
          check.line(decodeLine(piece));
          if (tree !== 'none') addLeaf(createHash('sha256').update(LEAF_PREFIX).update(piece).digest());
        } else {
          add(piece);
          check.line(lineNow());
          if (tree !== 'none') addLeaf((hash ?? createHash('sha256').update(LEAF_PREFIX)).digest());
          next();
        }
        from = at + 1;
      }
    }
    const mtimeMs = (await handle.stat()).mtimeMs;
    // what follows the last line end is a torn line: checked as such, and no leaf
    const verdict = check.end(length > 0 ? lineNow() : null);
    const size = verdict.lines - (length > 0 ? 1 : 0);
    const root = leaves !== null ? subtreeRoot(leaves, 0, size) : (roots ?? new MerkleRoot()).root();
    return { verdict, bytes: read, mtimeMs, size, root, leaves };
  } finally {
    await handle.close();
  }
}

/**
 * The journal's tree, as read with its leaves kept (`tree: 'leaves'`), and its checkpoint signed with
 * `key` at `at`: what the excerpt a bundle or case holds proves its entries against.
 */
export function signedHead(
  read: StreamedJournal,
  key: KeyPair,
  at: Date,
): { tree: JournalTree; checkpoint: Checkpoint } {
  if (read.leaves === null) throw new Error('the journal was read without its leaves: read it with tree: "leaves"');
  const tree = { leaves: read.leaves, root: read.root };
  return { tree, checkpoint: checkpointOf(tree, key, at) };
}
