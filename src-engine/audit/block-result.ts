/**
 * Merges the tallies of a block's ranges into its result: reconciliation per prize level against
 * the table, RTP, hit rate, standard deviation, audit verdict (R4) and digests.
 */
import type { BlockSpec } from '../block/spec';
import { generatorId, isM6Strict } from '../block/spec';
import { prepareGame } from '../games/registry';
import type { PresentationWeights } from '../games/registry';
import { normaliseWeights } from '../presentation/weights-json';
import type { Mismatch, RangeTally } from './run-range';
import { blockDigest, merkleRoot } from './digest';
import { curveBucketUnits, segmentCount } from './segments';

export interface LevelReconciliation {
  readonly prizeCents: number;
  readonly official: number;
  readonly simulated: number;
  /** Units whose evaluated lot is this level's amount and equals their assigned lot. */
  readonly evaluated: number;
}

export interface BlockResult {
  readonly game: BlockSpec['game'];
  readonly stakeCents: number;
  readonly seed: number;
  readonly generator: string;
  /** Which reading of art. 3 the block's units follow (M6; Les 3 Gongs: always 'default'). */
  readonly m6Reading: 'default' | 'strict';
  /** Presentation weights other than the documented defaults (M4, G2); absent: the defaults. */
  readonly weights?: PresentationWeights;
  readonly units: number;
  readonly levels: readonly LevelReconciliation[];
  readonly losing: { readonly official: number; readonly simulated: number };
  readonly paidCents: number;
  readonly officialPaidCents: number;
  readonly rtp: number;
  readonly hitRate: number;
  /** Standard deviation of one unit's evaluated prize, in stakes. */
  readonly sdStakes: number;
  readonly audit: {
    readonly ok: boolean;
    /** Units whose evaluated lot differs from the assigned one or is invalid. */
    readonly mismatches: number;
    readonly firstMismatches: readonly Mismatch[];
    /** Levels whose simulated count differs from the table. */
    readonly countMismatches: readonly number[];
  };
  readonly digest: string;
  readonly merkleRoot: string;
  readonly segmentDigests: readonly string[];
  readonly presentationClasses: readonly string[];
  /** [level × class] counts, levels in table order then losing. */
  readonly presentation: readonly number[];
  readonly firstScreenClasses: readonly string[];
  /** [first-screen class × level] counts. */
  readonly firstScreen: readonly number[];
  /** Units per sales-curve point, then each point's cumulative paid cents. */
  readonly curveBucketUnits: number;
  readonly cumulativePaid: readonly number[];
  readonly bucketWins: readonly number[];
}

const hex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/** Combines the tallies that together cover a whole block, in any order. */
export function mergeBlock(
  spec: BlockSpec,
  tallies: readonly RangeTally[],
  weights?: PresentationWeights,
): BlockResult {
  const t = spec.table;
  const units = t.blockUnits;
  const sorted = [...tallies].sort((a, b) => a.from - b.from);
  let covered = 0;
  for (const r of sorted) {
    if (r.from !== covered) throw new RangeError(`block tallies leave a gap or overlap at unit ${covered}`);
    covered = r.to;
  }
  if (covered !== units) throw new RangeError(`block tallies cover ${covered} of ${units} units`);
  const game = prepareGame(spec, weights);
  const nLevels = t.levels.length + 1;
  const sum = (pick: (r: RangeTally) => Float64Array, n: number): number[] => {
    const out = new Array<number>(n).fill(0);
    for (const r of sorted) pick(r).forEach((v, i) => (out[i]! += v));
    return out;
  };
  const counts = sum((r) => r.levelCounts, nLevels);
  const evaluated = sum((r) => r.evaluatedCounts, nLevels);
  const presentation = sum((r) => r.presentation, nLevels * game.presentationClasses.length);
  const firstScreen = sum((r) => r.firstScreen, nLevels * game.firstScreenClasses.length);
  const bucket = curveBucketUnits(units);
  const nBuckets = Math.ceil(units / bucket);
  const paid = new Array<number>(nBuckets).fill(0);
  const wins = new Array<number>(nBuckets).fill(0);
  for (const r of sorted) {
    r.bucketPaid.forEach((v, j) => (paid[r.firstBucket + j]! += v));
    r.bucketWins.forEach((v, j) => (wins[r.firstBucket + j]! += v));
  }
  let acc = 0;
  const cumulativePaid = paid.map((v) => (acc += v));
  const segments = sorted.flatMap((r) => r.segmentDigests);
  if (segments.length !== segmentCount(units)) throw new RangeError('segment digests are missing');
  const paidCents = sorted.reduce((s, r) => s + r.paidCents, 0);
  const mismatches = sorted.reduce((s, r) => s + r.mismatchCount, 0);
  const firstMismatches = sorted.flatMap((r) => r.firstMismatches).slice(0, 20);
  const levels = t.levels.map((l, i) => ({
    prizeCents: l.prizeCents,
    official: l.lots,
    simulated: counts[i]!,
    evaluated: evaluated[i]!,
  }));
  const officialLosing = units - t.levels.reduce((s, l) => s + l.lots, 0);
  const countMismatches = levels.flatMap((l, i) => (l.official !== l.simulated ? [i] : []));
  if (counts[nLevels - 1] !== officialLosing) countMismatches.push(nLevels - 1);
  // Moments of the evaluated prize, exact from level counts when every unit reconciles.
  let sumSq = 0;
  levels.forEach((l) => (sumSq += l.evaluated * (l.prizeCents / t.stakeCents) ** 2));
  const mean = paidCents / t.stakeCents / units;
  const wonUnits = levels.reduce((s, l) => s + l.simulated, 0);
  const custom = normaliseWeights(spec.game, weights);
  return {
    game: spec.game,
    stakeCents: spec.stakeCents,
    seed: spec.seed,
    generator: generatorId(spec.generatorVersion),
    m6Reading: isM6Strict(spec) ? 'strict' : 'default',
    ...(custom ? { weights: custom } : {}),
    units,
    levels,
    losing: { official: officialLosing, simulated: counts[nLevels - 1]! },
    paidCents,
    officialPaidCents: t.levels.reduce((s, l) => s + l.lots * l.prizeCents, 0),
    rtp: paidCents / (units * t.stakeCents),
    hitRate: wonUnits / units,
    sdStakes: Math.sqrt(Math.max(0, sumSq / units - mean * mean)),
    audit: { ok: mismatches === 0 && countMismatches.length === 0, mismatches, firstMismatches, countMismatches },
    digest: blockDigest(segments),
    merkleRoot: merkleRoot(segments),
    segmentDigests: segments.map(hex),
    presentationClasses: game.presentationClasses,
    presentation,
    firstScreenClasses: game.firstScreenClasses,
    firstScreen,
    curveBucketUnits: bucket,
    cumulativePaid,
    bucketWins: wins,
  };
}
