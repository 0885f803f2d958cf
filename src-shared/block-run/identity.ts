/**
 * The identity a run carries everywhere it goes, made once where runs are made (the block runner's
 * callers take it from the specs they run): game, stake, generator version, first seed, block
 * count, and the table — official or scenario, by name, and its digest.
 */
import { generatorId, tableIdentity } from '@engine';
import type { BlockSpec, GameId, TableIdentity } from '@engine';

export interface RunIdentity {
  readonly game: GameId;
  readonly stakeCents: number;
  readonly generator: string;
  /** Seed of block 0; block k has seed + k (R1). */
  readonly seed: number;
  readonly blocks: number;
  readonly table: TableIdentity;
}

/** The identity of a run of `specs` (one table, consecutive seeds). */
export function runIdentity(specs: readonly BlockSpec[]): RunIdentity {
  const s = specs[0];
  if (!s) throw new Error('a run has at least one block');
  return {
    game: s.game,
    stakeCents: s.stakeCents,
    generator: generatorId(s.generatorVersion),
    seed: s.seed,
    blocks: specs.length,
    table: tableIdentity(s.table),
  };
}

/**
 * The name of the column of expected counts: `official` only for the official table; a scenario's
 * own counts are `scenario` (a what-if must never read as the official table).
 */
export const expectedColumn = (table: TableIdentity): 'official' | 'scenario' =>
  table.kind === 'official' ? 'official' : 'scenario';
