/**
 * Opens one unit from (block, index) alone (R2): its assigned lot from the placement, its
 * presentation from its own stream, and the evaluator's explanation of what it shows (R4).
 */
import { prepareGame } from '../games/registry';
import type { PresentationWeights } from '../games/registry';
import type { UnitView } from '../games/unit-view';
import { explainUnit } from '../games/explain';
import type { Explanation } from '../games/explain';
import { UnitStream } from '../random/mix';
import { GENERATOR_VERSIONS, blockKeys, checkIndex, isGeneratorVersion } from './spec';
import type { BlockSpec } from './spec';
import { Placement } from './placement';
import { InputError } from './input-error';

export interface OpenedUnit {
  readonly index: number;
  /** Level index in the table (losing = levels.length). */
  readonly level: number;
  readonly assignedCents: number;
  readonly view: UnitView;
  readonly explanation: Explanation;
  /** R4: the evaluator's lot equals the assigned lot. */
  readonly agrees: boolean;
}

const placements = new Map<string, Placement>();

function placementOf(spec: BlockSpec): Placement {
  const key = JSON.stringify([
    spec.game,
    spec.stakeCents,
    spec.seed,
    spec.generatorVersion,
    spec.table.levels,
    spec.table.blockUnits,
  ]);
  let p = placements.get(key);
  if (!p) {
    p = new Placement(spec.table, blockKeys(spec).permKey);
    if (placements.size > 32) placements.clear();
    placements.set(key, p);
  }
  return p;
}

/** Opens unit `index` of a block. */
export function openUnit(spec: BlockSpec, index: number, weights?: PresentationWeights): OpenedUnit {
  if (!isGeneratorVersion(spec.generatorVersion)) {
    throw new InputError(
      `generator version ${spec.generatorVersion} is not one this build reproduces: expected ${GENERATOR_VERSIONS.join(' or ')} (R1, R5)`,
      `la version de générateur ${spec.generatorVersion} n'est pas reproduite par cette version du logiciel : attendu ${GENERATOR_VERSIONS.join(' ou ')} (R1, R5)`,
    );
  }
  checkIndex(index, spec.table.blockUnits);
  const game = prepareGame(spec, weights);
  const placement = placementOf(spec);
  const level = placement.levelAt(index);
  const stream = new UnitStream();
  stream.reseed(blockKeys(spec).unitKey, index);
  game.generate(level, stream);
  const view = game.view();
  const assignedCents = spec.table.levels[level]?.prizeCents ?? 0;
  const explanation = explainUnit(spec.game, spec.stakeCents, view, undefined, spec.generatorVersion);
  return {
    index,
    level,
    assignedCents,
    view,
    explanation,
    agrees: explanation.valid && explanation.lotCents === assignedCents,
  };
}

/** Indices of all units of one level, ascending, from the placement alone (R2). */
export function indicesOfLevel(spec: BlockSpec, level: number): Int32Array {
  return placementOf(spec).indicesOfLevel(level);
}

/** The level index of each unit in [from, to), from the placement alone. */
export function levelsOfRange(spec: BlockSpec, from: number, to: number): Uint8Array {
  const out = new Uint8Array(to - from);
  placementOf(spec).levelsInto(from, out);
  return out;
}
