import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import {
  EMPTY_ROOT,
  LeafHashes,
  MerkleRoot,
  consistencyProof,
  inclusionProof,
  leafHash,
  nodeHash,
  subtreeRoot,
} from './merkle';
import type { Hash } from './merkle';
import { ceilLog2, verifyConsistency, verifyInclusion } from './merkle-verify';

/*
 * The RFC 6962 test vectors of an independent implementation: transparency-dev/merkle,
 * proof/verify_test.go (commit 02194e9afb6c1d95b5381350007963aa70fff472), the same as those of
 * google/certificate-transparency-go's merkletree tests: eight leaves, the roots of the trees of
 * their first 1…8, and inclusion and consistency proofs between them. Copied as hex, not computed.
 */
const LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'].map(
  hexToBytes,
);
const ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
/** {leaf (from 1), size, proof}, as the Go test writes them. */
const INCLUSION: [number, number, string[]][] = [
  [1, 1, []],
  [
    1,
    8,
    [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  ],
  [
    6,
    8,
    [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
  [3, 3, ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125']],
  [
    2,
    5,
    [
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  ],
];
/** {size1, size2, proof}. */
const CONSISTENCY: [number, number, string[]][] = [
  [1, 1, []],
  [
    1,
    8,
    [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  ],
  [
    6,
    8,
    [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
  [
    2,
    5,
    [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  ],
  [
    6,
    7,
    [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
];

const hexes = (p: readonly Hash[]): string[] => p.map((h) => bytesToHex(h));
const hashes = (p: readonly string[]): Hash[] => p.map(hexToBytes);

function leavesOf(data: readonly Uint8Array[]): LeafHashes {
  const l = new LeafHashes();
  for (const d of data) l.add(leafHash(d));
  return l;
}

/** Leaves 0…n−1 with distinct bytes (the leaf's number). */
const numbered = (n: number): LeafHashes =>
  leavesOf(Array.from({ length: n }, (_, i) => Uint8Array.of(i >> 8, i & 255)));

const withAt = (p: readonly Hash[], i: number, h: Hash): Hash[] => p.map((x, k) => (k === i ? h : x));

const flip = (h: Hash): Hash => {
  const c = h.slice();
  c[0]! ^= 16;
  return c;
};

describe('RFC 6962 tree hashing (vectors of transparency-dev/merkle)', () => {
  const tree = leavesOf(LEAVES);

  it('gives the root of the empty tree as SHA-256 of nothing', () => {
    expect(bytesToHex(EMPTY_ROOT)).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(new MerkleRoot().root()).toEqual(EMPTY_ROOT);
  });

  it('gives the published root for each size 1…8, streaming and recursively', () => {
    const stream = new MerkleRoot();
    LEAVES.forEach((d, i) => {
      stream.push(d);
      expect(bytesToHex(stream.root()), `size ${i + 1}`).toBe(ROOTS[i]);
      expect(bytesToHex(subtreeRoot(tree, 0, i + 1))).toBe(ROOTS[i]);
    });
  });

  it('separates leaves from nodes: a node is not the leaf of its bytes', () => {
    const l = leafHash(LEAVES[1]!);
    const r = leafHash(LEAVES[2]!);
    const joined = new Uint8Array([...l, ...r]);
    expect(bytesToHex(nodeHash(l, r))).not.toBe(bytesToHex(leafHash(joined)));
  });

  it.each(INCLUSION)('builds and checks the published inclusion proof of leaf %i in %i', (leaf, size, proof) => {
    expect(hexes(inclusionProof(tree, leaf - 1, size))).toEqual(proof);
    expect(verifyInclusion(leaf - 1, size, tree.at(leaf - 1), hashes(proof), hexToBytes(ROOTS[size - 1]!))).toBeNull();
  });

  it.each(CONSISTENCY)('builds and checks the published consistency proof from %i to %i', (m, n, proof) => {
    expect(hexes(consistencyProof(tree, m, n))).toEqual(proof);
    expect(verifyConsistency(m, n, hexToBytes(ROOTS[m - 1]!), hexToBytes(ROOTS[n - 1]!), hashes(proof))).toBeNull();
  });

  it.each(INCLUSION.filter(([, , p]) => p.length > 0))(
    'refuses the inclusion proof of leaf %i in %i once altered',
    (leaf, size, proof) => {
      const root = hexToBytes(ROOTS[size - 1]!);
      const p = hashes(proof);
      const h = tree.at(leaf - 1);
      expect(verifyInclusion(leaf, size, h, p, root)).not.toBeNull(); // another leaf number
      expect(verifyInclusion(leaf - 1, size, leafHash(LEAVES[(leaf % 8) as 0]!), p, root)).not.toBeNull();
      expect(verifyInclusion(leaf - 1, size, h, p, EMPTY_ROOT)).not.toBeNull();
      expect(verifyInclusion(leaf - 1, size, h, [...p, root], root)).not.toBeNull(); // trailing garbage
      expect(verifyInclusion(leaf - 1, size, h, p.slice(1), root)).not.toBeNull();
      p.forEach((_, i) => {
        expect(verifyInclusion(leaf - 1, size, h, withAt(p, i, flip(p[i]!)), root)).not.toBeNull();
      });
    },
  );
});

describe('consistency proofs between every two sizes up to 64', () => {
  const N = 64;
  const tree = numbered(N);
  const roots = Array.from({ length: N + 1 }, (_, n) => subtreeRoot(tree, 0, n));

  it('verify for every m ≤ n, and fail once tampered', () => {
    let checked = 0;
    for (let n = 1; n <= N; n++)
      for (let m = 0; m <= n; m++) {
        const p = consistencyProof(tree, m, n);
        expect(p.length).toBeLessThanOrEqual(ceilLog2(n) + 1);
        expect(verifyConsistency(m, n, roots[m]!, roots[n]!, p), `${m} → ${n}`).toBeNull();
        if (m === 0) continue;
        if (m < n) {
          // a different first tree (a changed entry), a bit flipped, a hash dropped, added or moved
          expect(verifyConsistency(m, n, roots[m - 1]!, roots[n]!, p), `${m} → ${n}, other root`).not.toBeNull();
          expect(verifyConsistency(m, n, roots[m]!, roots[n - 1]!, p), `${m} → ${n}, other head`).not.toBeNull();
          p.forEach((h, i) => {
            expect(verifyConsistency(m, n, roots[m]!, roots[n]!, withAt(p, i, flip(h))), `bit ${i}`).not.toBeNull();
          });
          expect(verifyConsistency(m, n, roots[m]!, roots[n]!, p.slice(0, -1))).not.toBeNull();
          expect(verifyConsistency(m, n, roots[m]!, roots[n]!, [...p, roots[n]!])).not.toBeNull();
          if (p.length > 1)
            expect(verifyConsistency(m, n, roots[m]!, roots[n]!, [...p].reverse()), 'reversed').not.toBeNull();
          if (n < N) expect(verifyConsistency(m, n + 1, roots[m]!, roots[n + 1]!, p), 'wrong size').not.toBeNull();
        } else expect(verifyConsistency(m, n, roots[m]!, roots[n - 1]!, p)).not.toBeNull();
        checked++;
      }
    expect(checked).toBe((N * (N + 1)) / 2);
  });

  it('gives inclusion proofs that verify for every leaf of every size up to 32', () => {
    for (let n = 1; n <= 32; n++)
      for (let i = 0; i < n; i++) {
        const p = inclusionProof(tree, i, n);
        expect(p.length).toBeLessThanOrEqual(ceilLog2(n));
        expect(verifyInclusion(i, n, tree.at(i), p, roots[n]!), `${i} in ${n}`).toBeNull();
        if (n > 1) expect(verifyInclusion((i + 1) % n, n, tree.at(i), p, roots[n]!)).not.toBeNull();
      }
  });

  it('refuses a proof longer than ⌈log₂ n⌉ + 1 before any hash, naming the bound', () => {
    const long = Array.from({ length: 8 }, () => EMPTY_ROOT);
    expect(verifyConsistency(3, 7, roots[3]!, roots[7]!, long)?.en).toMatch(/more than the 4 any proof/);
    expect(verifyInclusion(2, 7, tree.at(2), long, roots[7]!)?.en).toMatch(/more than the 4 any proof/);
  });
});

describe('inner nodes kept as the leaves come', () => {
  const N = 40;
  const tree = numbered(N);
  /** MTH of leaves from…to−1 by the streaming compact range: a computation that shares no node with the kept ones. */
  const streamed = (from: number, to: number): string => {
    const r = new MerkleRoot();
    for (let i = from; i < to; i++) r.pushLeafHash(tree.at(i));
    return bytesToHex(r.root());
  };

  it('give every subtree root, aligned or not, as the leaves do', () => {
    for (let from = 0; from < N; from++)
      for (let to = from + 1; to <= N; to++)
        expect(bytesToHex(subtreeRoot(tree, from, to)), `${from}…${to}`).toBe(streamed(from, to));
  });

  it('hold each whole aligned subtree once complete, and none before', () => {
    expect(bytesToHex(tree.node(3, 4)!)).toBe(streamed(32, 40));
    expect(tree.node(3, 5)).toBeNull();
    expect(bytesToHex(tree.node(5, 0)!)).toBe(streamed(0, 32));
    expect(tree.node(6, 0)).toBeNull();
  });
});
