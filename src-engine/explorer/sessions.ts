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
import { UnitStream, hashString32 } from '../random/mix';
import type { PrizeTable } from '../rules/types';
import { meanReturnDeviation } from './mean-return';
import { CountedSample, orderStatisticOfCounts, quantileRank, quantileRanks } from './order-statistics';
import { exactFirstWin, exactSessionLaw, gcdAll, sumLawWith, sumLawWithout } from './session-law';

export { MAX_CONVOLUTION_WORK, exactFirstWin, exactSessionLaw, gcdAll, noWinSurvival } from './session-law';
export { CountedSample, quantileRank, quantileRanks } from './order-statistics';

export const MAX_PLAYERS = 1_000_000;
export const MAX_SESSION_UNITS = 1000;
/** Bins of each checkpoint's histogram of amounts won (percentile bands). */
export const CHECKPOINT_BINS = 1024;
/** Bins of the return histogram: width 0.05 (5 % of the stake) from 0 to 5, then one overflow bin. */
export const RETURN_BIN_WIDTH = 0.05;
export const RETURN_BINS = 101;

export interface SessionParams {
  /** Amounts and lots (any order) of the table; losing units are blockUnits − Σ lots. */
  readonly levels: readonly { readonly prizeCents: number; readonly lots: number }[];
  readonly blockUnits: number;
  readonly stakeCents: number;
  readonly units: number;
  readonly replacement: boolean;
  /** Seed of the set: the same seed, table and parameters give the same sessions (R1 spirit). */
  readonly seed: number;
}

/** Levels of the percentiles of the net result shown for a session set. */
export const NET_PERCENTILES = [0.01, 0.1, 0.5, 0.9, 0.99] as const;

/** Purchases (1-based counts of units bought) at which the cumulative result is recorded. */
export function checkpoints(units: number): number[] {
  if (units <= 100) return Array.from({ length: units }, (_, i) => i + 1);
  const out: number[] = [];
  for (let k = 1; k <= 100; k++) {
    const c = Math.ceil((k * units) / 100);
    if (out[out.length - 1] !== c) out.push(c);
  }
  return out;
}

/** Bin width (cents) of the won-amount histogram at a checkpoint of `bought` units: a multiple of g. */
export function checkpointBinCents(bought: number, stakeCents: number, g: number): number {
  const cap = Math.max(4 * bought * stakeCents, 20 * stakeCents);
  return Math.max(g, Math.ceil(cap / CHECKPOINT_BINS / g) * g);
}

export interface SessionTally {
  players: number;
  /** Sessions whose total won is above the total staked. */
  ahead: number;
  /** Sessions whose total won equals the total staked. */
  even: number;
  /** Σ over players of the longest run of losing units. */
  longestLosingSum: number;
  /** Σ of amounts won, in cents. */
  wonCents: number;
  /** Per level (levels in the order given): sessions with at least one lot of it. */
  readonly hitLevel: Float64Array;
  /** Return histogram: RETURN_BINS bins of won / staked. */
  readonly returnHist: Float64Array;
  /** [checkpoint × CHECKPOINT_BINS] histogram of amount won so far, bins of checkpointBinCents. */
  readonly checkpointHist: Float64Array;
  /** Sessions per amount won (cents): the exact sample of session results, for its percentiles. */
  readonly wonCounts: Map<number, number>;
  /** Index k (1 … n): sessions whose first win is their k-th unit; index 0: sessions with no win. */
  readonly firstWin: Float64Array;
  /** The largest lot won on one unit by any player, in cents (0 when none won). */
  maxLotCents: number;
}

/** A tally of no player, for `levels` levels, `nCheckpoints` checkpoints and sessions of `units` units. */
export function emptyTally(levels: number, nCheckpoints: number, units = 0): SessionTally {
  return {
    players: 0,
    ahead: 0,
    even: 0,
    longestLosingSum: 0,
    wonCents: 0,
    hitLevel: new Float64Array(levels),
    returnHist: new Float64Array(RETURN_BINS),
    checkpointHist: new Float64Array(nCheckpoints * CHECKPOINT_BINS),
    wonCounts: new Map(),
    firstWin: new Float64Array(units + 1),
    maxLotCents: 0,
  };
}

/**
 * Simulates players [from, to) of a run. Hot loop on typed arrays: levels ordered by probability
 * (losing first), cumulative counts scanned linearly (a few comparisons on average, since a unit
 * loses ~75–80 % of the time), draws from the engine's UnitStream.
 */
export function simulateSessions(
  p: SessionParams,
  from: number,
  to: number,
  onProgress?: (playersDone: number) => void,
): SessionTally {
  const nL = p.levels.length;
  const lotsTotal = p.levels.reduce((s, l) => s + l.lots, 0);
  // Outcomes: 0..nL-1 the levels (as given), nL the losing units; scanned most probable first.
  const counts = [...p.levels.map((l) => l.lots), p.blockUnits - lotsTotal];
  const amounts = [...p.levels.map((l) => l.prizeCents), 0];
  const order = counts.map((_, i) => i).sort((a, b) => counts[b]! - counts[a]!);
  const K = order.length;
  const ordCount = Float64Array.from(order.map((i) => counts[i]!));
  const ordAmount = Float64Array.from(order.map((i) => amounts[i]!));
  const ordLevel = Int32Array.from(order);
  const remaining = new Float64Array(K);
  // with replacement: 32-bit cumulative thresholds of P(outcome), so a draw is one next() and compares
  const thresholds = new Float64Array(K);
  {
    let acc = 0;
    for (let k = 0; k < K; k++) {
      acc += ordCount[k]!;
      thresholds[k] = k === K - 1 ? 4294967296 : Math.floor((acc / p.blockUnits) * 4294967296);
    }
  }
  const n = p.units;
  const stake = p.stakeCents;
  const cps = checkpoints(n);
  const isCp = new Int32Array(n + 1).fill(-1);
  cps.forEach((c, i) => (isCp[c] = i));
  const g = gcdAll(amounts.filter((a) => a > 0));
  const binCents = Float64Array.from(cps.map((c) => checkpointBinCents(c, stake, g)));
  const tally = emptyTally(nL, cps.length, n);
  const wonCounts = tally.wonCounts;
  const hist = tally.checkpointHist;
  const stamp = new Int32Array(nL).fill(-1);
  const stream = new UnitStream();
  const key = hashString32(`sessions|${p.seed}|${p.replacement ? 'r' : 'w'}|${n}`, 0x5e55);
  const N = p.blockUnits;
  const staked = n * stake;
  const lastBin = CHECKPOINT_BINS - 1;
  const progressEvery = Math.max(1, Math.floor(200_000 / n));

  for (let player = from; player < to; player++) {
    stream.reseed(key, player);
    if (!p.replacement) remaining.set(ordCount);
    let won = 0;
    let run = 0;
    let longest = 0;
    let first = 0;
    for (let i = 0; i < n; i++) {
      let k = 0;
      if (p.replacement) {
        const u = stream.next();
        while (u >= thresholds[k]!) k++;
      } else {
        let u = stream.below(N - i);
        while (u >= remaining[k]!) u -= remaining[k++]!;
        remaining[k]!--;
      }
      const a = ordAmount[k]!;
      if (a > 0) {
        won += a;
        if (first === 0) first = i + 1;
        if (a > tally.maxLotCents) tally.maxLotCents = a;
        if (run > longest) longest = run;
        run = 0;
        const lv = ordLevel[k]!;
        if (stamp[lv] !== player) {
          stamp[lv] = player;
          tally.hitLevel[lv]!++;
        }
      } else run++;
      const c = isCp[i + 1]!;
      if (c >= 0) {
        const b = Math.floor(won / binCents[c]!);
        hist[c * CHECKPOINT_BINS + (b < lastBin ? b : lastBin)]!++;
      }
    }
    if (run > longest) longest = run;
    tally.longestLosingSum += longest;
    tally.wonCents += won;
    wonCounts.set(won, (wonCounts.get(won) ?? 0) + 1);
    tally.firstWin[first]!++;
    if (won > staked) tally.ahead++;
    else if (won === staked) tally.even++;
    const rb = Math.floor(won / staked / RETURN_BIN_WIDTH + 1e-9);
    tally.returnHist[rb < RETURN_BINS - 1 ? rb : RETURN_BINS - 1]!++;
    tally.players++;
    if (onProgress && (player - from + 1) % progressEvery === 0) onProgress(player - from + 1);
  }
  onProgress?.(to - from);
  return tally;
}

/** Adds tallies of disjoint player ranges (exact: sums of counts). */
export function mergeSessionTallies(parts: readonly SessionTally[]): SessionTally {
  const first = parts[0];
  if (!first) throw new RangeError('no tally to merge');
  const out = emptyTally(
    first.hitLevel.length,
    first.checkpointHist.length / CHECKPOINT_BINS,
    first.firstWin.length - 1,
  );
  for (const t of parts) {
    t.wonCounts.forEach((c, won) => out.wonCounts.set(won, (out.wonCounts.get(won) ?? 0) + c));
    t.firstWin.forEach((v, i) => (out.firstWin[i]! += v));
    out.maxLotCents = Math.max(out.maxLotCents, t.maxLotCents);
    out.players += t.players;
    out.ahead += t.ahead;
    out.even += t.even;
    out.longestLosingSum += t.longestLosingSum;
    out.wonCents += t.wonCents;
    t.hitLevel.forEach((v, i) => (out.hitLevel[i]! += v));
    t.returnHist.forEach((v, i) => (out.returnHist[i]! += v));
    t.checkpointHist.forEach((v, i) => (out.checkpointHist[i]! += v));
  }
  return out;
}

/** z of a two-sided 99 % normal interval (Φ⁻¹(0.995)). */
export const Z99 = 2.5758293035489004;
/** z of a two-sided 95 % normal interval (Φ⁻¹(0.975)). */
export const Z95 = 1.959963984540054;

/** Wilson score interval of a proportion (Wilson 1927), at normal quantile z. */
export function wilson(successes: number, trials: number, z = Z99): { low: number; high: number } {
  if (trials === 0) return { low: 0, high: 1 };
  const ph = successes / trials;
  const z2 = z * z;
  const d = 1 + z2 / trials;
  const c = (ph + z2 / (2 * trials)) / d;
  const h = (z * Math.sqrt((ph * (1 - ph)) / trials + z2 / (4 * trials * trials))) / d;
  return { low: Math.max(0, c - h), high: Math.min(1, c + h) };
}

/** P(at least one lot of a level in n units), with replacement: 1 − (1 − p)^n, p = K / N (binomial). */
export function pAtLeastOneWith(K: number, N: number, n: number): number {
  if (K <= 0) return 0;
  if (K >= N) return 1;
  return -Math.expm1(n * Math.log1p(-K / N));
}

/**
 * P(at least one lot of a level in n units), without replacement: 1 − C(N − K, n) / C(N, n)
 * (hypergeometric P(X = 0)), in log space: C(N−K, n)/C(N, n) = Π_{i<n} (N − K − i) / (N − i).
 */
export function pAtLeastOneWithout(K: number, N: number, n: number): number {
  if (K <= 0) return 0;
  if (N - K < n) return 1;
  let log = 0;
  for (let i = 0; i < n; i++) log += Math.log1p(-K / (N - i));
  return -Math.expm1(log);
}

/**
 * Exact P(a session of n i.i.d. units ends ahead: S > n × stake), or null when the grid would be
 * too large (gcd of the amounts too small against n × stake): 1 − P(S ≤ T) from the law on [0, T].
 */
export function exactPAheadWithReplacement(table: PrizeTable, n: number): number | null {
  const law = sumLawWith(table, n, Math.floor((n * table.stakeCents) / gcdAll(table.levels.map((l) => l.prizeCents))));
  return law ? Math.min(1, Math.max(0, 1 - law.reduce((a, v) => a + v, 0))) : null;
}

/**
 * Exact P(a session of n units sold without replacement from one block ends ahead: S > n × stake),
 * or null when the grid would be too large: 1 − P(S ≤ T) from the law on [0, T].
 */
export function exactPAheadWithoutReplacement(table: PrizeTable, n: number): number | null {
  const law = sumLawWithout(
    table,
    n,
    Math.floor((n * table.stakeCents) / gcdAll(table.levels.map((l) => l.prizeCents))),
  );
  return law ? Math.min(1, Math.max(0, 1 - law.reduce((a, v) => a + v, 0))) : null;
}

/** A simulated figure with its 99 % interval and the exact value (null where there is none). */
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
