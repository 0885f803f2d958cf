/**
 * Generates and audits a range of a block (R1, R4): for each unit, its assigned lot (placement),
 * its presentation, the evaluator's lot, and its canonical record, hashed per segment. Returns
 * tallies only: no per-unit object is kept, so a block runs in constant memory.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { Placement } from '../block/placement';
import { blockKeys } from '../block/spec';
import type { BlockSpec } from '../block/spec';
import { prepareGame } from '../games/registry';
import type { PresentationWeights } from '../games/registry';
import { UnitStream } from '../random/mix';
import { RangeCounters, runSegment } from './segment-loop';
import type { Mismatch } from './segment-loop';
import { giveBackRecordBuffer, takeRecordBuffer } from './record-buffers';
import { SEGMENT_UNITS, curveBucketUnits } from './segments';

export type { Mismatch } from './segment-loop';

export interface RangeTally {
  readonly from: number;
  readonly to: number;
  /** Units per level index (losing last), by assigned lot. */
  readonly levelCounts: Float64Array;
  /** Units per level index whose evaluated lot is that level's amount. */
  readonly evaluatedCounts: Float64Array;
  /** Sum of evaluated lots, in cents. */
  paidCents: number;
  mismatchCount: number;
  readonly firstMismatches: Mismatch[];
  /** [level × presentation class] counts. */
  readonly presentation: Float64Array;
  /** [first-screen class × level] counts. */
  readonly firstScreen: Float64Array;
  /** First segment index and the SHA-256 of each segment's canonical records. */
  readonly firstSegment: number;
  readonly segmentDigests: Uint8Array[];
  /** Paid cents and winning units per sales-curve bucket, for buckets inside the range. */
  readonly firstBucket: number;
  readonly bucketPaid: Float64Array;
  readonly bucketWins: Float64Array;
  /** Level index of every unit, when asked for (placement tests); else empty. */
  readonly levels: Uint8Array;
}

export interface RunOptions {
  readonly weights?: PresentationWeights;
  /** Called after each segment with the units done in this range. */
  readonly onProgress?: (done: number) => void;
  /** Keep each unit's level index (1 byte a unit) for placement tests. */
  readonly keepLevels?: boolean;
  /** How many mismatches to describe (all are counted). */
  readonly maxMismatches?: number;
  /**
   * SHA-256 of a segment's records, when the host has a faster one than Web Crypto (the command
   * line passes Node's synchronous hash: no copy, no job queue). It must not keep `bytes`.
   */
  readonly sha256?: (bytes: Uint8Array) => Uint8Array;
}

/**
 * SHA-256 of a segment: the platform's native Web Crypto where there is one (browsers, workers and
 * Node all have `crypto.subtle`; it is a web standard, not a Node import), else a pure-JS fallback.
 */
function digestSegment(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return Promise.resolve(sha256(bytes));
  return subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>).then((d) => new Uint8Array(d));
}

/** The level of each unit of the segment being run (see {@link runRange}'s loop). */
const SEGMENT_LEVELS = new Uint8Array(SEGMENT_UNITS);

/** Runs units [from, to) of a block. `from` must be on a segment boundary, `to` too or the block's end. */
export async function runRange(
  spec: BlockSpec,
  from: number,
  to: number,
  options: RunOptions = {},
): Promise<RangeTally> {
  const units = spec.table.blockUnits;
  if (from % SEGMENT_UNITS !== 0 || (to % SEGMENT_UNITS !== 0 && to !== units) || from < 0 || to > units || to < from) {
    throw new RangeError(`range ${from}–${to} is not on segment boundaries of a ${units}-unit block`);
  }
  const game = prepareGame(spec, options.weights);
  if (game.unreachable.length > 0) {
    const list = game.unreachable.map((u) => u.prizeCents).join(', ');
    throw new RangeError(`no presentation the rules allow reaches these lots (cents): ${list} (M4, G1)`);
  }
  const { permKey, unitKey } = blockKeys(spec);
  const placement = new Placement(spec.table, permKey);
  const nLevels = spec.table.levels.length + 1;
  const amounts = Float64Array.from([...spec.table.levels.map((l) => l.prizeCents), 0]);
  const bucket = curveBucketUnits(units);
  const firstBucket = Math.floor(from / bucket);
  const nBuckets = Math.ceil(to / bucket) - firstBucket;
  const counters = new RangeCounters(
    game,
    amounts,
    unitKey,
    new UnitStream(),
    bucket,
    firstBucket,
    nBuckets,
    options.maxMismatches ?? 20,
  );
  const keepLevels = options.keepLevels === true;
  const levels = keepLevels ? new Uint8Array(to - from) : new Uint8Array(0);
  const losingLevel = nLevels - 1;
  const pendingDigests: Promise<Uint8Array>[] = [];
  // Two record buffers used in turn: one is hashed (natively, off this thread) while the next
  // segment is written into the other, so memory stays two segments whatever the range.
  const buffers = [
    takeRecordBuffer(SEGMENT_UNITS * game.maxRecordBytes),
    takeRecordBuffer(SEGMENT_UNITS * game.maxRecordBytes),
  ];
  const hostSha256 = options.sha256;

  // read only between awaits, by synchronous code: one buffer for every range of this thread
  const segmentLevels = SEGMENT_LEVELS;
  for (let segStart = from; segStart < to; segStart += SEGMENT_UNITS) {
    const segEnd = Math.min(to, segStart + SEGMENT_UNITS);
    const record = buffers[pendingDigests.length % 2]!;
    const segLevels = segmentLevels.subarray(0, segEnd - segStart);
    placement.levelsInto(segStart, segLevels);
    if (keepLevels) {
      for (let k = 0; k < segLevels.length; k++) {
        const level = segLevels[k]!;
        levels[segStart - from + k] = level === losingLevel ? 255 : level;
      }
    }
    const recLen = runSegment(counters, segStart, segEnd, segLevels, record);
    const bytes = record.subarray(0, recLen);
    pendingDigests.push(hostSha256 ? Promise.resolve(hostSha256(bytes)) : digestSegment(bytes));
    // before the other buffer is reused, its previous segment's digest must be done
    const n = pendingDigests.length;
    if (n >= 2) await pendingDigests[n - 2];
    options.onProgress?.(segEnd - from);
  }
  const segmentDigests = await Promise.all(pendingDigests);
  // every digest is done (Web Crypto copies its input at the call): the buffers can serve again
  for (const b of buffers) giveBackRecordBuffer(b);
  return {
    from,
    to,
    levelCounts: counters.levelCounts(),
    evaluatedCounts: counters.evaluatedCounts(),
    paidCents: counters.paidCents,
    mismatchCount: counters.mismatchCount,
    firstMismatches: counters.firstMismatches,
    presentation: Float64Array.from(counters.presentation),
    firstScreen: Float64Array.from(counters.firstScreen),
    firstSegment: from / SEGMENT_UNITS,
    segmentDigests,
    firstBucket,
    bucketPaid: counters.bucketPaid,
    bucketWins: counters.bucketWins,
    levels,
  };
}
