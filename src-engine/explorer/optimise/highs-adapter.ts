/**
 * Turns a loaded HiGHS (the `highs` package, WebAssembly) into an {@link LpSolver}. The engine
 * never imports HiGHS: the caller loads it (the command line under Node, the app in a Web Worker)
 * and passes it here, typed by the little this module reads.
 *
 * HiGHS' own error (it throws « Unable to solve the problem. HiGHS error -1 » when, for instance,
 * its MIP solver finds its answer off by a few 1e-9) is caught here and answered as a `failed`
 * status naming it: the optimiser then asks again with the next settings ({@link SOLVER_SETTINGS}).
 */
import type { LpSolver, SolverResult } from './types';

type HighsOptions = Readonly<Record<string, string | number | boolean>>;

/** What this adapter uses of HiGHS' one-shot API (`highs.solve(lp, options)`). */
export interface HighsLike {
  solve(
    problem: string,
    options?: HighsOptions,
  ): { Status: string; ObjectiveValue: number; Columns: Readonly<Record<string, object>> };
}

/** Time given to one solve, in seconds, when none is given: the best found so far is kept after it. */
export const DEFAULT_TIME_LIMIT_S = 20;

/**
 * The settings tried in turn, each a complete answer on its own. Every column of the optimiser's
 * models is an integer count and every coefficient a whole number (money scaled to the amounts'
 * common divisor, see `lp.ts`): HiGHS' default feasibility tolerances (1e-6 integrality, 1e-7
 * rows) are far below one lot or one cent, and the answer is rounded and re-checked exactly
 * anyway. Every objective is a whole number too, so a gap below 1 proves the optimum
 * (`mip_abs_gap` 0.5, `mip_rel_gap` 0: never « within 0.01 % »).
 */
export const SOLVER_SETTINGS: readonly HighsOptions[] = [
  { mip_rel_gap: 0, mip_abs_gap: 0.5 },
  // another path through the search: no presolve, another seed
  { mip_rel_gap: 0, mip_abs_gap: 0.5, presolve: 'off', random_seed: 1 },
  // looser integrality (still far below one lot), primal simplex
  { mip_rel_gap: 0, mip_abs_gap: 0.5, mip_feasibility_tolerance: 1e-5, simplex_strategy: 4, random_seed: 2 },
];

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

/** The words of a HiGHS exception, on one line. */
function errorText(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text.replace(/\s+/g, ' ').trim() || 'unknown error';
}

/**
 * An {@link LpSolver} over HiGHS; `timeLimitS` bounds each solve (HiGHS keeps the best solution
 * found). The solver's second argument picks the settings ({@link SOLVER_SETTINGS}, in turn).
 */
export function highsSolver(highs: HighsLike, timeLimitS = DEFAULT_TIME_LIMIT_S): LpSolver {
  return (lp: string, attempt = 0): Promise<SolverResult> => {
    const settings = SOLVER_SETTINGS[attempt % SOLVER_SETTINGS.length]!;
    let r: ReturnType<HighsLike['solve']>;
    try {
      r = highs.solve(lp, { output_flag: false, time_limit: timeLimitS, ...settings });
    } catch (e) {
      return Promise.resolve({ status: 'failed', values: {}, objective: NaN, detail: `HiGHS: ${errorText(e)}` });
    }
    const detail = r.Status;
    // every column of the optimiser's models is bounded: « infeasible or unbounded » is infeasible
    if (r.Status === 'Infeasible' || r.Status === 'Primal infeasible or unbounded')
      return Promise.resolve({ status: 'infeasible', values: {}, objective: NaN, detail });
    const v = values(r.Columns ?? {});
    if (r.Status === 'Optimal' && v)
      return Promise.resolve({ status: 'optimal', values: v, objective: r.ObjectiveValue, detail });
    // a limit stopped the search: the best solution found, if any (verified by the caller anyway)
    if (v && (r.Status === 'Time limit reached' || r.Status === 'Iteration limit reached')) {
      return Promise.resolve({ status: 'feasible', values: v, objective: r.ObjectiveValue, detail });
    }
    return Promise.resolve({ status: 'failed', values: {}, objective: NaN, detail });
  };
}
