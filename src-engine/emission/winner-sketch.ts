/**
 * Where a block's winners sit, kept small enough that a whole emission's blocks fit in memory: one
 * bit a unit (125 kB for a block of 1,000,000 units), the same bits mirrored, and anchors that find
 * a shift without trying every one.
 *
 * An anchor is a winner whose next {@link GRAM} gaps (to the next winner, cyclically) hash to a
 * value with its low bits zero: what the gaps are decides it, not where they sit, so a block whose
 * winners are another's shifted by `s` has the same anchors, `s` further on. Two blocks' anchors
 * joined by hash vote for the shifts worth measuring exactly; chance agreements only cost a
 * measurement, since the test counts every shift as tried ({@link reuseOfPair}).
 */
import { LOSING_LEVEL } from '../stats/placement-constants';

/** Gaps hashed together for an anchor: few, so that a block reused with many of its winners moved keeps some anchors; chance agreements only cost a measurement. */
export const GRAM = 4;

export interface Anchors {
  /** The anchors' hashes, ascending. */
  readonly hashes: Uint32Array;
  /** The position of each anchor's winner, in the order of `hashes`. */
  readonly positions: Uint32Array;
}

export interface WinnerSketch {
  readonly units: number;
  readonly winners: number;
  /** Bit `i` set when unit `i` wins (32 units a word). */
  readonly bits: Uint32Array;
  /** Bit `i` set when unit `units − 1 − i` wins: the block read backwards. */
  readonly mirrored: Uint32Array;
  readonly anchors: Anchors;
  /** The anchors of the block read backwards. */
  readonly mirroredAnchors: Anchors;
}

/** One anchor in 2^r winners: about a thousand or more anchors a block of 1,000,000 units, all winners of a small one. */
export function anchorMask(units: number): number {
  const r = Math.max(0, Math.min(5, Math.floor(Math.log2(Math.max(1, units))) - 12));
  return (1 << r) - 1;
}

/** A 32-bit mix of `n` gaps from `at` (cyclically): FNV-1a over the gaps, then murmur's finaliser. */
function gramHash(gaps: Uint32Array, at: number): number {
  let h = 0x811c9dc5;
  for (let j = 0; j < GRAM; j++) {
    h ^= gaps[(at + j) % gaps.length]!;
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function anchorsOf(positions: Uint32Array, units: number): Anchors {
  const k = positions.length;
  if (k < 2) return { hashes: new Uint32Array(0), positions: new Uint32Array(0) };
  const gaps = new Uint32Array(k);
  for (let i = 0; i < k; i++)
    gaps[i] = i + 1 < k ? positions[i + 1]! - positions[i]! : positions[0]! + units - positions[i]!;
  const mask = anchorMask(units);
  const picked: [number, number][] = [];
  for (let i = 0; i < k; i++) {
    const h = gramHash(gaps, i);
    if ((h & mask) === 0) picked.push([h, positions[i]!]);
  }
  picked.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return {
    hashes: Uint32Array.from(picked, (p) => p[0]),
    positions: Uint32Array.from(picked, (p) => p[1]),
  };
}

/** The sketch of a block's levels (one byte a unit, {@link LOSING_LEVEL} for a losing unit). */
export function winnerSketch(levels: Uint8Array): WinnerSketch {
  const units = levels.length;
  const words = Math.ceil(units / 32);
  const bits = new Uint32Array(words);
  const mirrored = new Uint32Array(words);
  let winners = 0;
  for (let i = 0; i < units; i++)
    if (levels[i] !== LOSING_LEVEL) {
      winners++;
      bits[i >>> 5]! |= 1 << (i & 31);
      const m = units - 1 - i;
      mirrored[m >>> 5]! |= 1 << (m & 31);
    }
  return {
    units,
    winners,
    bits,
    mirrored,
    anchors: anchorsOf(positionsOf(bits, winners), units),
    mirroredAnchors: anchorsOf(positionsOf(mirrored, winners), units),
  };
}

/** The set bits of `bits`, ascending. */
export function positionsOf(bits: Uint32Array, count: number): Uint32Array {
  const out = new Uint32Array(count);
  let n = 0;
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w]!;
    while (x !== 0) {
      const low = x & -x;
      out[n++] = w * 32 + (31 - Math.clz32(low));
      x ^= low;
    }
  }
  return out;
}
