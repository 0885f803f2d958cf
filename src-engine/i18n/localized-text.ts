/**
 * A message the engine produces, in both languages of the user interface. The English text is
 * the one the command line prints; the screen shows the text of its current language.
 */
export interface LocalizedText {
  readonly en: string;
  readonly fr: string;
}

/** Builds a {@link LocalizedText}. */
export const localized = (en: string, fr: string): LocalizedText => ({ en, fr });

/** A whole number written the French way: 4294967295 → « 4 294 967 295 » (narrow no-break spaces). */
export const frInt = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
/** A whole number grouped in English (« 4,000 »), for the English half of a message. */
export const enInt = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Whether a value is a {@link LocalizedText} (e.g. after crossing a worker boundary). */
export function isLocalizedText(v: unknown): v is LocalizedText {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as { en?: unknown }).en === 'string' &&
    typeof (v as { fr?: unknown }).fr === 'string'
  );
}
