/**
 * Calibration of the check across blocks that the same permutation was reused
 * (`permutation-reuse.ts`): its false alarms over emissions of fair blocks, and its power on a
 * block laid again (shifted, or mirrored and shifted) with a share of its winners moved elsewhere.
 */
import { ShuffleStream } from '../random/shuffle-stream';
import type { Draws } from '../random/shuffle-stream';
import type { PrizeTable } from '../rules/types';
import { clopperPearson, shuffleInPlace, sortedLevels } from '../stats/calibration';
import { holmOverSet } from '../stats/placement-family';
import { LOSING_LEVEL } from '../stats/placement-constants';
import { familyAlpha } from './emission';
import { reuseOfPair, reuseOverEmission } from './permutation-reuse';
import { winnerSketch } from './winner-sketch';
import type { WinnerSketch } from './winner-sketch';

/** A block made from another of the emission: its winners laid again. */
export type ReuseBias = 'reused-shifted' | 'reused-mirrored';

/**
 * The reuse biases of the power table, each at its stated strength first: the share of the
 * reused block's winners moved to places drawn at random.
 */
export const REUSE_PLAN: readonly { readonly bias: ReuseBias; readonly strengths: readonly number[] }[] = [
  { bias: 'reused-shifted', strengths: [0.3, 0.5] },
  { bias: 'reused-mirrored', strengths: [0.3, 0.5] },
];

export const REUSE_BIAS_TEXT: Readonly<Record<ReuseBias, { readonly en: string; readonly fr: string }>> = {
  'reused-shifted': {
    en: "a second block of the emission is the first's winners shifted by a random amount, that share of them moved to random places",
    fr: "un second bloc de l'émission reprend les gagnants du premier décalés d'un pas au hasard, cette part d'entre eux déplacée au hasard",
  },
  'reused-mirrored': {
    en: "a second block is the first's winners read backwards and shifted, that share of them moved to random places",
    fr: 'un second bloc reprend les gagnants du premier lus à rebours et décalés, cette part d’entre eux déplacée au hasard',
  },
};

/**
 * `levels` laid again: read backwards when `mirror`, shifted by `shift` (unit `i` to `i + shift`,
 * cyclically), then each winner moved, with probability `redrawn`, to a losing place drawn at random
 * (its level kept, so the counts stay the table's).
 */
export function reusedLevels(
  levels: Uint8Array,
  mirror: boolean,
  shift: number,
  redrawn: number,
  rng: Draws,
): Uint8Array {
  const n = levels.length;
  const out = new Uint8Array(n).fill(LOSING_LEVEL);
  for (let i = 0; i < n; i++) if (levels[i] !== LOSING_LEVEL) out[((mirror ? n - 1 - i : i) + shift) % n] = levels[i]!;
  // the winners as laid, listed first, so that a winner moved ahead is not moved twice
  const winners: number[] = [];
  for (let i = 0; i < n; i++) if (out[i] !== LOSING_LEVEL) winners.push(i);
  for (const w of winners) {
    if (rng.next() / 2 ** 32 >= redrawn) continue;
    let to = rng.below(n);
    while (out[to] !== LOSING_LEVEL) to = rng.below(n);
    out[to] = out[w]!;
    out[w] = LOSING_LEVEL;
  }
  return out;
}

export interface ReusePower {
  readonly trials: number;
  readonly detected: number;
  /** 95 % Clopper–Pearson interval of the detection rate. */
  readonly low: number;
  readonly high: number;
}

/**
 * The power of the reuse check in an emission of `setSize` blocks holding one reused pair: each
 * trial draws a fair block and its reuse; the pair is detected when its p-value is at most
 * (α/2) / (setSize·(setSize − 1)/2), the threshold Holm over the emission's pairs, at the reuse
 * check's half of the emission's α, gives its most alike pair (the fair pairs, p ≤ that with
 * probability under α/2 in all, are not drawn).
 */
export function reusePower(
  table: PrizeTable,
  o: { trials: number; seed: number; bias: ReuseBias; strength: number; setSize: number },
): ReusePower {
  const rng = new ShuffleStream();
  const base = sortedLevels(table);
  const pairs = (o.setSize * (o.setSize - 1)) / 2;
  let detected = 0;
  for (let t = 0; t < o.trials; t++) {
    rng.reseed(o.seed, t);
    const a = Uint8Array.from(base);
    shuffleInPlace(a, rng);
    const b = reusedLevels(a, o.bias === 'reused-mirrored', rng.below(a.length), o.strength, rng);
    if (reuseOfPair(winnerSketch(a), winnerSketch(b)).p <= familyAlpha() / pairs) detected++;
  }
  return { trials: o.trials, detected, ...clopperPearson(detected, o.trials, 0.95) };
}

/** False alarms over emissions of fair blocks, by check and in all. */
export interface EmissionAlarms {
  readonly sets: number;
  /** Emissions whose placement family (Holm over the blocks' p-values) found something. */
  readonly placement: number;
  /** Emissions where two blocks' winners were found laid on one another (Holm over the pairs). */
  readonly reuse: number;
  /** Emissions with either finding. */
  readonly either: number;
}

/**
 * Groups fair blocks, in the order they come, into emissions of `setSize`, and counts the
 * emissions where the checks across blocks raise a false alarm: the reuse check, and with it the
 * placement family over the emission (from each block's overall p-value), each at its half of the
 * emission's α as `judgeEmission` decides them.
 */
export class EmissionAlarmCounter {
  private group: { group: string; sketch: WinnerSketch }[] = [];
  private readonly reuseAlarm: boolean[] = [];

  private readonly alpha = familyAlpha();

  constructor(private readonly setSize: number) {}

  /** The next fair block. */
  add(levels: Uint8Array): void {
    this.group.push({ group: 'one', sketch: winnerSketch(levels) });
    if (this.group.length < this.setSize) return;
    this.reuseAlarm.push(reuseOverEmission(this.group, this.alpha).findings.length > 0);
    this.group = [];
  }

  /** The counts, given each block's overall p-value in the order the blocks came. */
  result(blockP: ArrayLike<number>): EmissionAlarms {
    let placement = 0;
    let reuse = 0;
    let either = 0;
    this.reuseAlarm.forEach((r, s) => {
      const ps = Array.from({ length: this.setSize }, (_, j) => blockP[s * this.setSize + j]!);
      const p = holmOverSet(ps, this.alpha).rejected.some(Boolean);
      if (p) placement++;
      if (r) reuse++;
      if (p || r) either++;
    });
    return { sets: this.reuseAlarm.length, placement, reuse, either };
  }
}
