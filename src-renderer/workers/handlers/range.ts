/** Worker handler: one range of a block, audited (R4), returned as tallies, never as units. */
import { runRange } from '../../../src-engine/index';
import type { Handler } from '../jobs';
import { throttleProgress } from '../throttle-progress';

export const range: Handler<'range'> = (input, progress) =>
  runRange(input.spec, input.from, input.to, {
    ...(input.keepLevels ? { keepLevels: true } : {}),
    ...(input.weights ? { weights: input.weights } : {}),
    onProgress: throttleProgress(progress),
  });
