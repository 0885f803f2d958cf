/**
 * Simulated player sessions ({@link ./sessions.ts} for the two sampling models): the parameters of
 * a set, the tally of a chunk of players (sums of counts, so chunks merge exactly), and the hot
 * loop that fills it from the engine's UnitStream (player p from `reseed(key, p)`).
 */
import { UnitStream, hashString32 } from '../random/mix';
import { gcdAll } from './session-law';

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
