/** Explorer: the table optimiser (engine `optimiseTable`) with HiGHS in this worker; progress: the phase started. */
import { optimiseTable } from '@engine';
import type { Handler } from '@shared/jobs/protocol';
import { workerSolver } from '../highs-solver';

export const optimise: Handler<'optimise'> = async (input, progress) => {
  progress('loading');
  const solve = await workerSolver(input.timeLimitS);
  return optimiseTable(input.request, solve, progress);
};
