/**
 * Two blocks whose winners sit at the same positions, at positions shifted (cyclically) or mirrored:
 * the same permutation reused, more alike than chance allows.
 *
 * Under a fair generator each block's winners are a uniformly drawn set of its units, independent
 * of another block's: for any one way `T` of laying one block on the other (a shift, or a mirror
 * then a shift), the winners the two share, |A ∩ T(B)|, follow exactly the hypergeometric law of
 * drawing B's winners among the units, A's being marked. Which `T` is measured is chosen from the
 * data (identity and mirror always, and the shifts the anchors vote for), so each pair's p-value is
 * Bonferroni over every one of the 2N ways (N shifts, mirrored or not): a fair pair reaches p ≤ a
 * with probability at most a, whatever was tried. Holm over the pairs keeps the chance of any false
 * finding in the emission at `alpha`.
 */
import { logChoose } from '../stats/distributions';
import type { Anchors, WinnerSketch } from './winner-sketch';
import { positionsOf } from './winner-sketch';

/** B laid on A: unit `i` of B (of B read backwards when `mirror`) falls on unit `i + shift` of A, cyclically. */
export interface Layout {
  readonly mirror: boolean;
  readonly shift: number;
}

export interface PairReuse {
  /** The layout under which the blocks share the most winners, of those measured. */
  readonly layout: Layout;
  /** Winners the blocks share under it. */
  readonly shared: number;
  /** What chance gives on average: k_A · k_B / N. */
  readonly expected: number;
  /** P(shared ≥ this) for one layout fixed in advance (hypergeometric, exact). */
  readonly pOne: number;
  /** The pair's p-value: `pOne` times the 2N layouts, at most 1. */
  readonly p: number;
  /** Layouts measured exactly. */
  readonly measured: number;
}

/** Shifts the anchors propose, beyond shift 0, at most this many a reading direction. */
const MAX_SHIFTS = 4;
/** Pairs of anchors of one hash joined at most (a common run of gaps says little where it sits). */
const MAX_JOIN = 16;

/** P(X ≥ x) for X hypergeometric: `draws` drawn from `population` of which `marked` are marked. */
export function hypergeometricUpper(population: number, marked: number, draws: number, x: number): number {
  const lo = Math.max(0, draws - (population - marked));
  const hi = Math.min(marked, draws);
  if (x <= lo) return 1;
  if (x > hi) return 0;
  const logPmf = logChoose(marked, x) + logChoose(population - marked, draws - x) - logChoose(population, draws);
  // the tail as pmf(x) · Σ pmf(j)/pmf(x), the ratios by recurrence (no underflow of the terms)
  let term = 1;
  let sum = 1;
  for (let j = x; j < hi; j++) {
    term *= ((marked - j) * (draws - j)) / ((j + 1) * (population - marked - draws + j + 1));
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return Math.min(1, Math.exp(logPmf + Math.log(sum)));
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

function sharedBits(a: Uint32Array, b: Uint32Array): number {
  let n = 0;
  for (let w = 0; w < a.length; w++) n += popcount(a[w]! & b[w]!);
  return n;
}

/** Winners of `a` on which the set bits of `base` fall, shifted by `shift` cyclically. */
function sharedShifted(a: Uint32Array, base: Uint32Array, count: number, units: number, shift: number): number {
  let n = 0;
  for (const p of positionsOf(base, count)) {
    const q = (p + shift) % units;
    n += (a[q >>> 5]! >>> (q & 31)) & 1;
  }
  return n;
}

/**
 * Votes a shift needs to be measured: chance spreads `joined` votes over the `units` shifts (Poisson
 * of mean joined/units each), and fewer than one shift of a fair pair is expected to reach this many,
 * so a fair pair costs two measurements, not a measurement per chance vote.
 */
function leastVotes(joined: number, units: number): number {
  const mean = joined / units;
  let term = Math.exp(-mean);
  let below = 0;
  for (let t = 1; ; t++) {
    below += term;
    term *= mean / t;
    if (units * (1 - below) < 1 || t > 64) return t;
  }
}

/** The shifts (not 0) that most anchor pairs of one hash agree on: position in A − position in B. */
function votedShifts(a: Anchors, b: Anchors, units: number): number[] {
  const votes = new Map<number, number>();
  let joinedAll = 0;
  let i = 0;
  let j = 0;
  while (i < a.hashes.length && j < b.hashes.length) {
    const ha = a.hashes[i]!;
    const hb = b.hashes[j]!;
    if (ha < hb) i++;
    else if (hb < ha) j++;
    else {
      let i2 = i;
      let j2 = j;
      while (i2 < a.hashes.length && a.hashes[i2] === ha) i2++;
      while (j2 < b.hashes.length && b.hashes[j2] === hb) j2++;
      let joined = 0;
      for (let x = i; x < i2 && joined < MAX_JOIN; x++)
        for (let y = j; y < j2 && joined < MAX_JOIN; y++, joined++, joinedAll++) {
          const s = (a.positions[x]! - b.positions[y]! + units) % units;
          if (s !== 0) votes.set(s, (votes.get(s) ?? 0) + 1);
        }
      i = i2;
      j = j2;
    }
  }
  const least = leastVotes(joinedAll, units);
  return [...votes.entries()]
    .filter(([, v]) => v >= least)
    .sort((x, y) => y[1] - x[1] || x[0] - y[0])
    .slice(0, MAX_SHIFTS)
    .map(([s]) => s);
}

/** How much alike the winners of two blocks of one table are (see the module comment). */
export function reuseOfPair(a: WinnerSketch, b: WinnerSketch): PairReuse {
  const units = a.units;
  if (b.units !== units) throw new Error('blocks of different sizes are not laid on one another');
  const tried: { layout: Layout; shared: number }[] = [
    { layout: { mirror: false, shift: 0 }, shared: sharedBits(a.bits, b.bits) },
    { layout: { mirror: true, shift: 0 }, shared: sharedBits(a.bits, b.mirrored) },
  ];
  for (const mirror of [false, true])
    for (const shift of votedShifts(a.anchors, mirror ? b.mirroredAnchors : b.anchors, units))
      tried.push({
        layout: { mirror, shift },
        shared: sharedShifted(a.bits, mirror ? b.mirrored : b.bits, b.winners, units, shift),
      });
  const best = tried.reduce((m, t) => (t.shared > m.shared ? t : m));
  const pOne = hypergeometricUpper(units, a.winners, b.winners, best.shared);
  return {
    layout: best.layout,
    shared: best.shared,
    expected: units === 0 ? 0 : (a.winners * b.winners) / units,
    pOne,
    p: Math.min(1, pOne * 2 * units),
    measured: tried.length,
  };
}

/** A pair of blocks more alike than chance allows, Holm over the emission's pairs. */
export interface ReuseFinding extends PairReuse {
  readonly a: number;
  readonly b: number;
}

export interface ReuseOverEmission {
  /** Pairs of blocks of one table laid on one another. */
  readonly pairs: number;
  readonly alpha: number;
  readonly findings: readonly ReuseFinding[];
  /** The smallest pair p-value (1 when no pair): how near the emission came to a finding. */
  readonly smallestP: number;
}

/**
 * Every pair of blocks of one group (one table: game, stake, size) laid on one another, Holm at
 * `alpha` over all pairs: a fair emission raises a false finding with probability at most `alpha`.
 * `blocks[i]` null: not tested (incomplete, not conforming, or another copy of a block already in).
 */
export function reuseOverEmission(
  blocks: readonly ({ readonly group: string; readonly sketch: WinnerSketch } | null)[],
  alpha = 0.01,
): ReuseOverEmission {
  const all: ReuseFinding[] = [];
  for (let i = 0; i < blocks.length; i++)
    for (let j = i + 1; j < blocks.length; j++) {
      const x = blocks[i];
      const y = blocks[j];
      if (!x || !y || x.group !== y.group || x.sketch.units !== y.sketch.units) continue;
      all.push({ a: i, b: j, ...reuseOfPair(x.sketch, y.sketch) });
    }
  const sorted = [...all].sort((x, y) => x.p - y.p);
  const findings: ReuseFinding[] = [];
  for (const [rank, f] of sorted.entries()) {
    if (f.p > alpha / (sorted.length - rank)) break;
    findings.push(f);
  }
  return { pairs: all.length, alpha, findings, smallestP: sorted[0]?.p ?? 1 };
}
