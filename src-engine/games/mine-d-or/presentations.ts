/**
 * Every way the rules allow to show an amount (M4): a number of EXTRA symbols in the main grid
 * (0–3, M3) and, for the main grid and each Extra stage, a set of combinations (a paying symbol
 * three times, aligned or not, art. 4.4–4.5). Each presentation gets a weight from
 * {@link MineDorWeights}; an amount that no presentation reaches is reported, never forced.
 */

/** M4's documented, configurable presentation weights. Relative within one prize level. */
export interface MineDorWeights {
  /** Weight of a winning unit's presentation by EXTRA symbols in its main grid (0, 1, 2, 3). */
  readonly winningExtras: readonly [number, number, number, number];
  /** Weight of a losing unit by EXTRA symbols in its main grid (M5: stages that all lose). */
  readonly losingExtras: readonly [number, number, number, number];
  /** Factor for each combination after the first (gains added up, art. 4.4 and 4.7). */
  readonly additionalCombination: number;
  /** Factor for each aligned combination (art. 4.5). */
  readonly alignedCombination: number;
  /** Factor for each Extra stage of a winning unit that wins nothing (art. 4.6). */
  readonly losingStage: number;
  /**
   * Per winning amount in cents: weights of that level's winning presentations that differ from the
   * block's (losing units keep `losingExtras`). Absent: every level uses the block's weights.
   */
  readonly byPrize?: Readonly<Record<number, Partial<MineDorLevelWeights>>>;
}

/** The weights a prize level may override (M4): all but the losing units' EXTRA weights. */
export type MineDorLevelWeights = Omit<MineDorWeights, 'byPrize' | 'losingExtras'>;

export const DEFAULT_MINE_DOR_WEIGHTS: MineDorWeights = {
  winningExtras: [1, 0.45, 0.15, 0.04],
  losingExtras: [1, 0.12, 0.03, 0.008],
  additionalCombination: 0.35,
  alignedCombination: 1,
  losingStage: 0.6,
};

/**
 * The lots art. 3 says are reached only « en cumulant plusieurs gains »: 10 € and 1 € in the 0.50 €
 * table, their ×2 and ×4 at 1 € and 2 € (M6).
 */
export function m6Amounts(stakeCents: number): readonly number[] {
  return [20 * stakeCents, 2 * stakeCents];
}

/** A grid's combinations: bit s of `symbols` = symbol s three times; of `aligned` = on a line. */
export interface GridContent {
  readonly symbols: number;
  readonly aligned: number;
  readonly combos: number;
  readonly alignedCount: number;
}

const popcount = (x: number): number => {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
};

/**
 * Whether a grid with `extras` EXTRA cells can hold `combos` combinations of which `aligned`
 * lie on lines: two aligned combinations need two parallel lines; three combinations fill the grid,
 * so two aligned would force the third onto the last parallel line too.
 */
export function contentFits(combos: number, aligned: number, extras: number): boolean {
  if (3 * combos + extras > 9) return false;
  if (combos === 3 && aligned === 2) return false;
  return aligned <= combos;
}

/** All grid contents (the empty one first), in a fixed order: ids are indices into this list. */
export const CONTENTS: readonly GridContent[] = (() => {
  const list: GridContent[] = [];
  for (let symbols = 0; symbols < 64; symbols++) {
    const combos = popcount(symbols);
    if (combos > 3) continue;
    for (let aligned = 0; aligned < 64; aligned++) {
      if ((aligned & ~symbols) !== 0) continue;
      const alignedCount = popcount(aligned);
      if (!contentFits(combos, alignedCount, 0)) continue;
      list.push({ symbols, aligned, combos, alignedCount });
    }
  }
  return list;
})();

/** The value of a content in cents, given each symbol's art. 4.4 gain. */
export function contentValue(c: GridContent, gains: ArrayLike<number>): number {
  let v = 0;
  for (let s = 0; s < 6; s++) if (c.symbols & (1 << s)) v += c.aligned & (1 << s) ? gains[s]! * 2 : gains[s]!;
  return v;
}

/**
 * x^n by repeated multiplication. R1 needs the same weights, to the last bit, on every JavaScript
 * engine; `**` and Math.pow are only "implementation-approximated" by the language standard.
 */
function power(x: number, n: number): number {
  let r = 1;
  for (let i = 0; i < n; i++) r *= x;
  return r;
}

/** One presentation: EXTRA count, the main grid's content id, then each Extra stage's content id. */
export interface Presentation {
  readonly extras: number;
  readonly grids: readonly number[];
  readonly weight: number;
}

/** Where {@link emit} puts the presentations of one enumeration, and what it weighs them with. */
interface Emitted {
  readonly out: Presentation[];
  readonly w: MineDorWeights;
  readonly minCombos: number;
}

/**
 * Adds the presentation of `e` EXTRA symbols and these grid contents (main grid first) when it
 * has `minCombos` combinations and a weight. A function of the module, not a closure of the
 * enumeration: every worker thread compiles the enumeration once, and a closure inlined into its
 * loops made that compilation several times the enumeration's own run.
 */
function emit(to: Emitted, e: number, grids: number[]): void {
  let combos = 0;
  let aligned = 0;
  let losingStages = 0;
  for (let i = 0; i < grids.length; i++) {
    const c = CONTENTS[grids[i]!]!;
    combos += c.combos;
    aligned += c.alignedCount;
    if (i > 0 && c.combos === 0) losingStages++;
  }
  if (combos < to.minCombos) return; // M6 strict: two gains or more
  const w = to.w;
  const weight =
    w.winningExtras[e]! *
    power(w.additionalCombination, combos - 1) *
    power(w.alignedCombination, aligned) *
    power(w.losingStage, losingStages);
  if (weight > 0) to.out.push({ extras: e, grids, weight });
}

/**
 * All presentations of `amount` cents (0 = losing) with their weights; `minCombos` 2 keeps only
 * those of two gains or more (M6's strict reading).
 * Extra stages are enumerated as a multiset (non-decreasing positions in value order); the generator
 * shuffles their order. The last two stages are found by looking their sum up in a table of pairs,
 * so the search stays small even for the largest lots.
 */
export function enumeratePresentations(
  amount: number,
  gains: ArrayLike<number>,
  w: MineDorWeights,
  minCombos = 1,
): Presentation[] {
  const out: Presentation[] = [];
  if (amount === 0) {
    for (let e = 0; e <= 3; e++)
      out.push({ extras: e, grids: new Array<number>(e + 1).fill(0), weight: w.losingExtras[e]! });
    return out;
  }
  const values = CONTENTS.map((c) => contentValue(c, gains));
  const order = CONTENTS.map((_, i) => i).sort((a, b) => values[a]! - values[b]! || a - b);
  // value -> positions (into `order`) of single contents
  const singles = new Map<number, number[]>();
  // Unordered pairs p <= q of positions grouped by sum, in (p, q) order within a sum, stored flat
  // (a counting sort): no array per pair, so that enumeration leaves little for the collector.
  const sumId = new Map<number, number>();
  const count: number[] = [];
  for (let p = 0; p < order.length; p++) {
    const v = values[order[p]!]!;
    if (v > amount) break;
    (singles.get(v) ?? singles.set(v, []).get(v)!).push(p);
    for (let q = p; q < order.length; q++) {
      const sum = v + values[order[q]!]!;
      if (sum > amount) break;
      let id = sumId.get(sum);
      if (id === undefined) sumId.set(sum, (id = count.push(0) - 1));
      count[id]!++;
    }
  }
  const start = new Int32Array(count.length + 1);
  for (let id = 0; id < count.length; id++) start[id + 1] = start[id]! + count[id]!;
  const fill = start.slice(0, count.length);
  const pairP = new Int32Array(start[count.length]!);
  const pairQ = new Int32Array(start[count.length]!);
  for (let p = 0; p < order.length; p++) {
    const v = values[order[p]!]!;
    if (v > amount) break;
    for (let q = p; q < order.length; q++) {
      const sum = v + values[order[q]!]!;
      if (sum > amount) break;
      const k = fill[sumId.get(sum)!]!++;
      pairP[k] = p;
      pairQ[k] = q;
    }
  }
  const to: Emitted = { out, w, minCombos };
  for (let e = 0; e <= 3; e++) {
    for (const main of order) {
      const c = CONTENTS[main]!;
      const rest = amount - values[main]!;
      if (rest < 0) break;
      if (!contentFits(c.combos, c.alignedCount, e)) continue;
      if (e === 0) {
        if (rest === 0) emit(to, 0, [main]);
      } else if (e === 1) {
        for (const p of singles.get(rest) ?? []) emit(to, 1, [main, order[p]!]);
      } else if (e === 2) {
        const id = sumId.get(rest);
        if (id !== undefined)
          for (let k = start[id]!; k < start[id + 1]!; k++) emit(to, 2, [main, order[pairP[k]!]!, order[pairQ[k]!]!]);
      } else {
        for (let p = 0; p < order.length; p++) {
          const v = values[order[p]!]!;
          if (v > rest) break;
          const id = sumId.get(rest - v);
          if (id === undefined) continue;
          // a sum's pairs lie in (p, q) order: those from p on are a tail, found by halving
          let k = start[id]!;
          const end = start[id + 1]!;
          for (let hi = end; k < hi; ) {
            const mid = (k + hi) >>> 1;
            if (pairP[mid]! < p) k = mid + 1;
            else hi = mid;
          }
          for (; k < end; k++) emit(to, 3, [main, order[p]!, order[pairP[k]!]!, order[pairQ[k]!]!]);
        }
      }
    }
  }
  return out;
}
