/**
 * From a prize table to the block that holds it, and the identity of a table or a block: the one
 * place where the simulation screen, the replay screen, the explorer and the command line turn a
 * scenario table into a {@link BlockSpec}, and where state derived from a block learns what it
 * belongs to (so that it can be dropped the moment the user moves to another block).
 */
import { officialTable } from '../rules/load';
import type { PrizeTable, StakeCents } from '../rules/types';
import { STAKES } from '../rules/types';
import type { BlockSpec } from './spec';
import { GENERATOR_VERSION, isM6Strict } from './spec';

/** Whether `table` has exactly the official block size and levels of its game and stake (art. 3). */
export function isOfficialTable(table: PrizeTable): boolean {
  if (!(STAKES as readonly number[]).includes(table.stakeCents)) return false;
  const o = officialTable(table.game, table.stakeCents as StakeCents);
  if (o.blockUnits !== table.blockUnits || o.levels.length !== table.levels.length) return false;
  return o.levels.every((l, i) => l.prizeCents === table.levels[i]?.prizeCents && l.lots === table.levels[i]?.lots);
}

/**
 * The spec of block `seed` of `table` (R1: game, stake, seed, generator version and the table).
 * A table equal to the official one gives the official block, so its digest is the official one.
 */
export function blockSpecOfTable(table: PrizeTable, seed: number, generatorVersion = GENERATOR_VERSION): BlockSpec {
  const stakeCents = table.stakeCents as StakeCents;
  return {
    game: table.game,
    stakeCents,
    seed,
    generatorVersion,
    table: isOfficialTable(table) ? officialTable(table.game, stakeCents) : table,
  };
}

/** A key that names a table by its content: two tables with the same key hold the same lots. */
export function tableKey(table: PrizeTable): string {
  const levels = table.levels.map((l) => `${l.prizeCents}x${l.lots}`).join(',');
  return `${table.game}|${table.stakeCents}|${table.blockUnits}|${levels}`;
}

/** A key that names a block (R1): equal keys, equal units. M6's strict reading is part of it. */
export function blockKey(spec: BlockSpec): string {
  return `${tableKey(spec.table)}|seed ${spec.seed}|v${spec.generatorVersion}${isM6Strict(spec) ? '|m6 strict' : ''}`;
}
