/**
 * Types of the table optimiser: what the user asks, what the injected solver
 * answers, and what the optimiser returns. The engine never imports a solver: the app's worker and
 * the command line each pass one ({@link LpSolver}) that solves a model written in the CPLEX LP format.
 */
import type { LocalizedText } from '../../i18n/localized-text';
import type { GameId, StakeCents } from '../../rules/types';
import type { Scenario } from '../scenario';
import type { Fraction } from './exact';

/** An RTP target: a value with a tolerance (± ratio), or a range; either is kept inside the legal band. */
export type RtpTarget =
  | { readonly target: number; readonly tolerance?: number }
  | { readonly min: number; readonly max: number };

/** Bounds on the lots of one amount (either may be left out). */
export interface LevelBound {
  readonly prizeCents: number;
  readonly min?: number;
  readonly max?: number;
}

/** What the user asks of the table. Ratios are 0–1 (0.7 = 70 %); money is in cents. */
export interface OptimiseRequest {
  readonly game: GameId;
  readonly stakeCents: StakeCents;
  /** Units of the block; the official block size when left out. */
  readonly blockUnits?: number;
  readonly rtp: RtpTarget;
  /** Hit rate target ± tolerance (0.005 = 0.5 pt when left out); no hit-rate target when absent. */
  readonly hitRate?: { readonly target: number; readonly tolerance?: number };
  /** The top prize and its count; the official ones when left out. */
  readonly topPrize?: { readonly prizeCents?: number; readonly lots?: number };
  /** The amounts allowed; the official table's when left out. The top prize is always among them. */
  readonly amountsCents?: readonly number[];
  /** Amounts allowed besides {@link amountsCents} (or the official ones). */
  readonly extraAmountsCents?: readonly number[];
  readonly levelBounds?: readonly LevelBound[];
  /**
   * The table the counts stay closest to (third objective), and whose top prize, its count, block
   * size and amounts are the defaults: the table being edited. The official table when left out.
   */
  readonly startFrom?: Scenario;
  /** Language of the name given to the table found. */
  readonly lang?: 'fr' | 'en';
}

/** The constraints of a request once checked: integer bounds in cents and lots. */
export interface OptimiseModel {
  readonly game: GameId;
  readonly stakeCents: StakeCents;
  readonly blockUnits: number;
  /** Amounts allowed, largest first (the top prize first). */
  readonly amounts: readonly number[];
  /** Lots of each amount: lower and upper bound (the top prize's both equal its count). */
  readonly lotsMin: readonly number[];
  readonly lotsMax: readonly number[];
  /**
   * Reference counts the table stays close to: those of the table started from (the official one
   * when none is given), scaled to the block; 0 for an amount it lacks.
   */
  readonly reference: readonly number[];
  /** Total paid, in cents: inside [payMin, payMax] (RTP interval ∩ legal band). */
  readonly payMin: number;
  readonly payMax: number;
  /** Paid total the RTP target asks for, or null for a range (any RTP inside it is as good). */
  readonly payTarget: number | null;
  /** Lots (winning units): inside [lotsTotalMin, lotsTotalMax], null when no hit-rate target. */
  readonly hit: { readonly min: number; readonly max: number; readonly target: number } | null;
  /** The RTP interval asked (after clipping to the legal band), as ratios, for messages. */
  readonly rtpMin: number;
  readonly rtpMax: number;
  readonly rtpTarget: number | null;
  readonly hitTarget: number | null;
  readonly hitTolerance: number | null;
  /**
   * The same intervals as exact fractions of the shares typed (RTP inside the legal band; hit rate
   * target ± tolerance, null without one): what every answer is re-checked against, with no epsilon.
   */
  readonly exact: {
    readonly rtpMin: Fraction;
    readonly rtpMax: Fraction;
    readonly hitMin: Fraction | null;
    readonly hitMax: Fraction | null;
  };
  readonly lang: 'fr' | 'en';
}

/** The answer of a solver: a status and, when it has one, the value of every column by name. */
export interface SolverResult {
  /** `optimal`: proved best; `feasible`: a solution, not proved best (a limit stopped the search). */
  readonly status: 'optimal' | 'feasible' | 'infeasible' | 'failed';
  readonly values: Readonly<Record<string, number>>;
  readonly objective: number;
  /** The solver's own status text, for messages. */
  readonly detail: string;
}

/**
 * Solves one model written in the CPLEX LP format (HiGHS in the app's worker and on the command
 * line). `attempt` (0 when left out) asks for another set of settings when an earlier answer was
 * doubtful: a solver error, a limit with no solution, or an answer the exact re-check refused.
 */
export type LpSolver = (lp: string, attempt?: number) => Promise<SolverResult>;

/** The steps of a run, reported as they start (the solver itself gives no progress). */
export type OptimisePhase = 'rtp' | 'hit-rate' | 'closeness' | 'diagnosis' | 'verification';

/** One solve of a run. */
export interface StageReport {
  readonly phase: OptimisePhase;
  readonly status: SolverResult['status'];
  readonly objective: number;
  /** Which settings answered (0: the first; more after a doubtful answer). */
  readonly attempt: number;
  /** The solver's own words. */
  readonly detail: string;
}

export type OptimiseResult =
  | {
      readonly ok: true;
      readonly scenario: Scenario;
      readonly rtp: number;
      readonly hitRate: number;
      /** Whether every stage was proved optimal (false: a time limit kept the best found). */
      readonly proven: boolean;
      readonly stages: readonly StageReport[];
    }
  | {
      readonly ok: false;
      /**
       * `no-table`: no table meets the constraints, proved by the diagnosis; `unsolved`: the solver
       * gave no answer the engine can stand by (nothing is said of whether a table exists).
       */
      readonly verdict: 'no-table' | 'unsolved';
      /** Why, each reason in both languages. */
      readonly reasons: readonly LocalizedText[];
      readonly stages: readonly StageReport[];
    };
