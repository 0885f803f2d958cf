/**
 * What a screen keeps of a merged block: a compact summary built from the engine's
 * {@link BlockResult} (tallies only, never units), small enough to redraw every chart and to be kept
 * in the local history; built in the worker that merges the block, so the UI thread receives it
 * finished. Every figure here comes from the engine; nothing is estimated.
 */
import { blocksSalesBand } from '@engine';
import type { BlockResult, PrizeTable } from '@engine';

/** At most this many points per sales-curve line (UI budget: ≤ 1,000 points a line). */
export const CURVE_POINTS = 200;

/**
 * The spread of all blocks' sales curves: at each sampled point, the cumulative RTP's mean, its
 * 10th and 90th percentiles and its extremes over every block of the run.
 */
export interface CurveBand {
  readonly blocks: number;
  readonly mean: readonly number[];
  readonly p10: readonly number[];
  readonly p90: readonly number[];
  readonly min: readonly number[];
  readonly max: readonly number[];
}

/** One block of a run, as the screen keeps it. */
export interface BlockSummary {
  readonly seed: number;
  readonly digest: string;
  readonly merkleRoot: string;
  /** R4: every unit re-derived by the evaluator equals its lot, and every level count equals the table. */
  readonly auditOk: boolean;
  /** Units whose evaluated lot differs from the assigned one (R4). */
  readonly mismatches: number;
  /** Level indexes (losing last) whose count differs from the table. */
  readonly countMismatches: readonly number[];
  /** Simulated units per level, table order, losing last. */
  readonly counts: readonly number[];
  readonly paidCents: number;
  readonly rtp: number;
  readonly hitRate: number;
  readonly sdStakes: number;
  /**
   * The block's time, in ms: from its first progress report to its merge when it ran as several
   * ranges, its worker's time from the job's start to its summary when it ran whole in one job.
   */
  readonly elapsedMs: number;
  /** Cumulative paid cents at each sampled point of the run's sales curve; empty when not kept. */
  readonly curvePaid: readonly number[];
}

/** A block's summary and what the run's charts add up over blocks (presentation classes, curve points). */
export interface MergedSummary {
  readonly block: BlockSummary;
  readonly presentationClasses: readonly string[];
  /** [level × class] counts, levels in table order then losing. */
  readonly presentation: readonly number[];
  readonly curveBucketUnits: number;
  readonly buckets: number;
}

/**
 * The sampled points of a block's sales curve: bucket indexes, so that there are at most
 * {@link CURVE_POINTS} and the last bucket (the whole block) is always one of them.
 */
export function curveSampleIndexes(buckets: number): number[] {
  const stride = Math.max(1, Math.ceil(buckets / CURVE_POINTS));
  const out: number[] = [];
  for (let i = stride - 1; i < buckets; i += stride) out.push(i);
  if (out[out.length - 1] !== buckets - 1) out.push(buckets - 1);
  return out;
}

/** Units sold at each sampled point of a block of `units` units cut in buckets of `bucketUnits`. */
export function curveUnitsOf(units: number, bucketUnits: number, buckets: number): number[] {
  return curveSampleIndexes(buckets).map((i) => Math.min(units, (i + 1) * bucketUnits));
}

/** Keeps what the screen needs of a merged block (drops segment digests, first-screen tallies…). */
export function summariseBlock(r: BlockResult, elapsedMs: number, keepCurve: boolean): BlockSummary {
  return {
    seed: r.seed,
    digest: r.digest,
    merkleRoot: r.merkleRoot,
    auditOk: r.audit.ok,
    mismatches: r.audit.mismatches,
    countMismatches: [...r.audit.countMismatches],
    counts: [...r.levels.map((l) => l.simulated), r.losing.simulated],
    paidCents: r.paidCents,
    rtp: r.rtp,
    hitRate: r.hitRate,
    sdStakes: r.sdStakes,
    elapsedMs: Math.round(elapsedMs),
    curvePaid: keepCurve ? curveSampleIndexes(r.cumulativePaid.length).map((i) => r.cumulativePaid[i]!) : [],
  };
}

/** The merged block's summary and its chart inputs (run in the merging worker). */
export function mergedSummary(r: BlockResult, keepCurve: boolean): MergedSummary {
  return {
    block: summariseBlock(r, 0, keepCurve),
    presentationClasses: [...r.presentationClasses],
    presentation: [...r.presentation],
    curveBucketUnits: r.curveBucketUnits,
    buckets: r.cumulativePaid.length,
  };
}

/**
 * The spread of blocks' sales curves, from the engine's {@link blocksSalesBand}: `curvesPaid[b][i]`
 * is block b's cumulative paid cents at `curveUnits[i]` units sold.
 */
export function curveBandOf(
  table: PrizeTable,
  curveUnits: readonly number[],
  curvesPaid: readonly (readonly number[])[],
): CurveBand {
  const points = blocksSalesBand(table, curveUnits, curvesPaid);
  return {
    blocks: curvesPaid.length,
    mean: points.map((p) => p.mean),
    p10: points.map((p) => p.p10),
    p90: points.map((p) => p.p90),
    min: points.map((p) => p.min),
    max: points.map((p) => p.max),
  };
}
