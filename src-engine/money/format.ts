/**
 * Money formatting. Amounts are integer cents everywhere; formatting is the only place where
 * they become text. French format by default: « 7 500,00 € ».
 */

const groups = (digits: string, sep: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, sep);

/** Formats cents as euros: `fr` gives « 7 500,00 € » (narrow no-break space), `en` gives « €7,500.00 ». */
export function formatEuros(cents: number, locale: 'fr' | 'en' = 'fr'): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const neg = cents < 0;
  const abs = Math.abs(cents);
  const euros = Math.floor(abs / 100).toString();
  const c = (abs % 100).toString().padStart(2, '0');
  const sign = neg ? '-' : '';
  return locale === 'fr' ? `${sign}${groups(euros, '\u202f')},${c}\u00a0€` : `${sign}€${groups(euros, ',')}.${c}`;
}

/** Parses a user-typed euro amount ("7 500,00", "7500.5", "0,50 €") into cents, or null. */
export function parseEuros(text: string): number | null {
  // one reading: digit groups and the euro sign inside, never a space around the amount
  if (/^\s|\s$/.test(text)) return null;
  const t = text.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const [whole, frac = ''] = t.split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Formats a ratio as a percentage with 3 decimals: 0.7 → « 70,000 % » (fr) / « 70.000% » (en). */
export function formatPercent(ratio: number, locale: 'fr' | 'en' = 'fr', digits = 3): string {
  // a ratio that is not a number (an empty or invalid table) is shown as a dash, never « NaN % »
  if (!Number.isFinite(ratio)) return '—';
  const s = (ratio * 100).toFixed(digits);
  return locale === 'fr' ? `${s.replace('.', ',')}\u00a0%` : `${s}%`;
}
