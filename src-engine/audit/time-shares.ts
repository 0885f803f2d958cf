/**
 * Where the time of a block goes, for `npm run bench` (measured, never asserted): the block is run
 * in passes on one thread, each adding one stage to the last (placement; + presentations; + the
 * evaluator, R4; + canonical records and their SHA-256), and each stage is the difference. Each
 * pass can be repeated, its fastest time kept: on a shared machine the fastest is the least disturbed.
 */
import { Placement } from '../block/placement';
import { blockKeys } from '../block/spec';
import type { BlockSpec } from '../block/spec';
import { prepareGame } from '../games/registry';
import { UnitStream } from '../random/mix';
import { SEGMENT_UNITS } from './segments';

/** Seconds spent in each stage of one block. */
export interface StageSeconds {
  /** Which lot each unit holds (the keyed permutation, art. 3). */
  readonly placement: number;
  /** What each unit shows (presentations, M4/G2), with its random stream. */
  readonly generation: number;
  /** Re-deriving each unit's lot from what it shows (R4). */
  readonly evaluation: number;
  /** Writing the canonical records. */
  readonly records: number;
  /** SHA-256 of the records, segment by segment. */
  readonly hashing: number;
}

/**
 * Times one block stage by stage, each pass `repeats` times. `now` is a clock in milliseconds;
 * `sha256` the host's hash (the engine imports no clock and no native hash). A stage measured below
 * zero by clock noise counts 0.
 */
export function stageSeconds(
  spec: BlockSpec,
  now: () => number,
  sha256: (bytes: Uint8Array) => Uint8Array,
  repeats = 1,
): StageSeconds {
  const units = spec.table.blockUnits;
  const game = prepareGame(spec);
  const { permKey, unitKey } = blockKeys(spec);
  const levels = new Uint8Array(units);
  const stream = new UnitStream();
  const record = new Uint8Array(SEGMENT_UNITS * game.maxRecordBytes);
  const amounts = [...spec.table.levels.map((l) => l.prizeCents), 0];

  const placer = new Placement(spec.table, permKey);
  let check = 0;
  const fastest = (pass: () => void): number => {
    let best = Infinity;
    for (let k = 0; k < repeats; k++) {
      const t0 = now();
      pass();
      best = Math.min(best, now() - t0);
    }
    return best;
  };

  const placement = fastest(() => placer.levelsInto(0, levels));
  const generated = fastest(() => {
    for (let i = 0; i < units; i++) {
      stream.reseed(unitKey, i);
      game.generate(levels[i]!, stream);
    }
  });
  const evaluated = fastest(() => {
    for (let i = 0; i < units; i++) {
      stream.reseed(unitKey, i);
      game.generate(levels[i]!, stream);
      check += game.evaluate();
    }
  });
  let hashing = Infinity;
  const full = fastest(() => {
    let hashed = 0;
    for (let from = 0; from < units; from += SEGMENT_UNITS) {
      const to = Math.min(units, from + SEGMENT_UNITS);
      let len = 0;
      for (let i = from; i < to; i++) {
        stream.reseed(unitKey, i);
        const level = levels[i]!;
        game.generate(level, stream);
        check += game.evaluate();
        len += game.writeRecord(amounts[level]!, record, len);
      }
      const h0 = now();
      check += sha256(record.subarray(0, len))[0]!;
      hashed += now() - h0;
    }
    hashing = Math.min(hashing, hashed);
  });
  // `check` keeps every result used, so that no pass can be optimised away
  if (Number.isNaN(check)) throw new Error('unreachable');
  const s = (ms: number): number => Math.max(0, ms) / 1000;
  return {
    placement: s(placement),
    generation: s(generated),
    evaluation: s(evaluated - generated),
    records: s(full - evaluated - hashing),
    hashing: s(hashing),
  };
}
