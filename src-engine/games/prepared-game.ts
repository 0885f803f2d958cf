/**
 * One interface over both games for the block runner: generate a unit into a reused buffer,
 * evaluate it, write its canonical record, classify it for statistics. Each game implements it in
 * its own folder; nothing in the hot path allocates.
 */
import type { UnitStream } from '../random/mix';
import type { PrizeTable, StakeCents } from '../rules/types';
import type { UnitView } from './unit-view';

export interface PreparedGame {
  readonly table: PrizeTable;
  readonly stakeCents: StakeCents;
  /** Levels that no allowed presentation reaches (M4, G1): reported, never forced. */
  readonly unreachable: readonly { level: number; prizeCents: number }[];
  /** Largest canonical record, in bytes. */
  readonly maxRecordBytes: number;
  /** Names of presentation classes (see {@link presentationClass}). */
  readonly presentationClasses: readonly string[];
  /** Names of "first screen" classes: what the player sees before the outcome is final. */
  readonly firstScreenClasses: readonly string[];

  /** Fills the buffer with a unit of `level` (losing = table.levels.length). */
  generate(level: number, stream: UnitStream): void;
  /** Evaluates the buffer (R4): the lot in cents, or a negative error code. */
  evaluate(): number;
  /** Text of an evaluation error code, citing the rule. */
  errorText(code: number): string;
  /** After {@link evaluate}: the presentation class of the unit. */
  presentationClass(): number;
  /** After {@link evaluate}: the first-screen class of the unit. */
  firstScreenClass(): number;
  /** Writes the unit's canonical record; returns the bytes written. */
  writeRecord(prizeCents: number, out: Uint8Array, offset: number): number;
  /** The buffer as symbol ids. */
  view(): UnitView;
  /** Loads a view into the buffer; returns an error text when the view cannot be represented. */
  load(view: UnitView): string | null;
}

/** Writes a u32 little-endian. */
export function writeU32(out: Uint8Array, offset: number, v: number): void {
  out[offset] = v & 0xff;
  out[offset + 1] = (v >>> 8) & 0xff;
  out[offset + 2] = (v >>> 16) & 0xff;
  out[offset + 3] = (v >>> 24) & 0xff;
}
