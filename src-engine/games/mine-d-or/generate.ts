/**
 * Builds what a Mine d'or unit shows for its assigned lot (M3–M5): a presentation drawn by weight
 * among all those that reach the amount, then grids laid out at random (combinations on lines or
 * off them as art. 4.5 requires, EXTRA symbols, and filler that never makes a fourth combination).
 */
import type { UnitStream } from '../../random/mix';
import type { PrizeTable } from '../../rules/types';
import { EXTRA, LINES, LINE_OF_MASK } from './grid';
import { CONTENTS, enumeratePresentations, m6Amounts } from './presentations';
import type { MineDorWeights, Presentation } from './presentations';
import { checkMineDorWeights, weightsAt } from './level-weights';

/** Ordered sets of pairwise disjoint lines, by count: 1 (any line), 2 and 3 (parallel lines). */
const DISJOINT_LINES: readonly (readonly number[])[][] = (() => {
  const perms = (xs: number[]): number[][] =>
    xs.length <= 1 ? [xs] : xs.flatMap((x, i) => perms([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
  const two: number[][] = [];
  const three: number[][] = [];
  for (const family of [
    [0, 1, 2],
    [3, 4, 5],
  ]) {
    for (const p of perms(family)) {
      three.push(p);
      if (!two.some((t) => t[0] === p[0] && t[1] === p[1])) two.push([p[0]!, p[1]!]);
    }
  }
  return [[], LINES.map((_, i) => [i]), two, three];
})();

/** A presentation list of one level, ready to draw from, flattened into typed arrays for the hot path. */
interface LevelPresentations {
  readonly list: readonly Presentation[];
  readonly cumulative: Float64Array;
  /** EXTRA count of presentation k. */
  readonly extras: Uint8Array;
  /** Content ids of presentation k's main grid and stages: 4 slots each. */
  readonly grids: Int32Array;
}

export interface UnreachableLevel {
  readonly level: number;
  readonly prizeCents: number;
}

export class MineDorGenerator {
  // Enumerated on first use of each level, so that replaying one unit (R2) enumerates one level only.
  private readonly levels: (LevelPresentations | undefined)[];
  private readonly amounts: readonly number[];
  private readonly gains: ArrayLike<number>;
  private readonly weights: MineDorWeights;
  /** M6's strict reading: the M6 lots of the table, shown with two gains or more. */
  private readonly strictAmounts: readonly number[];
  private unreachableCache: readonly UnreachableLevel[] | undefined;
  // Scratch space reused by every unit: nothing is allocated per unit or per grid.
  private readonly free = new Int32Array(9);
  private readonly pool = new Int32Array(12);
  private readonly stageOrder = new Int32Array(3);

  constructor(table: PrizeTable, gains: ArrayLike<number>, weights: MineDorWeights, m6Strict = false) {
    this.amounts = [...table.levels.map((l) => l.prizeCents), 0];
    this.levels = this.amounts.map(() => undefined);
    this.gains = gains;
    checkMineDorWeights(weights, table);
    this.weights = weights;
    this.strictAmounts = m6Strict ? m6Amounts(table.stakeCents) : [];
  }

  private level(level: number): LevelPresentations {
    let lp = this.levels[level];
    if (!lp) {
      const amount = this.amounts[level]!;
      const minCombos = this.strictAmounts.includes(amount) ? 2 : 1; // M6
      const list = enumeratePresentations(amount, this.gains, weightsAt(this.weights, amount), minCombos);
      const cumulative = new Float64Array(list.length);
      const extras = new Uint8Array(list.length);
      const grids = new Int32Array(4 * list.length);
      let acc = 0;
      list.forEach((p, i) => {
        cumulative[i] = acc += p.weight;
        extras[i] = p.extras;
        grids.set(p.grids, 4 * i);
      });
      lp = this.levels[level] = { list, cumulative, extras, grids };
    }
    return lp;
  }

  /** Levels whose amount no presentation reaches (M4): reported, never forced. */
  get unreachable(): readonly UnreachableLevel[] {
    this.unreachableCache ??= this.amounts.flatMap((prizeCents, level) =>
      this.level(level).list.length === 0 ? [{ level, prizeCents }] : [],
    );
    return this.unreachableCache;
  }

  /** The presentations of a level (losing = levels.length), for statistics and documentation. */
  presentationsOf(level: number): readonly Presentation[] {
    return this.level(level).list;
  }

  /**
   * Fills `buf` from `at` with the unit of level `level`, drawing from `stream` (already seeded for
   * the unit): [Extra stages shown, main grid, each stage], the layout of the canonical record.
   */
  generate(level: number, stream: UnitStream, buf: Uint8Array, at = 0): void {
    const lp = this.levels[level] ?? this.level(level);
    const cumulative = lp.cumulative;
    const n = cumulative.length;
    if (n === 0) throw new RangeError(`level ${level} has no presentation (M4)`);
    let pick = 0;
    if (n > 1) {
      const r = stream.unit() * cumulative[n - 1]!;
      let lo = 0;
      let hi = n - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (cumulative[mid]! > r) hi = mid;
        else lo = mid + 1;
      }
      pick = lo;
    }
    const e = lp.extras[pick]!;
    const g = 4 * pick;
    const grids = lp.grids;
    buf[at] = e;
    const main = grids[g]!;
    if (main === 0 && e === 0) {
      // The commonest unit by far (a losing one): one grid of filler only.
      this.fillPlain(buf, at + 1, stream);
      return;
    }
    this.fillGrid(buf, at + 1, main, e, stream);
    if (e === 0) return;
    // art. 4.6: the stages come in an order the player cannot guess: shuffle the multiset
    const stageOrder = this.stageOrder;
    for (let i = 0; i < e; i++) stageOrder[i] = grids[g + i + 1]!;
    for (let i = e - 1; i > 0; i--) {
      const j = stream.belowSmall(i + 1);
      const t = stageOrder[i]!;
      stageOrder[i] = stageOrder[j]!;
      stageOrder[j] = t;
    }
    for (let i = 0; i < e; i++) {
      const content = stageOrder[i]!;
      const off = at + 1 + 9 * (i + 1);
      if (content === 0) this.fillPlain(buf, off, stream);
      else this.fillGrid(buf, off, content, 0, stream);
    }
  }

  /** A grid without combination or EXTRA: nine cells drawn from every paying symbol twice (M1, M5). */
  private fillPlain(buf: Uint8Array, off: number, stream: UnitStream): void {
    const pool = this.pool;
    // every paying symbol twice (k >>> 1 for k < 12), written out
    pool[0] = pool[1] = 0;
    pool[2] = pool[3] = 1;
    pool[4] = pool[5] = 2;
    pool[6] = pool[7] = 3;
    pool[8] = pool[9] = 4;
    pool[10] = pool[11] = 5;
    let nPool = 12;
    for (let cell = 0; cell < 9; cell++) {
      const j = stream.belowSmall(nPool);
      buf[off + cell] = pool[j]!;
      pool[j] = pool[--nPool]!;
    }
  }

  /** A grid of content `contentId` with `extraCells` EXTRA, laid out at random from `off`. */
  private fillGrid(buf: Uint8Array, off: number, contentId: number, extraCells: number, stream: UnitStream): void {
    const free = this.free;
    const pool = this.pool;
    const c = CONTENTS[contentId]!;
    for (let attempt = 0; ; attempt++) {
      if (attempt > 10000) throw new Error(`no layout for content ${contentId} with ${extraCells} EXTRA`);
      let used = 0;
      // art. 4.5: aligned combinations on disjoint lines
      if (c.alignedCount > 0) {
        const sets = DISJOINT_LINES[c.alignedCount]!;
        const lines = sets[stream.belowSmall(sets.length)]!;
        let k = 0;
        for (let s = 0; s < 6; s++) {
          if (!(c.aligned & (1 << s))) continue;
          for (const cell of LINES[lines[k++]!]!) {
            buf[off + cell] = s;
            used |= 1 << cell;
          }
        }
      }
      let nFree = 0;
      for (let cell = 0; cell < 9; cell++) if (!(used & (1 << cell))) free[nFree++] = cell;
      // shuffle only what needs a random place: unaligned triples and EXTRA cells
      const placed = 3 * (c.combos - c.alignedCount) + extraCells;
      for (let i = 0; i < placed; i++) {
        const j = i + stream.belowSmall(nFree - i);
        const t = free[i]!;
        free[i] = free[j]!;
        free[j] = t;
      }
      let pos = 0;
      let ok = true;
      for (let s = 0; s < 6 && ok; s++) {
        if (!(c.symbols & (1 << s)) || c.aligned & (1 << s)) continue;
        const mask = (1 << free[pos]!) | (1 << free[pos + 1]!) | (1 << free[pos + 2]!);
        if (LINE_OF_MASK[mask]! >= 0) ok = false; // art. 4.4 "non alignés": this one must not lie on a line
        for (let k = 0; k < 3; k++) buf[off + free[pos++]!] = s;
      }
      if (!ok) continue;
      for (let k = 0; k < extraCells; k++) buf[off + free[pos++]!] = EXTRA;
      // filler: symbols without a combination, at most twice each (M1, M5 near misses)
      let nPool = 0;
      for (let s = 0; s < 6; s++) {
        if (c.symbols & (1 << s)) continue;
        pool[nPool++] = s;
        pool[nPool++] = s;
      }
      for (; pos < nFree; pos++) {
        const j = stream.belowSmall(nPool);
        buf[off + free[pos]!] = pool[j]!;
        pool[j] = pool[--nPool]!;
      }
      return;
    }
  }
}
