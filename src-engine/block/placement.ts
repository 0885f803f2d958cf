/**
 * Where the lots of a block are (art. 3 and R2): the table's lots fill "slots" in table order,
 * losing units first; a keyed permutation maps each unit index to a slot. So a block holds exactly
 * the table's lots, and any single index's lot is known without building the block.
 */
import { KeyedPermutation } from '../random/feistel';
import type { PrizeTable } from '../rules/types';
import { InputError } from './input-error';

/** Marks a coarse bucket where a level starts: the level needs the exact walk. */
const STRADDLES = 255;
/** Coarse buckets per block, about: few straddle a boundary, and the table stays in L1 cache. */
const COARSE_BUCKETS = 4096;

/** The shift that cuts `units` slots into at most about {@link COARSE_BUCKETS} buckets. */
function coarseShiftFor(units: number): number {
  let shift = 0;
  while (units >>> shift > COARSE_BUCKETS) shift++;
  return shift;
}

/**
 * Scratch of {@link Placement.levelsInto}, shared by every placement of this thread: the method is
 * synchronous, so no two calls use it at once, and a worker that runs many short ranges (a
 * placement each) allocates it once instead of once a range (peak memory).
 */
const scratch = { slots: new Int32Array(0), walk: new Int32Array(0) };

export class Placement {
  readonly units: number;
  /** Level index of losing units: `table.levels.length`. */
  readonly losingLevel: number;
  private readonly losing: number;
  /** Slot where each level starts, in table order, after the losing slots. */
  private readonly starts: Int32Array;
  private readonly perm: KeyedPermutation;
  /**
   * Coarse slot → level table: entry `slot >>> coarseShift` is the level of every slot of that
   * bucket, or {@link STRADDLES} when a level starts inside it (then the exact walk of `starts`).
   * One load a unit instead of a loop whose exit the processor cannot predict on random slots.
   */
  private readonly coarse: Uint8Array;
  private readonly coarseShift: number;

  constructor(table: PrizeTable, permKey: number) {
    const lots = table.levels.reduce((s, l) => s + l.lots, 0);
    if (table.levels.length >= STRADDLES) {
      throw new InputError(
        `the table has ${table.levels.length} prize levels: at most ${STRADDLES - 1}`,
        `le tableau compte ${table.levels.length} niveaux de lots : au plus ${STRADDLES - 1}`,
      );
    }
    if (lots > table.blockUnits) {
      throw new InputError(
        `the table has ${lots} lots for ${table.blockUnits} units: at most one lot per unit`,
        `le tableau compte ${lots} lots pour ${table.blockUnits} unités : au plus un lot par unité`,
      );
    }
    this.units = table.blockUnits;
    this.losingLevel = table.levels.length;
    this.losing = table.blockUnits - lots;
    this.starts = new Int32Array(table.levels.length + 1);
    let s = this.losing;
    table.levels.forEach((l, i) => {
      this.starts[i] = s;
      s += l.lots;
    });
    this.starts[table.levels.length] = s;
    this.perm = new KeyedPermutation(table.blockUnits, permKey);
    this.coarseShift = coarseShiftFor(table.blockUnits);
    this.coarse = this.coarseTable();
  }

  /** Builds {@link coarse}: a bucket lying inside one level gets it, others {@link STRADDLES}. */
  private coarseTable(): Uint8Array {
    const shift = this.coarseShift;
    const table = new Uint8Array(((this.units - 1) >>> shift) + 1);
    for (let b = 0; b < table.length; b++) {
      const first = this.levelOfSlot(b << shift);
      const last = this.levelOfSlot(Math.min(this.units, (b + 1) << shift) - 1);
      table[b] = first === last ? first : STRADDLES;
    }
    return table;
  }

  /** The level index of a slot (losing = `losingLevel`). */
  levelOfSlot(slot: number): number {
    if (slot < this.losing) return this.losingLevel;
    const starts = this.starts;
    let i = 0;
    while (slot >= starts[i + 1]!) i++;
    return i;
  }

  /** The level index of the unit at `index`. */
  levelAt(index: number): number {
    return this.levelOfSlot(this.perm.forward(index));
  }

  /**
   * The level index of every unit of [from, from + out.length) into `out` (losing = `losingLevel`):
   * one tight loop, whose independent permutation walks the processor can overlap.
   */
  levelsInto(from: number, out: Uint8Array): void {
    const n = out.length;
    if (scratch.slots.length < n) {
      scratch.slots = new Int32Array(n);
      scratch.walk = new Int32Array(n);
    }
    const slots = scratch.slots.subarray(0, n);
    this.perm.forwardRange(from, slots, scratch.walk);
    this.levelsOfSlots(slots, out);
  }

  /**
   * {@link levelOfSlot} of `slots[k]` into `out[k]` for every k of `out`: one coarse-table load a
   * slot, the exact walk only in the few buckets where a level starts.
   */
  levelsOfSlots(slots: Int32Array, out: Uint8Array): void {
    const coarse = this.coarse;
    const shift = this.coarseShift;
    for (let k = 0; k < out.length; k++) {
      const slot = slots[k]!;
      const level = coarse[slot >>> shift]!;
      out[k] = level !== STRADDLES ? level : this.levelOfSlot(slot);
    }
  }

  /** Coarse buckets where a level starts (diagnostics and tests). */
  get straddlingBuckets(): number {
    return this.coarse.reduce((n, v) => n + (v === STRADDLES ? 1 : 0), 0);
  }

  /** The indices of every unit of a level, ascending (R2: computed from slots, not the block). */
  indicesOfLevel(level: number): Int32Array {
    const from = level === this.losingLevel ? 0 : this.starts[level]!;
    const to = level === this.losingLevel ? this.losing : this.starts[level + 1]!;
    const out = new Int32Array(to - from);
    for (let s = from; s < to; s++) out[s - from] = this.perm.inverse(s);
    return out.sort();
  }
}
