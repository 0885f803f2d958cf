/**
 * Checks a solver's answer with the engine's own exact figures before anyone sees it: the solver is
 * never trusted. Money in integer cents; RTP and hit rate from `analyseTable`.
 */
import type { LocalizedText } from '../../i18n/localized-text';
import { frInt } from '../../i18n/localized-text';
import { formatEuros, formatPercent } from '../../money/format';
import { plural } from '../../format/plural';
import { scenarioTable } from '../scenario';
import { validateScenario } from '../scenario-validation';
import { analyseTable } from '../table-analysis';
import type { Scenario } from '../scenario';
import type { OptimiseModel, SolverResult } from './types';
import { typedPercent } from './percent';
import { compare, fraction } from './exact';

/** The lots of each amount in a solver's answer, rounded to whole numbers (then verified); null without one. */
export function lotsOf(m: OptimiseModel, r: SolverResult): number[] | null {
  if (r.status !== 'optimal' && r.status !== 'feasible') return null;
  const lots = m.amounts.map((_, i) => r.values[`x${i}`]);
  if (lots.some((x) => x === undefined || !Number.isFinite(x))) return null;
  return lots.map((x) => Math.round(x!));
}

/** Total paid by a list of lots, in cents. */
export const paidBy = (m: OptimiseModel, lots: readonly number[]): number =>
  m.amounts.reduce((s, a, i) => s + a * lots[i]!, 0);

/** Total lots (winning units) of a list. */
export const lotCount = (lots: readonly number[]): number => lots.reduce((s, x) => s + x, 0);

/** The scenario of a list of lots (one per amount of the model), levels with no lot left out. */
export function scenarioOfLots(m: OptimiseModel, lots: readonly number[], name: string): Scenario {
  return {
    name,
    game: m.game,
    stakeCents: m.stakeCents,
    blockUnits: m.blockUnits,
    levels: m.amounts.map((prizeCents, i) => ({ prizeCents, lots: lots[i]! })).filter((l) => l.lots > 0),
  };
}

/** Every constraint an answer breaks (empty: it meets them all), in both languages. */
export function verifyLots(m: OptimiseModel, lots: readonly number[]): LocalizedText[] {
  const out: LocalizedText[] = [];
  const bad = (en: string, fr: string): void => void out.push({ en, fr });
  if (lots.length !== m.amounts.length || lots.some((x) => !Number.isSafeInteger(x) || x < 0)) {
    bad(
      'the lots are not whole numbers of at least 0, one per amount',
      'les lots ne sont pas des nombres entiers positifs, un par montant',
    );
    return out;
  }
  let paid = 0;
  let total = 0;
  m.amounts.forEach((a, i) => {
    const x = lots[i]!;
    paid += a * x;
    total += x;
    if (x < m.lotsMin[i]! || x > m.lotsMax[i]!) {
      bad(
        `${formatEuros(a, 'en')}: ${x} ${plural(x, 'en', 'lot', 'lots')}, outside ${m.lotsMin[i]!}..${m.lotsMax[i]!}`,
        `${formatEuros(a, 'fr')} : ${frInt(x)} ${plural(x, 'fr', 'lot', 'lots')}, hors de ${frInt(m.lotsMin[i]!)} à ${frInt(m.lotsMax[i]!)}`,
      );
    }
  });
  if (total > m.blockUnits) {
    bad(`${total} lots for ${m.blockUnits} units`, `${frInt(total)} lots pour ${frInt(m.blockUnits)} unités`);
  }
  if (paid < m.payMin || paid > m.payMax) {
    bad(
      `it pays ${formatEuros(paid, 'en')}, outside ${formatEuros(m.payMin, 'en')}–${formatEuros(m.payMax, 'en')}`,
      `il paie ${formatEuros(paid, 'fr')}, hors de ${formatEuros(m.payMin, 'fr')} à ${formatEuros(m.payMax, 'fr')}`,
    );
  }
  if (m.hit && (total < m.hit.min || total > m.hit.max)) {
    bad(
      `${total} winning units, outside ${m.hit.min}..${m.hit.max}`,
      `${frInt(total)} unités gagnantes, hors de ${frInt(m.hit.min)} à ${frInt(m.hit.max)}`,
    );
  }
  if (out.length > 0) return out;
  // the engine's figures and checks, as the table editor shows them
  const s = scenarioOfLots(m, lots, 'check');
  for (const p of validateScenario(s)) out.push({ en: p.message, fr: p.fr });
  if (out.length > 0) return out;
  // the shares asked, checked as exact fractions: paid / (units × stake) and lots / units, no epsilon
  const a = analyseTable(scenarioTable(s));
  const rtp = fraction(a.totalCents, m.blockUnits * m.stakeCents);
  if (compare(rtp, m.exact.rtpMin) < 0 || compare(rtp, m.exact.rtpMax) > 0 || !a.insideBand) {
    bad(
      `RTP ${formatPercent(a.rtp, 'en', 8)} outside ${typedPercent(m.rtpMin, 'en')}–${typedPercent(m.rtpMax, 'en')}`,
      `TRJ ${formatPercent(a.rtp, 'fr', 8)} hors de ${typedPercent(m.rtpMin, 'fr')} à ${typedPercent(m.rtpMax, 'fr')}`,
    );
  }
  const hit = fraction(a.lots, m.blockUnits);
  const { hitMin, hitMax } = m.exact;
  if (
    m.hitTarget !== null &&
    m.hitTolerance !== null &&
    hitMin !== null &&
    hitMax !== null &&
    (compare(hit, hitMin) < 0 || compare(hit, hitMax) > 0)
  ) {
    bad(
      `hit rate ${formatPercent(a.hitRate, 'en', 8)} is more than ${typedPercent(m.hitTolerance, 'en')} from ${typedPercent(m.hitTarget, 'en')}`,
      `taux de gain ${formatPercent(a.hitRate, 'fr', 8)} à plus de ${typedPercent(m.hitTolerance, 'fr')} de ${typedPercent(m.hitTarget, 'fr')}`,
    );
  }
  return out;
}
