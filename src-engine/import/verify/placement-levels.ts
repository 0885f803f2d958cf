/**
 * What a verification keeps of each unit for the verdict and the placement tests: the count of
 * units per level, the total paid and, in index order, every unit's level (1 byte a unit) — the
 * levels the placement tests read, here or, handed off, on workers (`placementTestPart`).
 */
import type { PrizeTable } from '../../rules/types';
import { LOSING_LEVEL } from '../../stats/placement-tests';

export class PlacementLevels {
  /** Units found per level, the losing level last. */
  readonly found: number[];
  /** Every unit's level in index order, {@link LOSING_LEVEL} for a losing unit. */
  readonly levels: Uint8Array;
  paidCents = 0;
  private readonly table: PrizeTable;

  constructor(table: PrizeTable) {
    this.table = table;
    this.found = new Array<number>(table.levels.length + 1).fill(0);
    this.levels = new Uint8Array(table.blockUnits).fill(LOSING_LEVEL);
  }

  /** The unit at `index` is at `level` (the table's level count: losing) and paid `prizeCents`. */
  record(index: number, level: number, prizeCents: number): void {
    this.found[level]!++;
    if (index < this.levels.length) this.levels[index] = level === this.table.levels.length ? LOSING_LEVEL : level;
    this.paidCents += prizeCents;
  }

  /**
   * The units from `from` on, at `levels` (found equal to their exported lines on workers), each paid
   * its level's prize: what {@link record} does a unit at a time, in one loop over locals (a whole
   * block's levels pass here, on the thread that also hashes the file).
   */
  recordRun(from: number, levels: Uint8Array): void {
    const lots = this.table.levels;
    const losing = lots.length;
    const found = this.found;
    const out = this.levels;
    const n = levels.length;
    let index = from;
    let paid = this.paidCents;
    for (let k = 0; k < n; k++, index++) {
      const level = levels[k]!;
      found[level]!++;
      if (index < out.length) out[index] = level === losing ? LOSING_LEVEL : level;
      paid += lots[level]?.prizeCents ?? 0;
    }
    this.paidCents = paid;
  }
}
