/**
 * Percentages of the optimiser's messages, written with as many decimals as the user typed (a
 * target of 70.0001 % is never shown « 70.000 % »), and a bound the solver found written so that it
 * is never mistaken for the value asked: rounded outwards and with enough decimals to differ from it.
 */
import { formatPercent } from '../../money/format';

/** Fewest decimals shown, as the rest of the product shows percentages. */
const MIN_DECIMALS = 3;
/** Most decimals: a ratio of two safe integers needs no more to be told apart from its neighbours here. */
const MAX_DECIMALS = 12;

/** The decimals of a ratio's percentage as typed: the fewest (at least 3) that write it exactly. */
export function typedDecimals(ratio: number): number {
  const p = ratio * 100;
  for (let d = MIN_DECIMALS; d < MAX_DECIMALS; d++) {
    // 1e-11: far above the noise of « typed / 100 × 100 », far below any decimal a user types
    if (Math.abs(Number(p.toFixed(d)) - p) <= 1e-11) return d;
  }
  return MAX_DECIMALS;
}

/** A ratio as the user typed it (at least 3 decimals). */
export function typedPercent(ratio: number, lang: 'fr' | 'en'): string {
  return formatPercent(ratio, lang, typedDecimals(ratio));
}

/** A ratio rounded up (`up`) or down at `d` decimals of its percentage. */
function rounded(ratio: number, d: number, up: boolean): number {
  const f = 10 ** d;
  const p = ratio * 100 * f;
  // the 1e-7 keeps an exact decimal from moving by its binary noise
  return (up ? Math.ceil(p - 1e-7) : Math.floor(p + 1e-7)) / f / 100;
}

/**
 * A bound beside the value asked: an upper bound (`up`) rounded up, a lower bound rounded down (so the
 * text stays true), with the decimals of the value asked or more, until the two texts differ.
 */
export function boundPercent(bound: number, asked: number, up: boolean, lang: 'fr' | 'en'): string {
  let d = Math.max(typedDecimals(asked), MIN_DECIMALS);
  let text = formatPercent(rounded(bound, d, up), lang, d);
  while (d < MAX_DECIMALS && text === formatPercent(asked, lang, d)) {
    d++;
    text = formatPercent(rounded(bound, d, up), lang, d);
  }
  return text;
}

/**
 * A value the solver or the model found beside the value asked: as typed when its decimal is short
 * (« 19.5001 % »), else rounded outwards from the value asked ({@link boundPercent}).
 */
export function nearPercent(value: number, asked: number, up: boolean, lang: 'fr' | 'en'): string {
  return typedDecimals(value) < MAX_DECIMALS ? typedPercent(value, lang) : boundPercent(value, asked, up, lang);
}
