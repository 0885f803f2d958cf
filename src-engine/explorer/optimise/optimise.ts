/**
 * The table optimiser: integer lot counts that meet the user's targets best,
 * or the reasons none exists. Lexicographic objective, one mixed-integer solve per stage:
 *
 * 1. `rtp`: every constraint holds (block size, RTP interval inside the legal band, hit-rate
 *    interval, top prize and its count, per-level bounds); minimise |total paid − RTP target| in cents;
 * 2. `hit-rate`: that deviation kept at its best; minimise |lots − hit-rate target|;
 * 3. `closeness`: both kept at their best; minimise Σ w·|lots − reference count| with
 *    w = 10⁶ / max(1, reference count): the table stays close to the one it starts from (the
 *    table being edited, `startFrom`, or the official one), each level moved by its relative
 *    change, and an amount that table lacks is used only when needed.
 *
 * A constraint empty by itself (a share between two whole numbers of cents or lots, more lots
 * than units) is named before any solve ({@link emptyConstraints}). Every answer is re-checked
 * with the engine's exact figures and exact fractions of the shares typed ({@link verifyLots}: no
 * epsilon) before it is kept. A doubtful answer — a solver error, a limit with no solution, an answer the re-check
 * refuses, or « infeasible » where a table is already known — is asked again with other settings
 * (up to {@link SOLVE_ATTEMPTS} in all). « No table » is answered only when two settings agree and
 * the diagnosis proves it with its own numbers; a diagnosis that finds a table after all goes on
 * from it; a question no settings answer is `unsolved`, said in words, never a « no table ».
 */
import { diagnose, SOLVE_ATTEMPTS } from './diagnose';
import { emptyConstraints } from './empty-constraints';
import { writeLp } from './lp';
import type { LpSpec } from './lp';
import { typedPercent } from './percent';
import { buildModel } from './request';
import { lotCount, lotsOf, paidBy, scenarioOfLots, verifyLots } from './verify';
import { scenarioTable } from '../scenario';
import { analyseTable } from '../table-analysis';
import type { LpSolver, OptimiseModel, OptimisePhase, OptimiseRequest, OptimiseResult, StageReport } from './types';

/** The name of a table found: its targets, in the language asked, with the decimals typed. */
export function optimisedName(m: OptimiseModel): string {
  const lang = m.lang;
  const rtp =
    m.rtpTarget !== null
      ? typedPercent(m.rtpTarget, lang)
      : `${typedPercent(m.rtpMin, lang)}–${typedPercent(m.rtpMax, lang)}`;
  const hit = m.hitTarget !== null ? typedPercent(m.hitTarget, lang) : null;
  return lang === 'fr'
    ? `Optimisé — TRJ ${rtp}${hit ? `, taux de gain ${hit}` : ''}`
    : `Optimised — RTP ${rtp}${hit ? `, hit rate ${hit}` : ''}`;
}

/** A stage's verified answer, and whether the solver proved it best. */
interface Kept {
  readonly lots: number[];
  readonly optimal: boolean;
}

/**
 * Finds the table. `solve` is injected (HiGHS under Node or in a Web Worker); `onPhase` is told
 * each step as it starts. Throws an InputError for a request with problems (all named).
 */
export async function optimiseTable(
  request: OptimiseRequest,
  solve: LpSolver,
  onPhase: (phase: OptimisePhase) => void = () => undefined,
): Promise<OptimiseResult> {
  const m = buildModel(request);
  // a constraint no table can meet by itself is named before any solve (no solver's word needed)
  const empty = emptyConstraints(m);
  if (empty.length > 0) return { ok: false, verdict: 'no-table', reasons: empty, stages: [] };
  const stages: StageReport[] = [];
  const doubts: string[] = [];

  /**
   * One stage, asked again with other settings while its answer is doubtful. `accept` is the
   * stage's own constraints checked exactly (the best of earlier stages kept); `infeasibleIsFinal`
   * counts how many settings must agree on « infeasible » (Infinity: a table is known, so never).
   */
  const stage = async (
    phase: OptimisePhase,
    spec: LpSpec,
    accept: (lots: readonly number[]) => boolean,
    infeasibleIsFinal: number,
  ): Promise<Kept | 'infeasible' | null> => {
    onPhase(phase);
    const lp = writeLp(m, spec);
    let infeasible = 0;
    for (let attempt = 0; attempt < SOLVE_ATTEMPTS; attempt++) {
      const r = await solve(lp, attempt);
      stages.push({ phase, status: r.status, objective: r.objective, attempt, detail: r.detail });
      if (r.status === 'infeasible') {
        if (++infeasible >= infeasibleIsFinal) return 'infeasible';
        continue;
      }
      const lots = lotsOf(m, r);
      if (lots && verifyLots(m, lots).length === 0 && accept(lots)) return { lots, optimal: r.status === 'optimal' };
      doubts.push(`${phase}: ${lots ? `an answer the exact re-check refused (${r.detail})` : r.detail}`);
    }
    return null;
  };

  const payDev = (lots: readonly number[]): number =>
    m.payTarget === null ? 0 : Math.abs(paidBy(m, lots) - m.payTarget);
  const hitDev = (lots: readonly number[]): number => (m.hit ? Math.abs(lotCount(lots) - m.hit.target) : 0);

  let first = await stage('rtp', { objective: 'rtp-deviation' }, () => true, 2);
  if (first === 'infeasible' || first === null) {
    // « infeasible » twice, or no answer at all: the diagnosis proves which, or finds a table
    onPhase('diagnosis');
    const d = await diagnose(m, solve);
    if (d.kind === 'reasons' && first === 'infeasible')
      return { ok: false, verdict: 'no-table', reasons: d.reasons, stages };
    if (d.kind === 'witness') {
      first = { lots: [...d.lots], optimal: false };
    } else {
      return unsolved(d.kind === 'undecided' ? [...doubts, d.detail] : doubts, stages);
    }
  }
  /** The best verified table so far, and whether every stage that made it was proved best. */
  let best = first;
  let proven = first.optimal;
  const payWithin = m.payTarget === null ? undefined : payDev(best.lots);
  let lotsWithin: number | undefined;
  // a hit-rate deviation of 0 is the least there is: the stage-1 answer is then already its optimum
  if (m.hit && hitDev(best.lots) === 0) lotsWithin = 0;
  else if (m.hit) {
    const pw = payWithin;
    const l2 = await stage(
      'hit-rate',
      { objective: 'hit-deviation', ...(pw === undefined ? {} : { payWithin: pw }) },
      (lots) => pw === undefined || payDev(lots) <= pw,
      Infinity,
    );
    if (l2 && l2 !== 'infeasible') best = l2;
    proven &&= l2 !== null && l2 !== 'infeasible' && l2.optimal;
    lotsWithin = hitDev(best.lots);
  }
  const pw = payWithin;
  const lw = lotsWithin;
  const l3 = await stage(
    'closeness',
    {
      objective: 'closeness',
      ...(pw === undefined ? {} : { payWithin: pw }),
      ...(lw === undefined ? {} : { lotsWithin: lw }),
    },
    (lots) => (pw === undefined || payDev(lots) <= pw) && (lw === undefined || hitDev(lots) <= lw),
    Infinity,
  );
  if (l3 && l3 !== 'infeasible') best = l3;
  proven &&= l3 !== null && l3 !== 'infeasible' && l3.optimal;

  onPhase('verification');
  // the table shown is the one the exact re-check passed, checked once more as it is returned
  if (verifyLots(m, best.lots).length > 0) return unsolved(doubts, stages);
  const scenario = scenarioOfLots(m, best.lots, optimisedName(m));
  const a = analyseTable(scenarioTable(scenario));
  return { ok: true, scenario, rtp: a.rtp, hitRate: a.hitRate, proven, stages };
}

/** No settings gave an answer the engine can stand by: said in words, never as « no table ». */
function unsolved(doubts: readonly string[], stages: readonly StageReport[]): OptimiseResult {
  const why = doubts.length > 0 ? [...new Set(doubts)].join('; ') : 'no answer';
  return {
    ok: false,
    verdict: 'unsolved',
    reasons: [
      {
        en: `the solver gave no answer the engine can stand by, with ${SOLVE_ATTEMPTS} different settings (${why}): this says nothing of whether a table exists; try again with a longer time limit or fewer amounts`,
        fr: `le solveur n'a donné aucune réponse que le moteur puisse retenir, avec ${SOLVE_ATTEMPTS} réglages différents (${why}) : cela ne dit rien de l'existence d'un tableau ; réessayer avec un temps limite plus long ou moins de montants`,
      },
    ],
    stages,
  };
}
