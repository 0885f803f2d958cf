/**
 * Why no table meets the constraints: each group of constraints is relaxed in turn and the solver
 * asked again (found by relaxing, never guessed). A group whose removal leaves a table is a cause;
 * for the RTP, the hit rate and the block size, the solver then gives the reachable bound under the
 * other constraints (« avec 1 000 000 unités et ces montants, le taux de retour ne peut pas dépasser … »).
 *
 * Nothing the solver says is taken on its word: every relaxed answer is rounded and checked
 * exactly against each group. An answer that breaks no group at all is a table — the « no table »
 * claim was wrong, and the table is returned as a witness. A reason is given only when its own
 * numbers prove it (a bound proved optimal and beyond the value asked); otherwise the diagnosis
 * is undecided, never a guess.
 */
import type { LocalizedText } from '../../i18n/localized-text';
import { frInt } from '../../i18n/localized-text';
import { formatEuros } from '../../money/format';
import { formatCount } from '../../format/numbers';
import { isSingular } from '../../format/plural';
import { writeLp } from './lp';
import type { ConstraintGroup, Objective } from './lp';
import { boundPercent, typedPercent } from './percent';
import type { LpSolver, OptimiseModel } from './types';
import { lotCount, lotsOf, paidBy, verifyLots } from './verify';

/** Solves of one question, each with other settings, before its answer is called doubtful. */
export const SOLVE_ATTEMPTS = 3;

const en = (n: number): string => formatCount(n, 'en');

/** What the diagnosis found: the reasons, a table after all, or no answer it can stand by. */
export type Diagnosis =
  | { readonly kind: 'reasons'; readonly reasons: readonly LocalizedText[] }
  | { readonly kind: 'witness'; readonly lots: readonly number[] }
  | { readonly kind: 'undecided'; readonly detail: string };

/** The groups a model has, in the order they are tried. */
export function constraintGroups(m: OptimiseModel): ConstraintGroup[] {
  const groups: ConstraintGroup[] = ['rtp'];
  if (m.hit) groups.push('hit-rate');
  groups.push('top-prize');
  m.amounts.forEach((_, i) => {
    if (i > 0 && (m.lotsMin[i]! > 0 || m.lotsMax[i]! < m.blockUnits)) groups.push(`level-${i}`);
  });
  groups.push('units');
  return groups;
}

/** The groups a list of lots breaks, counted exactly; `invalid` when it is no list of lots at all. */
export function brokenGroups(m: OptimiseModel, lots: readonly number[]): Set<ConstraintGroup | 'invalid'> {
  const out = new Set<ConstraintGroup | 'invalid'>();
  if (lots.length !== m.amounts.length || lots.some((x) => !Number.isSafeInteger(x) || x < 0 || x > m.blockUnits)) {
    out.add('invalid');
    return out;
  }
  const paid = paidBy(m, lots);
  const total = lotCount(lots);
  if (total > m.blockUnits) out.add('units');
  if (paid < m.payMin || paid > m.payMax) out.add('rtp');
  if (m.hit && (total < m.hit.min || total > m.hit.max)) out.add('hit-rate');
  if (lots[0] !== m.lotsMin[0]) out.add('top-prize');
  for (let i = 1; i < lots.length; i++) if (lots[i]! < m.lotsMin[i]! || lots[i]! > m.lotsMax[i]!) out.add(`level-${i}`);
  return out;
}

type Relaxed =
  | { readonly status: 'infeasible' }
  | { readonly status: 'solved'; readonly lots: number[]; readonly optimal: boolean }
  | { readonly status: 'failed'; readonly detail: string };

/** One relaxed question, asked again with other settings while the answer breaks more than the group dropped. */
async function relaxed(
  m: OptimiseModel,
  solve: LpSolver,
  objective: Objective,
  drop: ConstraintGroup,
): Promise<Relaxed> {
  const lp = writeLp(m, { objective, drop });
  let detail = '';
  for (let attempt = 0; attempt < SOLVE_ATTEMPTS; attempt++) {
    const r = await solve(lp, attempt);
    if (r.status === 'infeasible') return { status: 'infeasible' };
    const lots = lotsOf(m, r);
    if (lots && [...brokenGroups(m, lots)].every((g) => g === drop)) {
      return { status: 'solved', lots, optimal: r.status === 'optimal' };
    }
    detail = lots ? `${drop}: an answer that breaks other constraints (${r.detail})` : `${drop}: ${r.detail}`;
  }
  return { status: 'failed', detail };
}

/** The reasons no table exists, or a table the « no table » claim missed, or undecided. */
export async function diagnose(m: OptimiseModel, solve: LpSolver): Promise<Diagnosis> {
  const reasons: LocalizedText[] = [];
  const doubts: string[] = [];
  const units = m.blockUnits;
  const stakeUnits = units * m.stakeCents;
  const rtpMin = (l: 'fr' | 'en'): string => typedPercent(m.rtpMin, l);
  const rtpMax = (l: 'fr' | 'en'): string => typedPercent(m.rtpMax, l);
  const hitMin = m.hit ? m.hit.min / units : 0;
  const hitMax = m.hit ? m.hit.max / units : 0;
  const enUnits = `with ${en(units)} units and these amounts`;
  const frUnits = `avec ${frInt(units)} unités et ces montants`;
  // the RTP's bound holds under the other constraints: the hit rate asked is named with them
  const enRtpCtx = m.hit
    ? `with ${en(units)} units, these amounts and a hit rate from ${typedPercent(hitMin, 'en')} to ${typedPercent(hitMax, 'en')}`
    : enUnits;
  const frRtpCtx = m.hit
    ? `avec ${frInt(units)} unités, ces montants et un taux de gain de ${typedPercent(hitMin, 'fr')} à ${typedPercent(hitMax, 'fr')}`
    : frUnits;
  const enHitCtx = `with ${en(units)} units, these amounts and an RTP from ${rtpMin('en')} to ${rtpMax('en')}`;
  const frHitCtx = `avec ${frInt(units)} unités, ces montants et un taux de retour de ${rtpMin('fr')} à ${rtpMax('fr')}`;

  for (const g of constraintGroups(m)) {
    const feasible = await relaxed(m, solve, 'none', g);
    if (feasible.status === 'infeasible') continue;
    if (feasible.status === 'failed') {
      doubts.push(feasible.detail);
      continue;
    }
    if (brokenGroups(m, feasible.lots).size === 0) {
      // it breaks nothing: a table after all, if the engine's own checks agree
      if (verifyLots(m, feasible.lots).length === 0) return { kind: 'witness', lots: feasible.lots };
      doubts.push(`${g}: an answer that meets every constraint but not the engine's checks`);
      continue;
    }
    if (g === 'rtp') {
      const max = await relaxed(m, solve, 'max-pay', g);
      const min = await relaxed(m, solve, 'min-pay', g);
      const maxPay = max.status === 'solved' ? paidBy(m, max.lots) : null;
      const minPay = min.status === 'solved' ? paidBy(m, min.lots) : null;
      if (max.status === 'solved' && max.optimal && maxPay! < m.payMin) {
        const b = (l: 'fr' | 'en'): string => boundPercent(maxPay! / stakeUnits, m.rtpMin, true, l);
        reasons.push({
          en: `${enRtpCtx}, the RTP cannot exceed ${b('en')} (asked: at least ${rtpMin('en')})`,
          fr: `${frRtpCtx}, le taux de retour ne peut pas dépasser ${b('fr')} (demandé : au moins ${rtpMin('fr')})`,
        });
      } else if (min.status === 'solved' && min.optimal && minPay! > m.payMax) {
        const b = (l: 'fr' | 'en'): string => boundPercent(minPay! / stakeUnits, m.rtpMax, false, l);
        reasons.push({
          en: `${enRtpCtx}, the RTP cannot go below ${b('en')} (asked: at most ${rtpMax('en')})`,
          fr: `${frRtpCtx}, le taux de retour ne peut pas descendre sous ${b('fr')} (demandé : au plus ${rtpMax('fr')})`,
        });
      } else if (maxPay !== null && minPay !== null && maxPay >= m.payMin && minPay <= m.payMax) {
        // payouts on both sides of the interval are reachable, none inside it: the steps are too coarse
        reasons.push({
          en: `${enRtpCtx}, no whole number of lots pays an RTP from ${rtpMin('en')} to ${rtpMax('en')}: widen the RTP tolerance`,
          fr: `${frRtpCtx}, aucun nombre entier de lots ne donne un taux de retour de ${rtpMin('fr')} à ${rtpMax('fr')} : élargir la tolérance du taux de retour`,
        });
      } else {
        doubts.push('rtp: the reachable RTP was not proved');
      }
    } else if (g === 'hit-rate' && m.hit) {
      const max = await relaxed(m, solve, 'max-lots', g);
      const min = await relaxed(m, solve, 'min-lots', g);
      const maxLots = max.status === 'solved' ? lotCount(max.lots) : null;
      const minLots = min.status === 'solved' ? lotCount(min.lots) : null;
      if (max.status === 'solved' && max.optimal && maxLots! < m.hit.min) {
        const b = (l: 'fr' | 'en'): string => boundPercent(maxLots! / units, hitMin, true, l);
        reasons.push({
          en: `${enHitCtx}, the hit rate cannot exceed ${b('en')} (asked: at least ${typedPercent(hitMin, 'en')})`,
          fr: `${frHitCtx}, le taux de gain ne peut pas dépasser ${b('fr')} (demandé : au moins ${typedPercent(hitMin, 'fr')})`,
        });
      } else if (min.status === 'solved' && min.optimal && minLots! > m.hit.max) {
        const b = (l: 'fr' | 'en'): string => boundPercent(minLots! / units, hitMax, false, l);
        reasons.push({
          en: `${enHitCtx}, the hit rate cannot go below ${b('en')} (asked: at most ${typedPercent(hitMax, 'en')})`,
          fr: `${frHitCtx}, le taux de gain ne peut pas descendre sous ${b('fr')} (demandé : au plus ${typedPercent(hitMax, 'fr')})`,
        });
      } else if (maxLots !== null && minLots !== null && maxLots >= m.hit.min && minLots <= m.hit.max) {
        reasons.push({
          en: `${enUnits}, the hit rate asked (${typedPercent(hitMin, 'en')} to ${typedPercent(hitMax, 'en')}) cannot hold together with the RTP asked (${rtpMin('en')} to ${rtpMax('en')})`,
          fr: `${frUnits}, le taux de gain demandé (${typedPercent(hitMin, 'fr')} à ${typedPercent(hitMax, 'fr')}) ne peut pas tenir avec le taux de retour demandé (${rtpMin('fr')} à ${rtpMax('fr')})`,
        });
      } else {
        doubts.push('hit-rate: the reachable hit rate was not proved');
      }
    } else if (g === 'top-prize') {
      const top = m.amounts[0]!;
      const n = m.lotsMin[0]!;
      const alone = top * n;
      const one = { en: isSingular(n, 'en'), fr: isSingular(n, 'fr') };
      const prizes = `${en(n)} ${one.en ? 'top prize' : 'top prizes'} of ${formatEuros(top, 'en')}`;
      const lots = `${frInt(n)} ${one.fr ? 'gros lot' : 'gros lots'} de ${formatEuros(top, 'fr')}`;
      reasons.push(
        alone > m.payMax
          ? {
              en: `${prizes} alone ${one.en ? 'pays' : 'pay'} an RTP of ${boundPercent(alone / stakeUnits, m.rtpMax, false, 'en')}, above the ${rtpMax('en')} asked`,
              fr: `${lots} ${one.fr ? 'donne à lui seul' : 'donnent à eux seuls'} un taux de retour de ${boundPercent(alone / stakeUnits, m.rtpMax, false, 'fr')}, au-dessus des ${rtpMax('fr')} demandés`,
            }
          : {
              en: `${prizes} cannot hold together with the other constraints; with another count a table exists`,
              fr: `${lots} ${one.fr ? 'ne peut' : 'ne peuvent'} pas tenir avec les autres contraintes ; avec un autre nombre, un tableau existe`,
            },
      );
    } else if (g.startsWith('level-')) {
      const i = Number(g.slice('level-'.length));
      const a = m.amounts[i]!;
      reasons.push({
        en: `the bounds of ${formatEuros(a, 'en')} (${en(m.lotsMin[i]!)} to ${en(m.lotsMax[i]!)} lots) cannot hold together with the other constraints; without them a table exists`,
        fr: `les bornes de ${formatEuros(a, 'fr')} (${frInt(m.lotsMin[i]!)} à ${frInt(m.lotsMax[i]!)} lots) ne peuvent pas tenir avec les autres contraintes ; sans elles, un tableau existe`,
      });
    } else if (g === 'units') {
      const need = await relaxed(m, solve, 'min-lots', g);
      // the fewest lots the other constraints need: a reason only when proved and above the block
      if (need.status === 'solved' && need.optimal && lotCount(need.lots) > units) {
        const n = lotCount(need.lots);
        reasons.push({
          en: `a block of ${en(units)} units is too small: the other constraints need at least ${en(n)} lots, one per unit at most (art. 3)`,
          fr: `un bloc de ${frInt(units)} unités est trop petit : les autres contraintes demandent au moins ${frInt(n)} lots, au plus un par unité (art. 3)`,
        });
      } else {
        doubts.push('units: the fewest lots needed was not proved');
      }
    }
  }
  if (reasons.length > 0) return { kind: 'reasons', reasons };
  if (doubts.length > 0) return { kind: 'undecided', detail: doubts.join('; ') };
  return {
    kind: 'reasons',
    reasons: [
      {
        en: 'no single constraint is the cause: relaxing any one of them alone still leaves no table; the RTP, hit rate, top prize, level bounds and block size conflict together',
        fr: "aucune contrainte n'est seule en cause : en relâcher une seule ne laisse toujours aucun tableau ; le taux de retour, le taux de gain, le gros lot, les bornes par niveau et la taille du bloc se contredisent ensemble",
      },
    ],
  };
}
