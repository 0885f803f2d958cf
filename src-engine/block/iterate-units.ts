/**
 * Walks the units of a range in index order, handing each one's view to a callback: for exports,
 * which stream a block line by line and never hold it in memory.
 */
import { prepareGame } from '../games/registry';
import type { PresentationWeights } from '../games/registry';
import type { UnitView } from '../games/unit-view';
import { UnitStream } from '../random/mix';
import { Placement } from './placement';
import { blockKeys } from './spec';
import type { BlockSpec } from './spec';

export function iterateUnits(
  spec: BlockSpec,
  from: number,
  to: number,
  visit: (index: number, prizeCents: number, view: UnitView) => void,
  weights?: PresentationWeights,
): void {
  const game = prepareGame(spec, weights);
  const { permKey, unitKey } = blockKeys(spec);
  const placement = new Placement(spec.table, permKey);
  const stream = new UnitStream();
  for (let i = from; i < to; i++) {
    const level = placement.levelAt(i);
    stream.reseed(unitKey, i);
    game.generate(level, stream);
    visit(i, spec.table.levels[level]?.prizeCents ?? 0, game.view());
  }
}
