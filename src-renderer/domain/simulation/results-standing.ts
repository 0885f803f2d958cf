/**
 * Whether the results on screen are those of the run the form describes. Results stay on screen
 * while a new run computes, after a cancelled run, and when the form is changed (another seed,
 * block count or table, such as a scenario handed over from the payout explorer): they must then
 * say that they are the previous run's, not the one the form would make.
 */
import type { TableIdentity } from '@engine';
import { runTableIdentity } from './model';
import type { SimulationRun } from './model';
import { runPresentationKey } from './presentation-settings';

/** `current`: the form describes these results; `running`: a new run computes; `edited`: the form describes another run. */
export type ResultsStanding = 'current' | 'running' | 'edited';

/** The run the form would make now. */
export interface NextRun {
  readonly running: boolean;
  /** The table in use: official or scenario (a scenario may hold the official levels), and its digest. */
  readonly table: { readonly kind: TableIdentity['kind']; readonly digest: string };
  /** The first seed and the number of blocks, or null while a field is wrong. */
  readonly fields: { readonly seed: number; readonly blocks: number } | null;
  /** The presentation settings' key, or null while a field is wrong. */
  readonly presentationKey: string | null;
}

export function resultsStanding(run: SimulationRun, next: NextRun): ResultsStanding {
  if (next.running) return 'running';
  const own = runTableIdentity(run);
  const same =
    next.fields !== null &&
    next.fields.seed === run.seed &&
    next.fields.blocks === run.blocks.length &&
    next.table.kind === own.kind &&
    next.table.digest === own.digest &&
    next.presentationKey === runPresentationKey(run);
  return same ? 'current' : 'edited';
}
