/**
 * Turns a loaded HiGHS (the `highs` package, WebAssembly) into an {@link LpSolver}. The engine
 * never imports HiGHS: the caller loads it (the command line under Node, the app in a Web Worker)
 * and passes it here, typed by the little this module reads.
 */
import type { LpSolver, SolverResult } from './types';

/** What this adapter uses of HiGHS' one-shot API (`highs.solve(lp, options)`). */
export interface HighsLike {
  solve(
    problem: string,
    options?: Readonly<Record<string, string | number | boolean>>,
  ): { Status: string; ObjectiveValue: number; Columns: Readonly<Record<string, object>> };
}

/** Time given to one solve, in seconds, when none is given: the best found so far is kept after it. */
export const DEFAULT_TIME_LIMIT_S = 20;

/** Reads the columns' values; null when the answer holds no finite value for some column. */
function values(columns: Readonly<Record<string, object>>): Record<string, number> | null {
  const out: Record<string, number> = {};
  for (const [name, c] of Object.entries(columns)) {
    const v = (c as { Primal?: unknown }).Primal;
    if (typeof v !== 'number' || !Number.isFinite(v)) return null;
    out[name] = v;
  }
  return out;
}

/** An {@link LpSolver} over HiGHS; `timeLimitS` bounds each solve (HiGHS keeps the best solution found). */
export function highsSolver(highs: HighsLike, timeLimitS = DEFAULT_TIME_LIMIT_S): LpSolver {
  return (lp: string): Promise<SolverResult> => {
    const r = highs.solve(lp, {
      output_flag: false,
      time_limit: timeLimitS,
      // lots are counted exactly: an integer is one within 1e-9 (the default is 1e-6)
      mip_feasibility_tolerance: 1e-9,
      mip_rel_gap: 0,
    });
    const detail = r.Status;
    // every column of the optimiser's models is bounded: « infeasible or unbounded » is infeasible
    if (r.Status === 'Infeasible' || r.Status === 'Primal infeasible or unbounded')
      return Promise.resolve({ status: 'infeasible', values: {}, objective: NaN, detail });
    const v = values(r.Columns);
    if (r.Status === 'Optimal' && v)
      return Promise.resolve({ status: 'optimal', values: v, objective: r.ObjectiveValue, detail });
    // a limit stopped the search: the best solution found, if any (verified by the caller anyway)
    if (v && (r.Status === 'Time limit reached' || r.Status === 'Iteration limit reached')) {
      return Promise.resolve({ status: 'feasible', values: v, objective: r.ObjectiveValue, detail });
    }
    return Promise.resolve({ status: 'failed', values: {}, objective: NaN, detail });
  };
}
