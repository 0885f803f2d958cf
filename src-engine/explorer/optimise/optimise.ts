/**
 * The table optimiser (issue 12, item 3): integer lot counts that meet the user's targets best,
 * or the reasons none exists. Lexicographic objective, one mixed-integer solve per stage:
 *
 * 1. `rtp`: every constraint holds (block size, RTP interval inside the legal band, hit-rate
 *    interval, top prize and its count, per-level bounds); minimise |total paid − RTP target| in cents;
 * 2. `hit-rate`: that deviation kept at its best; minimise |lots − hit-rate target|;
 * 3. `closeness`: both kept at their best; minimise Σ w·|lots − official count| with
 *    w = 10⁶ / max(1, official count): the table stays close to the official one, each level
 *    moved by its relative change, and an amount the official table lacks is used only when needed.
 *
 * Every answer is re-checked with the engine's exact figures ({@link verifyLots}) before it is returned.
 */
import { formatPercent } from '../../money/format';
import { diagnose } from './diagnose';
import { writeLp } from './lp';
import type { LpSpec } from './lp';
import { buildModel } from './request';
import { scenarioOfLots, verifyLots } from './verify';
import { analyseTable, scenarioTable } from '../scenario';
import type {
  LpSolver,
  OptimiseModel,
  OptimisePhase,
  OptimiseRequest,
  OptimiseResult,
  SolverResult,
  StageReport,
} from './types';

/** The lots of each amount in a solver's answer, rounded to whole numbers (then verified). */
export function lotsOf(m: OptimiseModel, r: SolverResult): number[] | null {
  const lots = m.amounts.map((_, i) => r.values[`x${i}`]);
  if (lots.some((x) => x === undefined || !Number.isFinite(x))) return null;
  return lots.map((x) => Math.round(x!));
}

const paid = (m: OptimiseModel, lots: readonly number[]): number => m.amounts.reduce((s, a, i) => s + a * lots[i]!, 0);
const count = (lots: readonly number[]): number => lots.reduce((s, x) => s + x, 0);

/** The name of a table found: its targets, in the language asked. */
export function optimisedName(m: OptimiseModel): string {
  const lang = m.lang;
  const rtp =
    m.rtpTarget !== null
      ? formatPercent(m.rtpTarget, lang, 3)
      : `${formatPercent(m.rtpMin, lang, 3)}–${formatPercent(m.rtpMax, lang, 3)}`;
  const hit = m.hitTarget !== null ? formatPercent(m.hitTarget, lang, 3) : null;
  return lang === 'fr'
    ? `Optimisé — TRJ ${rtp}${hit ? `, taux de gain ${hit}` : ''}`
    : `Optimised — RTP ${rtp}${hit ? `, hit rate ${hit}` : ''}`;
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
  const stages: StageReport[] = [];
  const run = async (phase: OptimisePhase, spec: LpSpec): Promise<SolverResult> => {
    onPhase(phase);
    const r = await solve(writeLp(m, spec));
    stages.push({ phase, status: r.status, objective: r.objective });
    return r;
  };

  const first = await run('rtp', { objective: 'rtp-deviation' });
  if (first.status === 'infeasible') {
    onPhase('diagnosis');
    return { ok: false, reasons: await diagnose(m, solve), stages };
  }
  /** Answers found, the latest (best) first; each is verified before use. */
  const found: number[][] = [];
  const keep = (r: SolverResult): number[] | null => {
    const lots = r.status === 'optimal' || r.status === 'feasible' ? lotsOf(m, r) : null;
    if (lots && verifyLots(m, lots).length === 0) found.unshift(lots);
    return lots;
  };
  const l1 = keep(first);
  if (l1 && m.payTarget !== null) {
    // the best RTP deviation found is kept by the next stages (measured on the whole-number answer)
    const payWithin = Math.abs(paid(m, l1) - m.payTarget);
    let lotsWithin: number | undefined;
    if (m.hit) {
      const l2 = keep(await run('hit-rate', { objective: 'hit-deviation', payWithin }));
      if (l2) lotsWithin = Math.abs(count(l2) - m.hit.target);
    }
    keep(await run('closeness', { objective: 'closeness', payWithin, lotsWithin }));
  } else if (l1) {
    let lotsWithin: number | undefined;
    if (m.hit) {
      const l2 = keep(await run('hit-rate', { objective: 'hit-deviation' }));
      if (l2) lotsWithin = Math.abs(count(l2) - m.hit.target);
    }
    keep(await run('closeness', { objective: 'closeness', lotsWithin }));
  }

  onPhase('verification');
  const best = found[0];
  if (!best) {
    const last = stages[stages.length - 1]!;
    const failures = l1 ? verifyLots(m, l1) : [];
    return {
      ok: false,
      reasons: [
        {
          en: `the solver gave no table that passes the engine's checks (${last.phase}: ${last.status})${failures.length ? `: ${failures.map((f) => f.en).join('; ')}` : ''}`,
          fr: `le solveur n'a donné aucun tableau qui passe les contrôles du moteur (${last.phase} : ${last.status})${failures.length ? ` : ${failures.map((f) => f.fr).join(' ; ')}` : ''}`,
        },
      ],
      stages,
    };
  }
  const scenario = scenarioOfLots(m, best, optimisedName(m));
  const a = analyseTable(scenarioTable(scenario));
  return {
    ok: true,
    scenario,
    rtp: a.rtp,
    hitRate: a.hitRate,
    proven: stages.every((s) => s.status === 'optimal'),
    stages,
  };
}
