/**
 * Player sessions: P players each buy n units at one stake; what does a session return?
 *
 * Two sampling models (the screen lets the user choose):
 * - **without replacement** (as units are really sold): each player's n units are a simple random
 *   sample without replacement of one block, i.e. n consecutive units of a uniformly shuffled block.
 *   Drawn sequentially: unit i wins level L with probability K_L(i) / (N − i), where K_L(i) is the
 *   count of level L still in the block. Players are independent (each samples a fresh copy of the
 *   block): the model answers "what does one player's session look like", not how players share one
 *   block.
 * - **with replacement**: the n prizes are i.i.d. from the table's distribution, P(L) = K_L / N.
 *
 * Simulation runs in chunks of players (Web Workers); tallies merge exactly (sums of counts).
 * Player p's units come from `UnitStream.reseed(key, p)`, so results do not depend on chunking.
 *
 * Exact figures beside them (session-law.ts):
 * - P(≥ 1 lot of level L in n), with replacement: 1 − (1 − p_L)^n (binomial);
 *   without: 1 − C(N − K, n) / C(N, n) (hypergeometric), as Σ log((N − K − i) / (N − i)).
 * - P(end ahead) and the percentiles of the net result: the exact law of S = Σ of the n prizes on
 *   multiples of the gcd g of the amounts, truncated (prizes above the break-even T = n × stake make
 *   a session ahead whatever the rest, so P(S ≤ T) needs only the law on [0, T]); with replacement
 *   by n convolutions, without level by level over a multivariate hypergeometric draw.
 * - P(no win at all) and the unit of the first win: geometric, or negative hypergeometric.
 * Simulated quantiles carry distribution-free 99 % intervals (order statistics, order-statistics.ts).
 */
import type { PrizeTable } from '../rules/types';
import { meanReturnDeviation } from './mean-return';
import { CountedSample, orderStatisticOfCounts, quantileRank, quantileRanks } from './order-statistics';
import { exactFirstWin, exactSessionLaw, gcdAll } from './session-law';
import { CHECKPOINT_BINS, NET_PERCENTILES, RETURN_BIN_WIDTH, checkpointBinCents, checkpoints } from './session-tally';
import type { SessionParams, SessionTally } from './session-tally';
import { Z99, pAtLeastOneWith, pAtLeastOneWithout, wilson } from './session-odds';

export * from './session-tally';
export * from './session-odds';

export interface FigureWithExact {
  readonly simulated: number;
  readonly ci99: { low: number; high: number };
  readonly exact: number | null;
}

export interface SessionSummary {
  readonly players: number;
  readonly units: number;
  readonly replacement: boolean;
  readonly meanReturn: number;
  /**
   * 99 % interval of the mean return, [X̄ − b, X̄ − a] from the exact-law quantiles a, b of
   * X̄ − RTP ({@link meanReturnDeviation}: rare lots counted exactly, the rest normal): a sample
   * that has not met the top lot neither understates the spread nor excludes the RTP.
   */
  readonly meanReturnCi99: { low: number; high: number };
  /** Exact mean return: the table's RTP, with or without replacement (E of a sample mean = μ). */
  readonly meanReturnExact: number;
  readonly pAhead: number;
  readonly pAheadCi99: { low: number; high: number };
  /** Exact P(ahead) in the session's sampling model, null when too costly. */
  readonly pAheadExact: number | null;
  readonly meanLongestLosingRun: number;
  /** The seed the set was drawn with. */
  readonly seed: number;
  /**
   * Net result of a session (won − staked, cents) at each level of {@link NET_PERCENTILES}: the
   * sample quantile, its distribution-free 99 % interval, the exact quantile (null: grid too large).
   */
  readonly netPercentiles: readonly (FigureWithExact & { readonly q: number })[];
  /** The largest lot won on one unit in the whole set, in cents (a sample maximum: no exact value). */
  readonly largestLotCents: number;
  /** The best session's net result, in cents (a sample maximum: no exact value). */
  readonly bestNetCents: number;
  /** Share of sessions with no win at all (every stake lost); exact: no win in n units. */
  readonly noWin: FigureWithExact;
  /**
   * Unit of the first win, among the sessions that have one: mean (normal 99 % interval) and median
   * (order statistics); exact from the geometric or negative hypergeometric law. Null when no
   * simulated session won.
   */
  readonly firstWinMean: FigureWithExact | null;
  readonly firstWinMedian: FigureWithExact | null;
  /** Per level, in the table's order. */
  readonly levels: readonly {
    prizeCents: number;
    simulated: number;
    ci99: { low: number; high: number };
    exact: number;
  }[];
  /** Per checkpoint: purchases, and the 10th, 50th, 90th percentiles of the net result (cents). */
  readonly bands: readonly { bought: number; p10: number; p50: number; p90: number }[];
  /** Return histogram: lower edge of each bin (fraction of the stake) and its share of sessions. */
  readonly returnHist: readonly { from: number; share: number }[];
}

/** Lower edge of the bin holding the q-quantile of a histogram (exact when the bin width is g). */
function quantileBin(h: Float64Array, offset: number, total: number, q: number): number {
  const target = q * total;
  let acc = 0;
  for (let b = 0; b < CHECKPOINT_BINS; b++) {
    acc += h[offset + b]!;
    if (acc >= target && acc > 0) return b;
  }
  return CHECKPOINT_BINS - 1;
}

/** Figures of a merged tally, with the exact values beside the simulated ones. */
export function summariseSessions(p: SessionParams, table: PrizeTable, t: SessionTally): SessionSummary {
  const n = p.units;
  const P = t.players;
  const cps = checkpoints(n);
  const g = gcdAll(p.levels.map((l) => l.prizeCents).filter((a) => a > 0));
  const bands = cps.map((bought, c) => {
    const w = checkpointBinCents(bought, p.stakeCents, g);
    const off = c * CHECKPOINT_BINS;
    const at = (q: number): number => quantileBin(t.checkpointHist, off, P, q) * w - bought * p.stakeCents;
    return { bought, p10: at(0.1), p50: at(0.5), p90: at(0.9) };
  });
  const mean = P > 0 ? t.wonCents / (P * n * p.stakeCents) : 0;
  const dev = P > 0 ? meanReturnDeviation(table, P, n, p.replacement) : { a: -Infinity, b: Infinity };
  const paid = table.levels.reduce((s, l) => s + l.lots * l.prizeCents, 0);
  const staked = n * p.stakeCents;
  const law = exactSessionLaw(table, n, p.replacement, NET_PERCENTILES);
  const sample = new CountedSample(t.wonCounts);
  const netPercentiles = NET_PERCENTILES.map((q, i) => {
    const r = quantileRanks(sample.size, q);
    return {
      q,
      simulated: sample.size > 0 ? sample.quantile(q) - staked : 0,
      ci99:
        sample.size > 0
          ? { low: sample.at(r.low) - staked, high: sample.at(r.high) - staked }
          : { low: -Infinity, high: Infinity },
      exact: law.netQuantiles[i] ?? null,
    };
  });
  const first = exactFirstWin(table, n, p.replacement);
  const noWin = t.firstWin[0] ?? 0;
  const won = P - noWin; // sessions with a win
  let sum = 0;
  let sum2 = 0;
  for (let k = 1; k <= n; k++) {
    const c = t.firstWin[k]!;
    sum += c * k;
    sum2 += c * k * k;
  }
  const fwMean = won > 0 ? sum / won : 0;
  const fwVar = won > 1 ? Math.max(0, (sum2 - won * fwMean * fwMean) / (won - 1)) : Infinity;
  const half = Z99 * Math.sqrt(fwVar / Math.max(1, won));
  // the first-win histogram counts wins at units 1 … n from index 1: order statistics of the winners
  const winners = t.firstWin.subarray(1);
  const medianRanks = quantileRanks(won, 0.5);
  return {
    players: P,
    units: n,
    replacement: p.replacement,
    meanReturn: mean,
    meanReturnCi99: { low: Math.max(0, mean - dev.b), high: mean - dev.a },
    meanReturnExact: paid / (table.blockUnits * table.stakeCents),
    pAhead: P > 0 ? t.ahead / P : 0,
    pAheadCi99: wilson(t.ahead, P),
    pAheadExact: law.pAhead,
    meanLongestLosingRun: P > 0 ? t.longestLosingSum / P : 0,
    seed: p.seed,
    netPercentiles,
    largestLotCents: t.maxLotCents,
    bestNetCents: sample.size > 0 ? sample.max() - staked : 0,
    noWin: { simulated: P > 0 ? noWin / P : 0, ci99: wilson(noWin, P), exact: first.pNoWin },
    firstWinMean:
      won > 0 ? { simulated: fwMean, ci99: { low: fwMean - half, high: fwMean + half }, exact: first.mean } : null,
    firstWinMedian:
      won > 0
        ? {
            simulated: orderStatisticOfCounts(winners, quantileRank(won, 0.5)) + 1,
            ci99: {
              low: orderStatisticOfCounts(winners, medianRanks.low) + 1,
              high: orderStatisticOfCounts(winners, medianRanks.high) + 1,
            },
            exact: first.median,
          }
        : null,
    levels: p.levels.map((l, i) => ({
      prizeCents: l.prizeCents,
      simulated: P > 0 ? t.hitLevel[i]! / P : 0,
      ci99: wilson(t.hitLevel[i]!, P),
      exact: p.replacement ? pAtLeastOneWith(l.lots, p.blockUnits, n) : pAtLeastOneWithout(l.lots, p.blockUnits, n),
    })),
    bands,
    returnHist: Array.from(t.returnHist, (v, i) => ({ from: i * RETURN_BIN_WIDTH, share: P > 0 ? v / P : 0 })),
  };
}
