/**
 * Prize tables side by side: the key figures of up to four tables of one game
 * and stake, and each figure's change against the first table. Exact, O(levels) per table.
 *
 * Volatility index: the usual par-sheet definition VI = z · σ, where σ is the standard deviation
 * of one unit's prize in stakes and z the exact two-sided standard normal quantile of the
 * confidence level (Φ⁻¹(0.95) = 1.6448536… at 90 %, Φ⁻¹(0.975) = 1.9599640… at 95 %; the rounded
 * 1.645 and 1.960 would move the last printed digit, e.g. Les 3 Gongs' 19.70 to 19.71).
 */
import type { GameId, LegalBand, PrizeTable, StakeCents } from '../rules/types';
import { tableKey } from '../block/table-spec';
import { analyseTable } from './table-analysis';

/** Most tables a comparison holds. */
export const MAX_COMPARED = 4;

/** Confidence levels of the volatility index. */
export const VI_CONFIDENCES = [0.9, 0.95] as const;
export type ViConfidence = (typeof VI_CONFIDENCES)[number];

/** Two-sided standard normal quantiles: P(|Z| ≤ z) = confidence. */
export const VI_Z: Readonly<Record<ViConfidence, number>> = { 0.9: 1.6448536269514722, 0.95: 1.959963984540054 };

/** A table to compare, under the name it goes by (its scenario name). */
export interface ComparedTable {
  readonly name: string;
  readonly table: PrizeTable;
}

/** One level of a compared table. */
export interface ComparedLevel {
  readonly prizeCents: number;
  readonly lots: number;
  /** P(a unit wins exactly this amount) = lots / units. */
  readonly probability: number;
  /** Share of the RTP: lots × amount / total paid. */
  readonly rtpShare: number;
}

/** The key figures of one table. */
export interface ColumnFigures {
  readonly name: string;
  readonly key: string;
  readonly blockUnits: number;
  readonly rtp: number;
  readonly hitRate: number;
  /** One winning unit in `oneIn` (Infinity without lots). */
  readonly oneIn: number;
  /** Standard deviation of one unit's prize, in stakes. */
  readonly sdStakes: number;
  /** Volatility index z · σ at the comparison's confidence level. */
  readonly vi: number;
  /** Largest lot, in cents (0 for a table without lots), and its lots per block. */
  readonly topPrizeCents: number;
  readonly topPrizeLots: number;
  /** Prize liability of one block: Σ lots × amount, in cents. */
  readonly liabilityCents: number;
  readonly band: LegalBand;
  /** Whether the RTP lies inside the legal band (CSI art. D.322-10, `isInsideLegalBand`). */
  readonly insideBand: boolean;
  /** Levels, largest amount first. */
  readonly levels: readonly ComparedLevel[];
}

/** Changes of a table's figures against the first table, in each figure's unit. */
export interface ColumnDeltas {
  /** Ratio differences (× 100 = points). */
  readonly rtp: number;
  readonly hitRate: number;
  /** Differences in stakes. */
  readonly sdStakes: number;
  readonly vi: number;
  /** Differences in cents and in lots. */
  readonly topPrizeCents: number;
  readonly topPrizeLots: number;
  readonly liabilityCents: number;
  /** Change of the RTP share of each amount of {@link ComparisonView.amounts} (a missing level counts 0). */
  readonly rtpShare: readonly number[];
}

/** Up to four tables of one game and stake with their figures and changes. */
export interface ComparisonView {
  /** Identity of what the view was computed from: the tables' keys and the confidence level. */
  readonly key: string;
  readonly game: GameId;
  readonly stakeCents: StakeCents;
  readonly confidence: ViConfidence;
  readonly z: number;
  readonly columns: readonly ColumnFigures[];
  /** Changes against column 0; null for column 0 itself. */
  readonly deltas: readonly (ColumnDeltas | null)[];
  /** Every amount of any table, largest first. */
  readonly amounts: readonly number[];
}

/** The figures of one table (its band from data, CSI art. D.322-10). */
export function columnFigures(c: ComparedTable, confidence: ViConfidence): ColumnFigures {
  const a = analyseTable(c.table);
  const top = a.levels.find((l) => l.lots > 0);
  return {
    name: c.name,
    key: tableKey(c.table),
    blockUnits: c.table.blockUnits,
    rtp: a.rtp,
    hitRate: a.hitRate,
    oneIn: a.oneIn,
    sdStakes: a.sdStakes,
    vi: VI_Z[confidence] * a.sdStakes,
    topPrizeCents: top?.prizeCents ?? 0,
    topPrizeLots: top?.lots ?? 0,
    liabilityCents: a.totalCents,
    band: a.band,
    insideBand: a.insideBand,
    levels: a.levels.map((l) => ({
      prizeCents: l.prizeCents,
      lots: l.lots,
      probability: l.probability,
      rtpShare: l.rtpShare,
    })),
  };
}

/** A level's share of the RTP in a column; 0 when the table lacks the amount. */
export const shareOf = (c: ColumnFigures, prizeCents: number): number =>
  c.levels.find((l) => l.prizeCents === prizeCents)?.rtpShare ?? 0;

function deltasOf(c: ColumnFigures, ref: ColumnFigures, amounts: readonly number[]): ColumnDeltas {
  return {
    rtp: c.rtp - ref.rtp,
    hitRate: c.hitRate - ref.hitRate,
    sdStakes: c.sdStakes - ref.sdStakes,
    vi: c.vi - ref.vi,
    topPrizeCents: c.topPrizeCents - ref.topPrizeCents,
    topPrizeLots: c.topPrizeLots - ref.topPrizeLots,
    liabilityCents: c.liabilityCents - ref.liabilityCents,
    rtpShare: amounts.map((a) => shareOf(c, a) - shareOf(ref, a)),
  };
}

/**
 * Compares 1 to {@link MAX_COMPARED} tables of one game and stake against the first. Throws a
 * RangeError for no table, too many, or tables of different games or stakes: callers check first.
 */
export function compareTables(tables: readonly ComparedTable[], confidence: ViConfidence = 0.9): ComparisonView {
  const first = tables[0];
  if (!first || tables.length > MAX_COMPARED)
    throw new RangeError(`a comparison holds 1 to ${MAX_COMPARED} tables, got ${tables.length}`);
  const odd = tables.find((t) => t.table.game !== first.table.game || t.table.stakeCents !== first.table.stakeCents);
  if (odd)
    throw new RangeError(
      `only tables of one game and stake compare: ${odd.table.game} ${odd.table.stakeCents} beside ${first.table.game} ${first.table.stakeCents}`,
    );
  const columns = tables.map((t) => columnFigures(t, confidence));
  const amounts = [...new Set(columns.flatMap((c) => c.levels.map((l) => l.prizeCents)))].sort((a, b) => b - a);
  const ref = columns[0]!;
  return {
    key: `${confidence}|${columns.map((c) => c.key).join('||')}`,
    game: first.table.game,
    stakeCents: first.table.stakeCents as StakeCents,
    confidence,
    z: VI_Z[confidence],
    columns,
    deltas: columns.map((c, i) => (i === 0 ? null : deltasOf(c, ref, amounts))),
    amounts,
  };
}
