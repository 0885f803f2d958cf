/**
 * Why no table meets the constraints: each group of constraints is relaxed in turn and the solver
 * asked again (issue 12: found by relaxing, never guessed). A group whose removal leaves a table
 * is a cause; for the RTP and the hit rate, the solver then gives the reachable bound under the
 * other constraints (« avec 1 000 000 unités et ces montants, le taux de retour ne peut pas dépasser … »).
 */
import type { LocalizedText } from '../../i18n/localized-text';
import { frInt } from '../../i18n/localized-text';
import { formatEuros, formatPercent } from '../../money/format';
import { formatCount } from '../../format/numbers';
import { writeLp } from './lp';
import type { ConstraintGroup, Objective } from './lp';
import type { LpSolver, OptimiseModel, SolverResult } from './types';

const pct = (r: number, lang: 'fr' | 'en'): string => formatPercent(r, lang, 3);
const en = (n: number): string => formatCount(n, 'en');
const has = (r: SolverResult): boolean => r.status === 'optimal' || r.status === 'feasible';

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

/** The reasons no table exists (at least one), each in both languages. */
export async function diagnose(m: OptimiseModel, solve: LpSolver): Promise<LocalizedText[]> {
  const reasons: LocalizedText[] = [];
  const bound = async (objective: Objective, drop: ConstraintGroup): Promise<number | null> => {
    const r = await solve(writeLp(m, { objective, drop }));
    return r.status === 'optimal' ? Math.round(r.objective) : null;
  };
  const units = m.blockUnits;
  const stakeUnits = units * m.stakeCents;
  const enUnits = `with ${en(units)} units and these amounts`;
  const frUnits = `avec ${frInt(units)} unités et ces montants`;
  // the RTP's bound holds under the other constraints: the hit rate asked is named with them
  const enRtpCtx = m.hit
    ? `with ${en(units)} units, these amounts and a hit rate from ${pct(m.hit.min / units, 'en')} to ${pct(m.hit.max / units, 'en')}`
    : enUnits;
  const frRtpCtx = m.hit
    ? `avec ${frInt(units)} unités, ces montants et un taux de gain de ${pct(m.hit.min / units, 'fr')} à ${pct(m.hit.max / units, 'fr')}`
    : frUnits;
  for (const g of constraintGroups(m)) {
    const r = await solve(writeLp(m, { objective: 'none', drop: g }));
    if (!has(r)) continue;
    if (g === 'rtp') {
      const max = await bound('max-pay', g);
      const min = await bound('min-pay', g);
      if (max !== null && max < m.payMin) {
        reasons.push({
          en: `${enRtpCtx}, the RTP cannot exceed ${pct(max / stakeUnits, 'en')} (asked: at least ${pct(m.rtpMin, 'en')})`,
          fr: `${frRtpCtx}, le taux de retour ne peut pas dépasser ${pct(max / stakeUnits, 'fr')} (demandé : au moins ${pct(m.rtpMin, 'fr')})`,
        });
      } else if (min !== null && min > m.payMax) {
        reasons.push({
          en: `${enRtpCtx}, the RTP cannot go below ${pct(min / stakeUnits, 'en')} (asked: at most ${pct(m.rtpMax, 'en')})`,
          fr: `${frRtpCtx}, le taux de retour ne peut pas descendre sous ${pct(min / stakeUnits, 'fr')} (demandé : au plus ${pct(m.rtpMax, 'fr')})`,
        });
      } else {
        reasons.push({
          en: `${enUnits}, no whole number of lots pays an RTP from ${pct(m.rtpMin, 'en')} to ${pct(m.rtpMax, 'en')}: widen the RTP tolerance`,
          fr: `${frUnits}, aucun nombre entier de lots ne donne un taux de retour de ${pct(m.rtpMin, 'fr')} à ${pct(m.rtpMax, 'fr')} : élargir la tolérance du taux de retour`,
        });
      }
    } else if (g === 'hit-rate' && m.hit) {
      const max = await bound('max-lots', g);
      const min = await bound('min-lots', g);
      if (max !== null && max < m.hit.min) {
        reasons.push({
          en: `with ${en(units)} units, these amounts and this RTP, the hit rate cannot exceed ${pct(max / units, 'en')} (asked: at least ${pct(m.hit.min / units, 'en')})`,
          fr: `avec ${frInt(units)} unités, ces montants et ce taux de retour, le taux de gain ne peut pas dépasser ${pct(max / units, 'fr')} (demandé : au moins ${pct(m.hit.min / units, 'fr')})`,
        });
      } else if (min !== null && min > m.hit.max) {
        reasons.push({
          en: `with ${en(units)} units, these amounts and this RTP, the hit rate cannot go below ${pct(min / units, 'en')} (asked: at most ${pct(m.hit.max / units, 'en')})`,
          fr: `avec ${frInt(units)} unités, ces montants et ce taux de retour, le taux de gain ne peut pas descendre sous ${pct(min / units, 'fr')} (demandé : au plus ${pct(m.hit.max / units, 'fr')})`,
        });
      } else {
        reasons.push({
          en: `${enUnits}, the hit rate asked cannot hold together with the RTP asked`,
          fr: `${frUnits}, le taux de gain demandé ne peut pas tenir avec le taux de retour demandé`,
        });
      }
    } else if (g === 'top-prize') {
      const top = m.amounts[0]!;
      const n = m.lotsMin[0]!;
      const alone = top * n;
      reasons.push(
        alone > m.payMax
          ? {
              en: `${en(n)} top prize(s) of ${formatEuros(top, 'en')} alone pay an RTP of ${pct(alone / stakeUnits, 'en')}, above the ${pct(m.rtpMax, 'en')} asked`,
              fr: `${frInt(n)} gros lot(s) de ${formatEuros(top, 'fr')} donnent à eux seuls un taux de retour de ${pct(alone / stakeUnits, 'fr')}, au-dessus des ${pct(m.rtpMax, 'fr')} demandés`,
            }
          : {
              en: `${en(n)} top prize(s) of ${formatEuros(top, 'en')} cannot hold together with the other constraints; with another count a table exists`,
              fr: `${frInt(n)} gros lot(s) de ${formatEuros(top, 'fr')} ne peuvent pas tenir avec les autres contraintes ; avec un autre nombre, un tableau existe`,
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
      const need = await bound('min-lots', g);
      reasons.push({
        en: `a block of ${en(units)} units is too small: the other constraints need at least ${en(need ?? units + 1)} lots, one per unit at most (art. 3)`,
        fr: `un bloc de ${frInt(units)} unités est trop petit : les autres contraintes demandent au moins ${frInt(need ?? units + 1)} lots, au plus un par unité (art. 3)`,
      });
    }
  }
  if (reasons.length === 0) {
    reasons.push({
      en: 'no single constraint is the cause: relaxing any one of them alone still leaves no table; the RTP, hit rate, top prize, level bounds and block size conflict together',
      fr: "aucune contrainte n'est seule en cause : en relâcher une seule ne laisse toujours aucun tableau ; le taux de retour, le taux de gain, le gros lot, les bornes par niveau et la taille du bloc se contredisent ensemble",
    });
  }
  return reasons;
}
