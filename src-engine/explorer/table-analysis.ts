/**
 * Exact figures of a prize table, no sampling (docs/rules.md "Derived": RTP, hit rate, standard
 * deviation, payout curve), and where its RTP sits against the legal band.
 */
import { LEGAL_BANDS_SOURCE, legalBandFor } from '../rules/load';
import { tableFigures } from '../rules/table-stats';
import type { LegalBand, PrizeTable } from '../rules/types';
import { isInsideLegalBand } from '../rules/legal-band';

export interface LevelAnalysis {
  readonly prizeCents: number;
  readonly lots: number;
  /** Probability that a unit wins this level: lots / units. */
  readonly probability: number;
  /** This level's share of the RTP: lots × amount / total paid. */
  readonly rtpShare: number;
  /** Its contribution to the RTP, in points of stake: lots × amount / (units × stake). */
  readonly rtpContribution: number;
  readonly prizeStakes: number;
}

export interface TableAnalysis {
  readonly rtp: number;
  readonly hitRate: number;
  /** A unit wins once in `oneIn` units (1 / hit rate); Infinity for a table without lots. */
  readonly oneIn: number;
  readonly sdStakes: number;
  readonly maxLotStakes: number;
  readonly lots: number;
  readonly totalCents: number;
  readonly levels: readonly LevelAnalysis[];
  readonly band: LegalBand;
  readonly bandSource: string;
  readonly insideBand: boolean;
  /** Payout curve: P(a unit wins ≥ amount), for each amount, largest first. */
  readonly payoutCurve: readonly { prizeCents: number; pAtLeast: number }[];
}

/**
 * Exact figures of a table (no sampling): O(levels). RTP = Σ lots × amount / (units × stake);
 * hit rate = Σ lots / units; sd from tableFigures; band from data (CSI art. D.322-10).
 */
export function analyseTable(table: PrizeTable): TableAnalysis {
  const f = tableFigures(table);
  const n = table.blockUnits;
  const levels = [...table.levels].sort((a, b) => b.prizeCents - a.prizeCents);
  let cum = 0;
  const payoutCurve = levels.map((l) => {
    cum += l.lots;
    return { prizeCents: l.prizeCents, pAtLeast: cum / n };
  });
  const band = legalBandFor(table.game);
  return {
    rtp: f.rtp,
    hitRate: f.hitRate,
    oneIn: f.lots > 0 ? n / f.lots : Infinity,
    sdStakes: f.sdStakes,
    maxLotStakes: f.maxLotStakes,
    lots: f.lots,
    totalCents: f.totalCents,
    levels: levels.map((l) => ({
      prizeCents: l.prizeCents,
      lots: l.lots,
      probability: l.lots / n,
      rtpShare: f.totalCents > 0 ? (l.lots * l.prizeCents) / f.totalCents : 0,
      rtpContribution: (l.lots * l.prizeCents) / (n * table.stakeCents),
      prizeStakes: l.prizeCents / table.stakeCents,
    })),
    band,
    bandSource: LEGAL_BANDS_SOURCE,
    insideBand: isInsideLegalBand(f.rtp, band),
    payoutCurve,
  };
}
