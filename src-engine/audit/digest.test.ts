// The engine imports no Node module; its tests may (eslint.config.js), and this one does, to check
// the engine's digests against Node's own SHA-256, an implementation the engine does not use.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import mineRules from '../../resources/rules/mine-d-or.json';
import gongRules from '../../resources/rules/les-3-gongs.json';
import {
  blockDigest,
  iterateUnits,
  merkleProof,
  merkleRoot,
  mergeBlock,
  officialBlock,
  runRange,
  verifyMerkleProof,
} from '../index';
import type { BlockSpec, MerkleProof } from '../index';

const sha = (...parts: Uint8Array[]): Buffer => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};
const leavesOf = (n: number): Uint8Array[] => Array.from({ length: n }, (_, i) => sha(Uint8Array.of(i, 42)));

/** Independent Merkle root: inner node SHA-256(0x01 ‖ left ‖ right), a lone node carried up. */
function nodeRoot(leaves: readonly Uint8Array[]): string {
  let level = [...leaves];
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2)
      next.push(i + 1 < level.length ? sha(Uint8Array.of(1), level[i]!, level[i + 1]!) : level[i]!);
    level = next;
  }
  return Buffer.from(level[0]!).toString('hex');
}

const flip = (hex: string): string => (hex[0] === '0' ? '1' : '0') + hex.slice(1);

describe('Merkle proofs over segment digests', () => {
  for (let n = 1; n <= 17; n++) {
    it(`a tree of ${n} leaves: every leaf’s proof verifies, a tampered leaf or sibling fails`, () => {
      const leaves = leavesOf(n);
      expect(merkleRoot(leaves)).toBe(nodeRoot(leaves));
      for (let i = 0; i < n; i++) {
        const p = merkleProof(leaves, i);
        expect(p.root).toBe(merkleRoot(leaves));
        expect(p.leaf).toBe(Buffer.from(leaves[i]!).toString('hex'));
        expect(verifyMerkleProof(p)).toBe(true);
        expect(verifyMerkleProof({ ...p, leaf: flip(p.leaf) })).toBe(false);
        p.path.forEach((_, k) => {
          const path = p.path.map((s, j) => (j === k ? { ...s, sibling: flip(s.sibling) } : s));
          expect(verifyMerkleProof({ ...p, path })).toBe(false);
          const sides = p.path.map((s, j) => (j === k ? { ...s, left: !s.left } : s));
          expect(verifyMerkleProof({ ...p, path: sides })).toBe(false);
        });
        if (n > 1) {
          const other: MerkleProof = { ...p, leaf: Buffer.from(leaves[(i + 1) % n]!).toString('hex') };
          expect(verifyMerkleProof(other)).toBe(false);
        }
      }
    });
  }
});

/** The canonical records of units [from, to), rebuilt here from the views (README layout). */
function records(spec: BlockSpec, from: number, to: number): Buffer {
  const chunks: Buffer[] = [];
  const u32 = (v: number): Buffer => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    return b;
  };
  const mineCode = (id: string): number => (id === 'extra' ? 6 : mineRules.symbols.findIndex((s) => s.id === id));
  const gongCode = (id: string): number => (id === 'yinyang' ? 9 : gongRules.symbols.findIndex((s) => s.id === id));
  iterateUnits(spec, from, to, (_i, prize, view) => {
    chunks.push(u32(prize));
    if (view.game === 'mine-d-or') {
      chunks.push(Buffer.from([view.extras.length]));
      for (const g of [view.main, ...view.extras]) chunks.push(Buffer.from(g.map(mineCode)));
    } else {
      chunks.push(Buffer.from([...view.gongs.map(gongCode), view.bonusCents ? 1 : 0]));
      if (view.bonusCents) for (const v of view.bonusCents) chunks.push(u32(v));
    }
  });
  return Buffer.concat(chunks);
}

describe('segment and block digests against node:crypto', () => {
  it.each([
    ['mine-d-or', 50, 3],
    ['mine-d-or', 200, 4294967295],
    ['les-3-gongs', 100, 3],
  ] as const)(
    '%s at %i cents, seed %i: segment digests are SHA-256 of the canonical records',
    async (game, stake, seed) => {
      const spec = officialBlock(game, stake, seed);
      const first = await runRange(spec, 0, 10_000);
      const rec = records(spec, 0, 10_000);
      expect(rec.length).toBeGreaterThan(10_000 * 8); // at least prize, 3 gongs and a flag per unit
      expect(Buffer.from(first.segmentDigests[0]!).toString('hex')).toBe(sha(rec).toString('hex'));
      const last = await runRange(spec, spec.table.blockUnits - 10_000, spec.table.blockUnits);
      expect(Buffer.from(last.segmentDigests[0]!).toString('hex')).toBe(
        sha(records(spec, spec.table.blockUnits - 10_000, spec.table.blockUnits)).toString('hex'),
      );
    },
  );

  it('the block digest is SHA-256 over the concatenated segment digests, the root over the same leaves', async () => {
    const spec = officialBlock('les-3-gongs', 50, 8);
    const r = mergeBlock(spec, [await runRange(spec, 0, 300_000)]);
    expect(r.segmentDigests).toHaveLength(30);
    const leaves = r.segmentDigests.map((h) => Buffer.from(h, 'hex'));
    expect(r.digest).toBe(sha(Buffer.concat(leaves)).toString('hex'));
    expect(blockDigest(leaves)).toBe(r.digest);
    expect(r.merkleRoot).toBe(nodeRoot(leaves));
    const p = merkleProof(leaves, 17);
    expect(p.root).toBe(r.merkleRoot);
    expect(verifyMerkleProof(p)).toBe(true);
  });

  it('blockDigest of known leaves equals node:crypto', () => {
    for (const n of [1, 2, 5, 100]) {
      const leaves = leavesOf(n);
      expect(blockDigest(leaves)).toBe(sha(Buffer.concat(leaves)).toString('hex'));
    }
  });
});
