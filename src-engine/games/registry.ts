/**
 * Prepares a game for a block: the one place that maps a game id to its implementation.
 */
import type { PrizeTable, StakeCents } from '../rules/types';
import type { BlockSpec } from '../block/spec';
import { isM6Strict } from '../block/spec';
import { GongsGame } from './les-3-gongs/prepared';
import type { GongsWeights } from './les-3-gongs/generate';
import { MineDorGame } from './mine-d-or/prepared';
import type { MineDorWeights } from './mine-d-or/presentations';
import type { PreparedGame } from './prepared-game';

/** Presentation weights (M4, G2) a caller may override; the defaults are documented in each game. */
export interface PresentationWeights {
  readonly mineDor?: MineDorWeights;
  readonly gongs?: GongsWeights;
}

const cache = new Map<string, PreparedGame>();

/**
 * A prepared game for a table; cached per table, since preparing enumerates presentations. The
 * generator version (R5: 2 = G5 round Bonus amounts) and M6's strict reading come from the spec;
 * a spec without a version is prepared as version 1.
 */
export function prepareGame(
  spec: Pick<BlockSpec, 'game' | 'stakeCents' | 'table'> & Partial<Pick<BlockSpec, 'generatorVersion' | 'm6Strict'>>,
  weights: PresentationWeights = {},
): PreparedGame {
  const version = spec.generatorVersion ?? 1;
  const strict = isM6Strict(spec);
  const key = JSON.stringify([
    spec.game,
    spec.stakeCents,
    spec.table.blockUnits,
    spec.table.levels,
    weights,
    version,
    strict,
  ]);
  let g = cache.get(key);
  if (!g) {
    g = makeGame(spec.game, spec.table, spec.stakeCents, weights, version, strict);
    if (cache.size > 16) cache.clear();
    cache.set(key, g);
  }
  return g;
}

function makeGame(
  game: BlockSpec['game'],
  table: PrizeTable,
  stake: StakeCents,
  w: PresentationWeights,
  version: number,
  strict: boolean,
): PreparedGame {
  return game === 'mine-d-or'
    ? new MineDorGame(table, stake, w.mineDor, strict)
    : new GongsGame(table, stake, w.gongs, version);
}
