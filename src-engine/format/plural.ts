/**
 * A count's word in each language, so that no message says « unité(s) »: French takes the singular
 * for 0 and 1 (« 0 unité », « 1 unité », « 2 unités »), English only for 1 (« 0 units », « 1 unit »).
 */
import type { Lang } from './numbers';

/** True when `n` things take the singular in `lang`. */
export function isSingular(n: number, lang: Lang): boolean {
  return lang === 'fr' ? Math.abs(n) < 2 : n === 1;
}

/** `one` or `other`, whichever `n` things take in `lang`. */
export function plural(n: number, lang: Lang, one: string, other: string): string {
  return isSingular(n, lang) ? one : other;
}
