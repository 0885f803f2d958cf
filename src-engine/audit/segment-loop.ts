/**
 * The per-unit loop of {@link runRange}, one segment at a time (R1, R4): generate each unit of its
 * assigned level, evaluate it, count it and write its canonical record. A small synchronous
 * function of its own, so that the optimising compiler inlines the game's methods into it (inside
 * the large asynchronous `runRange` its inlining budget ran out), with the counters it updates
 * held by one object.
 */
import type { PreparedGame } from '../games/prepared-game';
import { UnitStream } from '../random/mix';
import { SEGMENT_UNITS } from './segments';

/** A unit whose evaluated lot differs from its assigned lot, or that the evaluator rejects. */
export interface Mismatch {
  readonly index: number;
  readonly assignedCents: number;
  readonly evaluatedCents: number | null;
  readonly reason: string;
}

/**
 * Each unit's stream state, a segment at a time (R2: from the block and the index alone): shared
 * by every range of this thread, since {@link runSegment} is synchronous (one allocation a thread,
 * not one a range: peak memory).
 */
const SEEDS = new Int32Array(SEGMENT_UNITS);

/** What the loop counts over a range; integer counters (a count never exceeds a block). */
export class RangeCounters {
  /** [level × presentation class] counts: a level's units are its row's sum. */
  readonly presentation: Int32Array;
  /** [first-screen class × level] counts. */
  readonly firstScreen: Int32Array;
  /** Units per level whose evaluated lot differs from the assigned one (rare). */
  readonly mismatchesByLevel: Int32Array;
  /** Paid cents and winning units per sales-curve bucket of the range. */
  readonly bucketPaid: Float64Array;
  readonly bucketWins: Float64Array;
  /** The first mismatches, described. */
  readonly firstMismatches: Mismatch[] = [];
  paidCents = 0;
  mismatchCount = 0;
  /** Sales-curve bucket of the next unit, relative to the range's first, and where the next starts. */
  bucket = 0;
  nextBucketAt: number;

  constructor(
    readonly game: PreparedGame,
    /** Each level's lot in cents, losing (0) last. */
    readonly amounts: Float64Array,
    readonly unitKey: number,
    readonly stream: UnitStream,
    /** Units per sales-curve bucket, and the range's first bucket. */
    readonly bucketUnits: number,
    firstBucket: number,
    nBuckets: number,
    readonly maxMismatches: number,
  ) {
    const nLevels = amounts.length;
    this.presentation = new Int32Array(nLevels * game.presentationClasses.length);
    this.firstScreen = new Int32Array(game.firstScreenClasses.length * nLevels);
    this.mismatchesByLevel = new Int32Array(nLevels);
    this.bucketPaid = new Float64Array(Math.max(0, nBuckets));
    this.bucketWins = new Float64Array(Math.max(0, nBuckets));
    this.nextBucketAt = (firstBucket + 1) * bucketUnits;
  }

  /** Units per level (losing last), by assigned lot: the rows of {@link presentation} summed. */
  levelCounts(): Float64Array {
    const nLevels = this.amounts.length;
    const nClasses = this.game.presentationClasses.length;
    const out = new Float64Array(nLevels);
    for (let l = 0; l < nLevels; l++) {
      for (let c = 0; c < nClasses; c++) out[l]! += this.presentation[l * nClasses + c]!;
    }
    return out;
  }

  /** Units per level whose evaluated lot is that level's amount. */
  evaluatedCounts(): Float64Array {
    const counts = this.levelCounts();
    for (let l = 0; l < counts.length; l++) counts[l]! -= this.mismatchesByLevel[l]!;
    return counts;
  }

  /** Records a unit whose evaluation disagrees with its lot (R4); out of the loop: it is rare. */
  mismatch(index: number, level: number, cents: number): void {
    this.mismatchCount++;
    this.mismatchesByLevel[level]!++;
    if (this.firstMismatches.length >= this.maxMismatches) return;
    this.firstMismatches.push({
      index,
      assignedCents: this.amounts[level]!,
      evaluatedCents: cents < 0 ? null : cents,
      reason: cents < 0 ? this.game.errorText(cents) : 'the evaluated lot differs from the assigned lot (R4)',
    });
  }
}

/**
 * Runs units [segStart, segEnd) whose levels are `levels[0 …]` into `record` from offset 0;
 * returns the record bytes written.
 */
export function runSegment(
  c: RangeCounters,
  segStart: number,
  segEnd: number,
  levels: Uint8Array,
  record: Uint8Array,
): number {
  const game = c.game;
  const stream = c.stream;
  const amounts = c.amounts;
  const presentation = c.presentation;
  const firstScreen = c.firstScreen;
  const bucketPaid = c.bucketPaid;
  const bucketWins = c.bucketWins;
  const nLevels = amounts.length;
  const nClasses = game.presentationClasses.length;
  let bucket = c.bucket;
  let nextBucketAt = c.nextBucketAt;
  let paid = 0;
  let recLen = 0;
  const seeds = SEEDS;
  UnitStream.seedsInto(c.unitKey, segStart, seeds.subarray(0, segEnd - segStart));
  for (let i = segStart; i < segEnd; i++) {
    const level = levels[i - segStart]!;
    stream.start(seeds[i - segStart]!);
    game.generate(level, stream);
    const cents = game.evaluate();
    const assigned = amounts[level]!;
    if (cents !== assigned) c.mismatch(i, level, cents);
    // Math.floor(i / bucketUnits) − first bucket, kept by counting: no division a unit
    if (i === nextBucketAt) {
      bucket++;
      nextBucketAt += c.bucketUnits;
    }
    if (cents > 0) {
      paid += cents;
      bucketPaid[bucket]! += cents;
      bucketWins[bucket]!++;
    }
    presentation[level * nClasses + game.presentationClass()]!++;
    firstScreen[game.firstScreenClass() * nLevels + level]!++;
    recLen += game.writeRecord(assigned, record, recLen);
  }
  c.bucket = bucket;
  c.nextBucketAt = nextBucketAt;
  c.paidCents += paid;
  return recLen;
}
