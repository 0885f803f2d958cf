/**
 * Integrity of a block: the block digest is SHA-256 over the concatenated SHA-256 digests of its
 * segments (each over the canonical records of its units, in index order); the Merkle root over
 * the same segment digests lets one segment, and so one unit, be shown to belong to the block
 * without the rest.
 * @see README.md "Canonical records and digests"
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes } from '@noble/hashes/utils.js';

/** The block digest, hex. */
export function blockDigest(segmentDigests: readonly Uint8Array[]): string {
  return bytesToHex(sha256(concatBytes(...segmentDigests)));
}

const NODE = Uint8Array.of(1);

/** Hash of an inner Merkle node: SHA-256(0x01 ‖ left ‖ right); a lone node is carried up unchanged. */
function parent(left: Uint8Array, right: Uint8Array): Uint8Array {
  return sha256(concatBytes(NODE, left, right));
}

/** The Merkle root over segment digests (the leaves), hex. */
export function merkleRoot(leaves: readonly Uint8Array[]): string {
  if (leaves.length === 0) return bytesToHex(sha256(new Uint8Array(0)));
  let level = [...leaves];
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2)
      next.push(i + 1 < level.length ? parent(level[i]!, level[i + 1]!) : level[i]!);
    level = next;
  }
  return bytesToHex(level[0]!);
}

/** The sibling path of a leaf: each step's sibling hash and whether it sits on the left. */
export interface MerkleProof {
  readonly leafIndex: number;
  readonly leaf: string;
  readonly path: readonly { readonly sibling: string; readonly left: boolean }[];
  readonly root: string;
}

/** A proof that leaf `index` belongs under the root. */
export function merkleProof(leaves: readonly Uint8Array[], index: number): MerkleProof {
  const path: { sibling: string; left: boolean }[] = [];
  let level = [...leaves];
  let i = index;
  while (level.length > 1) {
    const sib = i ^ 1;
    if (sib < level.length) path.push({ sibling: bytesToHex(level[sib]!), left: sib < i });
    const next: Uint8Array[] = [];
    for (let k = 0; k < level.length; k += 2)
      next.push(k + 1 < level.length ? parent(level[k]!, level[k + 1]!) : level[k]!);
    level = next;
    i >>= 1;
  }
  return { leafIndex: index, leaf: bytesToHex(leaves[index]!), path, root: merkleRoot(leaves) };
}

/** Checks a proof: recomputes the root from the leaf and its path. */
export function verifyMerkleProof(proof: MerkleProof): boolean {
  let h: Uint8Array = hexBytes(proof.leaf);
  for (const step of proof.path) {
    const s = hexBytes(step.sibling);
    h = step.left ? parent(s, h) : parent(h, s);
  }
  return bytesToHex(h) === proof.root;
}

function hexBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}
