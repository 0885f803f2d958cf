/**
 * The unit on the replay screen as a view model: what was opened (reference, parsed reference,
 * scenario table if any) and the block it belongs to, named by its identity key so that state
 * derived from the block (search results, digest) can tell whether it belongs to this unit.
 */
import { blockKey } from '@engine';
import type { BlockSpec, OpenedUnit, PrizeTable, UnitRef } from '@engine';

/** A what-if table of the payout explorer whose blocks are replayed like official ones. */
export interface ReplayScenario {
  readonly name: string;
  readonly table: PrizeTable;
}

/**
 * A unit on screen: its reference as printed, the parsed reference, the unit and how long opening
 * took. A unit of a scenario block has no R3 reference (references name official blocks only):
 * `ref` is then a readable label and `scenario` names the table.
 */
export interface ReplayedUnit {
  readonly ref: string;
  readonly parsed: UnitRef;
  readonly scenario: ReplayScenario | null;
  /**
   * The block the unit belongs to (R1: game, stake, seed, version, M6 reading, table), worked out
   * once when the unit is opened; the digest and the block browser use this one.
   */
  readonly spec: BlockSpec;
  readonly unit: OpenedUnit;
  /** Milliseconds spent in `openUnit` (R2: the block is never built). */
  readonly openMs: number;
}

/** The identity key of the block of a unit on screen. */
export const blockKeyOf = (u: Pick<ReplayedUnit, 'spec'>): string => blockKey(u.spec);

/** The label of a scenario unit, which has no R3 reference: « SCENARIO-<seed>-<index> ». */
export const scenarioLabel = (seed: number, index: number): string => `SCENARIO-${seed}-${index}`;

/**
 * The identity of a unit on screen: its block's key and its index. A reference names one official
 * unit; a scenario's label does not name its table, so two scenarios' units would share it.
 */
export const unitKeyOf = (u: Pick<ReplayedUnit, 'spec' | 'parsed'>): string =>
  `${blockKeyOf(u)}|unit ${u.parsed.index}`;
