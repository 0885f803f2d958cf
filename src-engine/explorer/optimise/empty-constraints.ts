/**
 * Constraints that no table can meet on their own, whatever the others ask: an RTP interval holding
 * no whole number of cents paid, a hit-rate interval holding no whole number of winning units, a
 * level asked more lots than the block has units. Found from the model's exact bounds before any
 * solve, and each named by itself (never blamed on another constraint, never printed upside down).
 */
import type { LocalizedText } from '../../i18n/localized-text';
import { frInt } from '../../i18n/localized-text';
import { formatCount } from '../../format/numbers';
import { formatEuros } from '../../money/format';
import { toNumber } from './exact';
import { nearPercent, typedPercent } from './percent';
import type { OptimiseModel } from './types';

/** The asked share in words: « 19.50000000005% » for a target alone, « from A to B » for an interval. */
function asked(lo: number, hi: number, lang: 'fr' | 'en'): string {
  if (typedPercent(lo, lang) === typedPercent(hi, lang)) return typedPercent(lo, lang);
  return lang === 'fr'
    ? `de ${typedPercent(lo, 'fr')} à ${typedPercent(hi, 'fr')}`
    : `from ${typedPercent(lo, 'en')} to ${typedPercent(hi, 'en')}`;
}

/** Every constraint of `m` that is empty by itself, in both languages (none: the solver is asked). */
export function emptyConstraints(m: OptimiseModel): LocalizedText[] {
  const out: LocalizedText[] = [];
  const n = m.blockUnits;
  const stakeUnits = n * m.stakeCents;
  if (m.payMin > m.payMax) {
    // no whole number of cents between the bounds: payMax is the nearest below, payMin above
    const lo = toNumber(m.exact.rtpMin);
    const hi = toNumber(m.exact.rtpMax);
    const below = (l: 'fr' | 'en'): string => nearPercent(m.payMax / stakeUnits, lo, false, l);
    const above = (l: 'fr' | 'en'): string => nearPercent(m.payMin / stakeUnits, hi, true, l);
    out.push({
      en: `the RTP asked (${asked(lo, hi, 'en')}) is paid by no whole number of cents on ${formatCount(n, 'en')} units at ${formatEuros(m.stakeCents, 'en')}: the nearest are ${below('en')} (${formatEuros(m.payMax, 'en')}) and ${above('en')} (${formatEuros(m.payMin, 'en')}); widen the RTP tolerance`,
      fr: `le taux de retour demandé (${asked(lo, hi, 'fr')}) n'est payé par aucun nombre entier de centimes sur ${frInt(n)} unités à ${formatEuros(m.stakeCents, 'fr')} : les plus proches sont ${below('fr')} (${formatEuros(m.payMax, 'fr')}) et ${above('fr')} (${formatEuros(m.payMin, 'fr')}) ; élargir la tolérance du taux de retour`,
    });
  }
  if (m.hit && m.exact.hitMin && m.exact.hitMax && m.hit.min > m.hit.max) {
    const lo = toNumber(m.exact.hitMin);
    const hi = toNumber(m.exact.hitMax);
    const a = m.hit.max;
    const b = m.hit.min;
    const below = (l: 'fr' | 'en'): string => nearPercent(a / n, lo, false, l);
    const above = (l: 'fr' | 'en'): string => nearPercent(b / n, hi, true, l);
    out.push({
      en: `the hit rate asked (${asked(lo, hi, 'en')}) is no whole number of winning units out of ${formatCount(n, 'en')}: the nearest are ${below('en')} (${formatCount(a, 'en')} units) and ${above('en')} (${formatCount(b, 'en')} units); widen the hit-rate tolerance`,
      fr: `le taux de gain demandé (${asked(lo, hi, 'fr')}) ne correspond à aucun nombre entier d'unités gagnantes sur ${frInt(n)} : les plus proches sont ${below('fr')} (${frInt(a)} unités) et ${above('fr')} (${frInt(b)} unités) ; élargir la tolérance du taux de gain`,
    });
  }
  m.amounts.forEach((c, i) => {
    if (m.lotsMin[i]! <= Math.min(m.lotsMax[i]!, n)) return;
    const what = i === 0 ? { en: 'top prize', fr: 'gros lot' } : { en: 'amount', fr: 'montant' };
    out.push({
      en: `the ${what.en} ${formatEuros(c, 'en')} asks at least ${formatCount(m.lotsMin[i]!, 'en')} lots in a block of ${formatCount(n, 'en')} units (one lot per unit at most, art. 3)`,
      fr: `le ${what.fr} ${formatEuros(c, 'fr')} demande au moins ${frInt(m.lotsMin[i]!)} lots dans un bloc de ${frInt(n)} unités (un lot par unité au plus, art. 3)`,
    });
  });
  return out;
}
