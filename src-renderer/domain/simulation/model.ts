/**
 * What the simulation screen keeps of a run: compact block summaries built from the engine's
 * {@link BlockResult} (tallies only, never units), small enough to redraw every chart and to be kept
 * in the local history. Every figure here comes from the engine; nothing is estimated.
 */
import { blocksSalesBand } from '../../../src-engine/index';
import type {
  BlockResult,
  GameId,
  PresentationWeights,
  PrizeLevel,
  PrizeTable,
  StakeCents,
} from '../../../src-engine/index';

/** At most this many points per sales-curve line (UI budget: ≤ 1,000 points a line). */
export const CURVE_POINTS = 200;
/** Sales curves of single blocks are kept (for their table) for the first blocks only. */
export const MAX_CURVES = 20;
/** From this many blocks the chart draws the spread of all blocks instead of one line per block. */
export const BAND_FROM_BLOCKS = 7;

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
  /** Wall time from the block's first progress report to its merge, in ms. */
  readonly elapsedMs: number;
  /** Cumulative paid cents at each of the run's {@link SimulationRun.curveUnits}; empty past {@link MAX_CURVES}. */
  readonly curvePaid: readonly number[];
}

/** A completed run: its inputs, the official table it was checked against, and its blocks. */
export interface SimulationRun {
  readonly version: 1;
  readonly id: string;
  /** ISO date-time of completion. */
  readonly finishedAt: string;
  readonly game: GameId;
  readonly stakeCents: StakeCents;
  /** Seed of block 0; block k uses seed + k. */
  readonly seed: number;
  readonly generator: string;
  /**
   * The presentation settings of the run (R5 version, M6 reading, weights other than the documented
   * defaults); absent in runs saved before they existed (version of `generator`, defaults).
   */
  readonly presentationSettings?: {
    readonly generatorVersion: number;
    readonly m6Strict: boolean;
    readonly weights?: PresentationWeights;
  };
  /** Units per block (art. 2). */
  readonly units: number;
  /** Where the table comes from ("art. 3.2"). */
  readonly tableSource: string;
  /** The official table (art. 3.1–3.3) the blocks were reconciled with. */
  readonly levels: readonly PrizeLevel[];
  /** Units sold at each sales-curve point (shared by every block). */
  readonly curveUnits: readonly number[];
  /** The engine's presentation class names (Mine d'or M4 / Les 3 Gongs G2). */
  readonly presentationClasses: readonly string[];
  /** [level × class] counts summed over blocks, levels in table order then losing. */
  readonly presentation: readonly number[];
  readonly blocks: readonly BlockSummary[];
  /** The spread of every block's sales curve (runs saved before it existed have none). */
  readonly curveBand?: CurveBand;
  /** Wall time of the whole run, in ms, and the workers it used. */
  readonly totalMs: number;
  readonly workers: number;
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

/** The prize table a run's blocks held (the official one, or a scenario's), as the engine names it. */
export function runTable(run: SimulationRun): PrizeTable {
  return {
    game: run.game,
    stakeCents: run.stakeCents,
    blockUnits: run.units,
    levels: run.levels,
    source: run.tableSource,
  };
}

/** Total units of a run. */
export const runUnits = (run: SimulationRun): number => run.units * run.blocks.length;

/** Units per level summed over the blocks, table order, losing last. */
export function summedCounts(run: SimulationRun): number[] {
  const out = new Array<number>(run.levels.length + 1).fill(0);
  for (const b of run.blocks) b.counts.forEach((c, i) => (out[i]! += c));
  return out;
}

/** Paid cents summed over the blocks. */
export const totalPaid = (run: SimulationRun): number => run.blocks.reduce((s, b) => s + b.paidCents, 0);

/** RTP of the whole run: paid / (units sold × stake). */
export const totalRtp = (run: SimulationRun): number => totalPaid(run) / (runUnits(run) * run.stakeCents);

/** One row of the reconciliation: a prize level (or the losing units, `prizeCents` 0). */
export interface LevelRow {
  readonly prizeCents: number;
  /** Official count × blocks. */
  readonly official: number;
  readonly simulated: number;
  /** Simulated count × amount, in cents. */
  readonly paidCents: number;
  readonly difference: number;
  /** Share of the run's winning units (lots); null for the losing row. */
  readonly shareOfLots: number | null;
  /** Contribution to RTP: simulated and official. */
  readonly rtp: number;
  readonly officialRtp: number;
}

/** Reconciliation of the run with the official table × blocks (art. 3, R4), losing row last. */
export function levelRows(run: SimulationRun): LevelRow[] {
  const n = run.blocks.length;
  const counts = summedCounts(run);
  const lots = counts.slice(0, -1).reduce((s, c) => s + c, 0);
  const sold = runUnits(run) * run.stakeCents;
  const rows: LevelRow[] = run.levels.map((l, i) => ({
    prizeCents: l.prizeCents,
    official: l.lots * n,
    simulated: counts[i]!,
    paidCents: counts[i]! * l.prizeCents,
    difference: counts[i]! - l.lots * n,
    shareOfLots: lots > 0 ? counts[i]! / lots : 0,
    rtp: (counts[i]! * l.prizeCents) / sold,
    officialRtp: (l.lots * n * l.prizeCents) / sold,
  }));
  const officialLosing = (run.units - run.levels.reduce((s, l) => s + l.lots, 0)) * n;
  const losing = counts[run.levels.length]!;
  rows.push({
    prizeCents: 0,
    official: officialLosing,
    simulated: losing,
    paidCents: 0,
    difference: losing - officialLosing,
    shareOfLots: null,
    rtp: 0,
    officialRtp: 0,
  });
  return rows;
}

/** What differs from the official table, per block: the summary banner's detail. */
export interface Discrepancy {
  readonly seed: number;
  /** Level indexes whose count differs (losing = levels.length). */
  readonly levels: readonly number[];
  readonly mismatches: number;
}

/** Blocks that fail the audit (R4), with what differs; empty when every block conforms. */
export function discrepancies(run: SimulationRun): Discrepancy[] {
  return run.blocks
    .filter((b) => !b.auditOk || b.mismatches > 0 || b.countMismatches.length > 0)
    .map((b) => ({ seed: b.seed, levels: b.countMismatches, mismatches: b.mismatches }));
}

/** Cumulative RTP of a block when `fraction` of it is sold, from its sampled curve; null without a curve. */
export function rtpAt(run: SimulationRun, block: BlockSummary, fraction: number): number | null {
  if (block.curvePaid.length === 0) return null;
  const target = fraction * run.units;
  let i = run.curveUnits.findIndex((u) => u >= target);
  if (i < 0) i = run.curveUnits.length - 1;
  return block.curvePaid[i]! / (run.curveUnits[i]! * run.stakeCents);
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

/** The value of a curve sampled at `curveUnits` when `fraction` of the block is sold. */
export function curveAt(run: SimulationRun, values: readonly number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const target = fraction * run.units;
  let i = run.curveUnits.findIndex((u) => u >= target);
  if (i < 0) i = run.curveUnits.length - 1;
  return values[i] ?? null;
}
