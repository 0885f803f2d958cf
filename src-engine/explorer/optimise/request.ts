/**
 * Checks an optimiser request and turns it into integer constraints ({@link OptimiseModel}): every
 * problem is named in English and French, and all of them are reported at once.
 */
import { InputError } from '../../block/input-error';
import { frInt } from '../../i18n/localized-text';
import type { LocalizedText } from '../../i18n/localized-text';
import { formatEuros, formatPercent } from '../../money/format';
import { legalBandFor, officialTable } from '../../rules/load';
import { MAX_BLOCK_UNITS } from '../scenario';
import { validateScenario } from '../scenario-validation';
import { add, ceil, compare, decimalOf, floor, max as maxOf, min as minOf, round, sub, times, toNumber } from './exact';
import type { Fraction } from './exact';
import type { OptimiseModel, OptimiseRequest } from './types';

/** Tolerance of an RTP target when none is given: 0.01 pt. */
export const DEFAULT_RTP_TOLERANCE = 0.0001;
/** Tolerance of a hit-rate target when none is given: 0.5 pt. */
export const DEFAULT_HIT_TOLERANCE = 0.005;
/** Most amounts a table may be built from. */
export const MAX_AMOUNTS = 60;

const pct = (r: number, lang: 'fr' | 'en'): string => formatPercent(r, lang, 3);
const isRatio = (x: number): boolean => Number.isFinite(x) && x >= 0 && x <= 1;
const isCents = (x: number): boolean => Number.isSafeInteger(x) && x > 0;
const isCount = (x: number | undefined): boolean => x === undefined || (Number.isSafeInteger(x) && x >= 0);

/** Every problem of a request, in both languages (empty: the request can be solved). */
export function requestProblems(r: OptimiseRequest): LocalizedText[] {
  return checked(r).problems;
}

/** The constraints of a request; throws an {@link InputError} naming every problem. */
export function buildModel(r: OptimiseRequest): OptimiseModel {
  const { problems, model } = checked(r);
  if (problems.length > 0 || model === null) {
    throw new InputError(problems.map((p) => p.en).join('; '), problems.map((p) => p.fr).join(' ; '));
  }
  return model;
}

function checked(r: OptimiseRequest): { problems: LocalizedText[]; model: OptimiseModel | null } {
  const problems: LocalizedText[] = [];
  const bad = (en: string, fr: string): void => void problems.push({ en, fr });
  const official = officialTable(r.game, r.stakeCents);
  const band = legalBandFor(r.game);
  // the table started from: the defaults and the counts to stay close to (the official one unless given)
  const base = r.startFrom ?? { name: official.source, ...official };
  if (r.startFrom) {
    const s = r.startFrom;
    if (s.game !== r.game || s.stakeCents !== r.stakeCents) {
      bad(
        `the table started from is a table of ${s.game} at ${s.stakeCents} cents, not of ${r.game} at ${r.stakeCents} cents`,
        `le tableau de départ est un tableau de ${s.game} à ${s.stakeCents} centimes, pas de ${r.game} à ${r.stakeCents} centimes`,
      );
    }
    const own = validateScenario(s);
    if (own.length > 0 || s.levels.length === 0) {
      bad(
        `the table started from is not a valid table: ${own.map((p) => p.message).join('; ') || 'no level'}`,
        `le tableau de départ n'est pas un tableau valide : ${own.map((p) => p.fr).join(' ; ') || 'aucun niveau'}`,
      );
      return { problems, model: null };
    }
  }
  const n = r.blockUnits ?? base.blockUnits;
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_BLOCK_UNITS) {
    bad(
      `block size ${n} is not a whole number from 1 to ${MAX_BLOCK_UNITS}`,
      `la taille de bloc ${n} n'est pas un nombre entier de 1 à ${frInt(MAX_BLOCK_UNITS)}`,
    );
  }
  const bandEn = `${pct(band.minRtp, 'en')}–${pct(band.maxRtp, 'en')}`;
  const bandFr = `${pct(band.minRtp, 'fr')} à ${pct(band.maxRtp, 'fr')}`;

  // RTP: a value ± tolerance or a range, kept inside the legal band (CSI art. D.322-10, from data).
  // exact fractions of the shares as typed: the bounds in cents and lots are derived from them exactly
  let rtpLo: Fraction | null = null;
  let rtpHi: Fraction | null = null;
  let rtpTarget: number | null = null;
  if ('target' in r.rtp) {
    const tol = r.rtp.tolerance ?? DEFAULT_RTP_TOLERANCE;
    if (!isRatio(r.rtp.target))
      bad(`RTP ${r.rtp.target} is not a share from 0 to 1`, `TRJ ${r.rtp.target} : attendu une part de 0 à 1`);
    else if (!(Number.isFinite(tol) && tol >= 0 && tol < 1)) {
      bad(`RTP tolerance ${tol} is not a share from 0 to 1`, `tolérance de TRJ ${tol} : attendu une part de 0 à 1`);
    } else if (
      compare(decimalOf(r.rtp.target), decimalOf(band.minRtp)) < 0 ||
      compare(decimalOf(r.rtp.target), decimalOf(band.maxRtp)) > 0
    ) {
      bad(
        `RTP ${pct(r.rtp.target, 'en')} is outside the legal band ${bandEn} (${band.en}): choose a target inside it`,
        `TRJ ${pct(r.rtp.target, 'fr')} hors de la fourchette légale ${bandFr} (${band.fr}) : choisir une cible à l'intérieur`,
      );
    } else {
      rtpTarget = r.rtp.target;
      rtpLo = maxOf(decimalOf(band.minRtp), sub(decimalOf(r.rtp.target), decimalOf(tol)));
      rtpHi = minOf(decimalOf(band.maxRtp), add(decimalOf(r.rtp.target), decimalOf(tol)));
    }
  } else {
    const { min, max } = r.rtp;
    if (!isRatio(min) || !isRatio(max) || min > max) {
      bad(
        `RTP range ${min}–${max} is not two shares from 0 to 1, the first at most the second`,
        `fourchette de TRJ ${min}–${max} : attendu deux parts de 0 à 1, la première au plus égale à la seconde`,
      );
    } else if (
      compare(decimalOf(max), decimalOf(band.minRtp)) < 0 ||
      compare(decimalOf(min), decimalOf(band.maxRtp)) > 0
    ) {
      bad(
        `RTP range ${pct(min, 'en')}–${pct(max, 'en')} is outside the legal band ${bandEn} (${band.en})`,
        `fourchette de TRJ ${pct(min, 'fr')} à ${pct(max, 'fr')} hors de la fourchette légale ${bandFr} (${band.fr})`,
      );
    } else {
      rtpLo = maxOf(decimalOf(band.minRtp), decimalOf(min));
      rtpHi = minOf(decimalOf(band.maxRtp), decimalOf(max));
    }
  }

  let hitTarget: number | null = null;
  let hitTolerance: number | null = null;
  if (r.hitRate) {
    const tol = r.hitRate.tolerance ?? DEFAULT_HIT_TOLERANCE;
    if (!isRatio(r.hitRate.target) || r.hitRate.target === 0) {
      bad(
        `hit rate ${r.hitRate.target} is not a share above 0 and at most 1`,
        `taux de gain ${r.hitRate.target} : attendu une part supérieure à 0 et au plus 1`,
      );
    } else if (!(Number.isFinite(tol) && tol >= 0 && tol < 1)) {
      bad(
        `hit-rate tolerance ${tol} is not a share from 0 to 1`,
        `tolérance de taux de gain ${tol} : attendu une part de 0 à 1`,
      );
    } else {
      hitTarget = r.hitRate.target;
      hitTolerance = tol;
    }
  }

  // Amounts: the official ones unless given, plus the added ones; each must be presentable (M4, G1).
  const baseTop = [...base.levels].sort((a, b) => b.prizeCents - a.prizeCents)[0]!;
  const top = r.topPrize?.prizeCents ?? baseTop.prizeCents;
  const topLots = r.topPrize?.lots ?? (top === baseTop.prizeCents ? baseTop.lots : 1);
  const asked = [...(r.amountsCents ?? base.levels.map((l) => l.prizeCents)), ...(r.extraAmountsCents ?? []), top];
  const amounts = [...new Set(asked)].sort((a, b) => b - a);
  if (amounts.length > MAX_AMOUNTS) {
    // the top prize is always a level: when the user did not give it, it is the amount added
    const given = new Set(asked.slice(0, -1));
    const added = given.has(top)
      ? { en: '', fr: '' }
      : {
          en: ` (the ${given.size} given and the top prize ${formatEuros(top, 'en')}, which every table holds)`,
          fr: ` (les ${given.size} donnés et le gros lot ${formatEuros(top, 'fr')}, que tout tableau contient)`,
        };
    bad(
      `${amounts.length} amounts${added.en}: at most ${MAX_AMOUNTS}`,
      `${amounts.length} montants${added.fr} : au plus ${MAX_AMOUNTS}`,
    );
  }
  for (const a of amounts) {
    if (!isCents(a))
      bad(
        `amount ${a} cents is not a whole positive number of cents`,
        `montant ${a} centimes : attendu un nombre entier positif de centimes`,
      );
  }
  if (!isCents(top)) {
    // reported above with the amounts
  } else {
    if (!Number.isSafeInteger(topLots) || topLots < 1) {
      bad(
        `top prize count ${topLots} is not a whole number of at least 1`,
        `nombre de gros lots ${topLots} : attendu un nombre entier d'au moins 1`,
      );
    }
    for (const a of amounts) {
      if (isCents(a) && a > top) {
        bad(
          `amount ${formatEuros(a, 'en')} is above the top prize ${formatEuros(top, 'en')}: remove it or raise the top prize`,
          `le montant ${formatEuros(a, 'fr')} dépasse le gros lot ${formatEuros(top, 'fr')} : le retirer ou relever le gros lot`,
        );
      }
    }
  }
  const valid = amounts.filter(isCents);
  if (valid.length > 0 && valid.length <= MAX_AMOUNTS) {
    // the engine's own check (M4 for Mine d'or, G1 for Les 3 Gongs): the same as the table editor's
    const probe = validateScenario({
      name: 'probe',
      game: r.game,
      stakeCents: r.stakeCents,
      blockUnits: MAX_BLOCK_UNITS,
      levels: valid.map((prizeCents) => ({ prizeCents, lots: 0 })),
    });
    for (const p of probe) {
      if (p.code !== 'unreachable-mine-d-or' && p.code !== 'unreachable-les-3-gongs') continue;
      const a = valid[p.level]!;
      bad(
        `amount ${formatEuros(a, 'en')}: ${p.message.replace(/^level \d+: /, '')}`,
        `montant ${formatEuros(a, 'fr')} : ${p.fr.replace(/^niveau \d+ : /, '')}`,
      );
    }
  }

  const lotsMin = amounts.map(() => 0);
  const lotsMax = amounts.map(() => (Number.isSafeInteger(n) ? n : 0));
  for (const b of r.levelBounds ?? []) {
    const i = amounts.indexOf(b.prizeCents);
    const a = isCents(b.prizeCents) ? formatEuros(b.prizeCents, 'en') : `${b.prizeCents} cents`;
    const aFr = isCents(b.prizeCents) ? formatEuros(b.prizeCents, 'fr') : `${b.prizeCents} centimes`;
    if (i < 0) {
      bad(
        `bounds of ${a}: this amount is not among the amounts allowed`,
        `bornes de ${aFr} : ce montant ne fait pas partie des montants permis`,
      );
    } else if (!isCount(b.min) || !isCount(b.max) || (b.min ?? 0) > (b.max ?? Infinity)) {
      bad(
        `bounds of ${a}: ${b.min ?? ''}..${b.max ?? ''} is not two whole numbers of lots, the first at most the second`,
        `bornes de ${aFr} : ${b.min ?? ''}..${b.max ?? ''}, attendu deux nombres entiers de lots, le premier au plus égal au second`,
      );
    } else if (i === 0) {
      bad(
        `bounds of ${a}: the top prize's count is set by the top prize (${topLots})`,
        `bornes de ${aFr} : le nombre de gros lots est fixé avec le gros lot (${topLots})`,
      );
    } else {
      lotsMin[i] = Math.max(lotsMin[i]!, b.min ?? 0);
      lotsMax[i] = Math.min(lotsMax[i]!, b.max ?? Infinity);
    }
  }
  if (problems.length > 0 || rtpLo === null || rtpHi === null) return { problems, model: null };

  lotsMin[0] = topLots;
  lotsMax[0] = topLots;
  const lang = r.lang ?? 'en';
  const units = n * r.stakeCents;
  // integer cents and lots: a bound is met exactly when the whole number is (no epsilon)
  const payMin = ceil(times(rtpLo, units));
  const payMax = floor(times(rtpHi, units));
  const scale = n / base.blockUnits;
  const baseLots = new Map(base.levels.map((l) => [l.prizeCents, l.lots]));
  const reference = amounts.map((a) => Math.round((baseLots.get(a) ?? 0) * scale));
  const hitLo = hitTarget === null || hitTolerance === null ? null : sub(decimalOf(hitTarget), decimalOf(hitTolerance));
  const hitHi = hitTarget === null || hitTolerance === null ? null : add(decimalOf(hitTarget), decimalOf(hitTolerance));
  const hit =
    hitTarget === null || hitLo === null || hitHi === null
      ? null
      : {
          min: Math.max(0, ceil(times(hitLo, n))),
          max: Math.min(n, floor(times(hitHi, n))),
          target: round(times(decimalOf(hitTarget), n)),
        };
  const rtpMin = toNumber(rtpLo);
  const rtpMax = toNumber(rtpHi);
  return {
    problems,
    model: {
      game: r.game,
      stakeCents: r.stakeCents,
      blockUnits: n,
      amounts,
      lotsMin,
      lotsMax,
      reference,
      payMin,
      payMax,
      payTarget: rtpTarget === null ? null : round(times(decimalOf(rtpTarget), units)),
      hit,
      rtpMin,
      rtpMax,
      rtpTarget,
      hitTarget,
      hitTolerance,
      exact: { rtpMin: rtpLo, rtpMax: rtpHi, hitMin: hitLo, hitMax: hitHi },
      lang,
    },
  };
}
