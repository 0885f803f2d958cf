/**
 * What the simulation screen keeps of a run: compact block summaries made in the workers that
 * merged the blocks (tallies only, never units), small enough to redraw every chart and to be kept
 * in the local history. Every figure here comes from the engine; nothing is estimated.
 */
import { z } from 'zod';
import { tableIdentity } from '@engine';
import type { GameId, PresentationWeights, PrizeLevel, PrizeTable, StakeCents, TableIdentity } from '@engine';
import type { BlockSummary, CurveBand } from '@shared/block-run/summary';

// a block's summary and the sales band are made where blocks are merged (the shared block runner)
export { CURVE_POINTS, curveBandOf, curveSampleIndexes, curveUnitsOf, summariseBlock } from '@shared/block-run/summary';
export type { BlockSummary, CurveBand } from '@shared/block-run/summary';

/** Sales curves of single blocks are kept (for their table) for the first blocks only. */
export const MAX_CURVES = 20;
/** From this many blocks the chart draws the spread of all blocks instead of one line per block. */
export const BAND_FROM_BLOCKS = 7;

const count = z.number().int().nonnegative();
const counts = z.array(count).readonly();
const numbers = z.array(z.number()).readonly();
// each part is checked against the engine's own type: a field the engine adds and the history
// does not read is a type error here, not a run silently dropped on reload
const blockSchema: z.ZodType<BlockSummary> = z
  .object({
    seed: count,
    digest: z.string(),
    merkleRoot: z.string(),
    auditOk: z.boolean(),
    mismatches: count,
    countMismatches: counts,
    counts,
    paidCents: count,
    rtp: z.number(),
    hitRate: z.number(),
    sdStakes: z.number(),
    elapsedMs: z.number(),
    curvePaid: numbers,
  })
  .readonly();
const weight = z.number().nonnegative();
const fourWeights = z.tuple([weight, weight, weight, weight]).readonly();
const weightsSchema: z.ZodType<PresentationWeights> = z
  .object({
    mineDor: z
      .object({
        winningExtras: fourWeights,
        losingExtras: fourWeights,
        additionalCombination: weight,
        alignedCombination: weight,
        losingStage: weight,
        byPrize: z
          .record(
            z.string(),
            z.object({
              winningExtras: fourWeights.optional(),
              additionalCombination: weight.optional(),
              alignedCombination: weight.optional(),
              losingStage: weight.optional(),
            }),
          )
          .optional(),
      })
      .optional(),
    gongs: z.object({ bonusShare: weight, bonusShareByPrize: z.record(z.string(), weight).optional() }).optional(),
  })
  .readonly();
const tableSchema: z.ZodType<TableIdentity> = z
  .object({
    kind: z.enum(['official', 'scenario']),
    name: z.string(),
    digest: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .readonly();
const levelSchema: z.ZodType<PrizeLevel> = z.object({ prizeCents: count, lots: count }).readonly();
const bandSchema: z.ZodType<CurveBand> = z
  .object({ blocks: count, mean: numbers, p10: numbers, p90: numbers, min: numbers, max: numbers })
  .readonly();

/**
 * A completed run: its inputs, the table its blocks held, and its blocks. The one description of
 * a run: the type is this schema's, and the local history reads saved runs with it (a run from an
 * older or damaged file is dropped, not guessed at).
 */
export const simulationRunSchema = z
  .object({
    version: z.literal(1),
    id: z.string(),
    /** ISO date-time of completion. */
    finishedAt: z.string(),
    game: z.enum(['mine-d-or', 'les-3-gongs']) satisfies z.ZodType<GameId>,
    stakeCents: z.union([z.literal(50), z.literal(100), z.literal(200)]) satisfies z.ZodType<StakeCents>,
    /** Seed of block 0; block k uses seed + k. */
    seed: count,
    generator: z.string(),
    /**
     * The presentation settings of the run (R5 version, M6 reading, weights other than the documented
     * defaults); absent in runs saved before they existed (version of `generator`, defaults).
     */
    presentationSettings: z
      .object({ generatorVersion: count, m6Strict: z.boolean(), weights: weightsSchema.optional() })
      .readonly()
      .optional(),
    /** Units per block (art. 2). */
    units: count,
    /** Where the table comes from ("art. 3.2"), or the scenario's name. */
    tableSource: z.string(),
    /**
     * The table the blocks held: official or scenario, by name, and its digest (made by the run,
     * `runIdentity`); runs saved before it have none and get it from their levels ({@link runTableIdentity}).
     */
    table: tableSchema.optional(),
    /** The levels of the table the blocks were reconciled with (art. 3.1–3.3, or the scenario's). */
    levels: z.array(levelSchema).readonly(),
    /** Units sold at each sales-curve point (shared by every block). */
    curveUnits: counts,
    /** The engine's presentation class names (Mine d'or M4 / Les 3 Gongs G2). */
    presentationClasses: z.array(z.string()).readonly(),
    /** [level × class] counts summed over blocks, levels in table order then losing. */
    presentation: counts,
    blocks: z.array(blockSchema).min(1).readonly(),
    /** The spread of every block's sales curve (runs saved before it existed have none). */
    curveBand: bandSchema.optional(),
    /** Wall time of the whole run, in ms, and the workers it used. */
    totalMs: z.number(),
    workers: count,
  })
  .readonly();

/** A completed run ({@link simulationRunSchema}). */
export type SimulationRun = z.infer<typeof simulationRunSchema>;

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

/** The identity of the table a run's blocks held: the one the run made, else worked out from its levels. */
export function runTableIdentity(run: SimulationRun): TableIdentity {
  return run.table ?? tableIdentity(runTable(run));
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

/** The value of a curve sampled at `curveUnits` when `fraction` of the block is sold. */
export function curveAt(run: SimulationRun, values: readonly number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const target = fraction * run.units;
  let i = run.curveUnits.findIndex((u) => u >= target);
  if (i < 0) i = run.curveUnits.length - 1;
  return values[i] ?? null;
}
