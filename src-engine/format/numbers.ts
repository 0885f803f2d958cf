/**
 * Numbers as people read them, in French (default) or English: the one place where a count, a
 * decimal, a probability, a chart tick or a date becomes text. Money has its own module
 * ({@link formatEuros}); every screen, chart axis and report goes through these functions so that a
 * French screen never shows « 1,000.0 » or « 1e-1 » and an English one never « 15 000 ».
 *
 * @see ../money/format.ts
 */
import { formatEuros } from '../money/format';

/** The two languages of the product. */
export type Lang = 'fr' | 'en';

const LOCALE: Record<Lang, string> = { fr: 'fr-FR', en: 'en-GB' };
const cache = new Map<string, Intl.NumberFormat>();

function nf(lang: Lang, min: number, max: number): Intl.NumberFormat {
  const key = `${lang}|${min}|${max}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE[lang], { minimumFractionDigits: min, maximumFractionDigits: max });
    cache.set(key, f);
  }
  return f;
}

/** A value that is not a finite number shows as a dash, never as « NaN » or « ∞ ». */
export const NOT_A_NUMBER = '—';

/** A whole count with grouping: 1000000 → « 1 000 000 » (fr, narrow no-break spaces) / « 1,000,000 » (en). */
export function formatCount(n: number, lang: Lang): string {
  return Number.isFinite(n) ? nf(lang, 0, 0).format(Math.round(n)) : NOT_A_NUMBER;
}

/** A decimal with exactly `digits` decimals: 1.5, 2 → « 1,50 » / « 1.50 ». */
export function formatDecimal(x: number, lang: Lang, digits: number): string {
  return Number.isFinite(x) ? nf(lang, digits, digits).format(x) : NOT_A_NUMBER;
}

const SUPERSCRIPT: Record<string, string> = {
  '-': '⁻',
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
};

/**
 * A positive quantity of any size with `significant` significant digits, never in « e » notation:
 * 0.0123 → « 0,0123 »; 1.234e-6 → « 1,23 × 10⁻⁶ »; 12345.6 → « 12 346 ».
 */
export function formatSignificant(x: number, lang: Lang, significant = 3): string {
  if (!Number.isFinite(x)) return NOT_A_NUMBER;
  if (x === 0) return '0';
  const abs = Math.abs(x);
  const exp = Math.floor(Math.log10(abs));
  if (exp < -4 || exp >= 15) {
    const mantissa = x / 10 ** exp;
    const power = String(exp)
      .split('')
      .map((c) => SUPERSCRIPT[c])
      .join('');
    return `${formatDecimal(mantissa, lang, Math.max(0, significant - 1))} × 10${power}`;
  }
  const digits = Math.max(0, significant - 1 - exp);
  return nf(lang, 0, Math.min(digits, 20)).format(x);
}

/** A probability as « 1 sur 5,03 » / « 1 in 5.03 »; a probability of 0 gives « jamais » / « never ». */
export function formatOneIn(p: number, lang: Lang): string {
  if (!Number.isFinite(p) || p < 0 || p > 1) return NOT_A_NUMBER;
  if (p === 0) return lang === 'fr' ? 'jamais' : 'never';
  const n = 1 / p;
  const text = n >= 100 ? formatCount(n, lang) : formatDecimal(n, lang, 2);
  return lang === 'fr' ? `1 sur ${text}` : `1 in ${text}`;
}

/** A signed whole count: « +3 », « −2 » (a real minus sign), « 0 ». */
export function formatSignedCount(n: number, lang: Lang): string {
  if (!Number.isFinite(n)) return NOT_A_NUMBER;
  return n > 0 ? `+${formatCount(n, lang)}` : n < 0 ? `−${formatCount(-n, lang)}` : '0';
}

/** A difference in percentage points of two ratios: 0.015 → « +1,5 pt » / « +1.5 pt ». */
export function formatPointsDelta(ratioDelta: number, lang: Lang, digits = 1): string {
  if (!Number.isFinite(ratioDelta)) return NOT_A_NUMBER;
  const pts = ratioDelta * 100;
  const text = formatDecimal(Math.abs(pts), lang, digits);
  const zero = Number(text.replace(/[^\d]/g, '')) === 0;
  return `${zero ? '±' : pts > 0 ? '+' : '−'}${text} pt`;
}

/** A signed decimal with `digits` decimals: 0.123 → « +0,12 » / « +0.12 », a real minus sign, « ±0,00 » when it rounds to zero. */
export function formatSignedDecimal(x: number, lang: Lang, digits = 2): string {
  if (!Number.isFinite(x)) return NOT_A_NUMBER;
  const text = formatDecimal(Math.abs(x), lang, digits);
  const zero = Number(text.replace(/[^\d]/g, '')) === 0;
  return `${zero ? '±' : x > 0 ? '+' : '−'}${text}`;
}

/** A signed difference of money in cents: 150000 → « +1 500,00 € » / « +€1,500.00 », « ±0,00 € » for none. */
export function formatEurosDelta(cents: number, lang: Lang): string {
  if (!Number.isSafeInteger(cents)) return NOT_A_NUMBER;
  const text = formatEuros(Math.abs(cents), lang);
  return `${cents > 0 ? '+' : cents < 0 ? '−' : '±'}${text}`;
}

/**
 * A chart axis tick: counts grouped, decimals with at most 3 significant digits, tiny or huge
 * values as « 1 × 10⁻⁶ » — so a log axis reads « 0,001 · 0,01 · 0,1 · 1 · 10 » in French.
 */
export function formatTick(value: number, lang: Lang): string {
  if (!Number.isFinite(value)) return '';
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return formatCount(value, lang);
  return formatSignificant(value, lang, 3);
}

/** Date and time of day in the language: « 30/11/2026 23:40 » / « 30/11/2026, 23:40 ». */
export function formatDateTime(iso: string | Date, lang: Lang, seconds = false): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(d.getTime())) return NOT_A_NUMBER;
  return d.toLocaleString(LOCALE[lang], {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' as const } : {}),
  });
}

/**
 * A tick of a logarithmic chart axis: powers of ten only (other ticks get no label, so labels
 * never overlap), as plain numbers from 0,0001 to 1 000 000 and « 10⁻⁶ » beyond.
 */
export function formatLogTick(value: number, lang: Lang): string {
  if (!Number.isFinite(value) || value <= 0) return '';
  const e = Math.round(Math.log10(value));
  if (Math.abs(value / 10 ** e - 1) > 1e-9) return '';
  if (e >= -4 && e <= 6) return formatTick(e < 0 ? Number(`1e${e}`) : 10 ** e, lang);
  return `10${String(e)
    .split('')
    .map((c) => SUPERSCRIPT[c])
    .join('')}`;
}
