/**
 * The journal's date filters, written as the screen's own table writes its dates rather than as the
 * browser would (an `<input type="date">` shows mm/dd/yyyy on a French screen in an English
 * browser): day first, « jj/mm/aaaa » in French, « dd/mm/yyyy » in English (the table's en-GB
 * dates). ISO « yyyy-mm-dd » (the entries' own dates, and the files') is read in both languages.
 * Exactly those patterns, and a day that exists (31/02/2026 is refused, never rolled over to March).
 */
import type { Lang } from '@engine';

/** The pattern each language writes a day in, as the field's hint and its message say it. */
export const DAY_PATTERN: Readonly<Record<Lang, string>> = { fr: 'jj/mm/aaaa', en: 'dd/mm/yyyy' };

/** The screen's day-first pattern, and ISO: both languages read both. */
const WRITTEN: readonly RegExp[] = [/^(?<d>\d{2})\/(?<m>\d{2})\/(?<y>\d{4})$/, /^(?<y>\d{4})-(?<m>\d{2})-(?<d>\d{2})$/];

/** A field's reading: the day `YYYY-MM-DD` ('' for an empty field, no bound), or not a day. */
export type DayReading = { readonly ok: true; readonly day: string } | { readonly ok: false };

const daysIn = (y: number, m: number): number =>
  m === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;

/** Reads what the user typed, day first or ISO; spaces around it are ignored, nothing else is. */
export function readDay(text: string): DayReading {
  const s = text.trim();
  if (s === '') return { ok: true, day: '' };
  const g = WRITTEN.map((p) => p.exec(s)?.groups).find((x) => x !== undefined);
  if (!g) return { ok: false };
  const [y, m, d] = [Number(g['y']), Number(g['m']), Number(g['d'])];
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > daysIn(y, m)) return { ok: false };
  return { ok: true, day: `${g['y']}-${g['m']}-${g['d']}` };
}

/** A day `YYYY-MM-DD` written as the screen writes it, day first ('' stays ''). */
export function showDay(day: string): string {
  if (day === '') return day;
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}
