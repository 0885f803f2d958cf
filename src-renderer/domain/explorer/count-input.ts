/**
 * A whole-number field (players, units per session, block seed): read, or the reason it cannot be,
 * in French and English, saying what is expected.
 */
import { formatCount, readStrictNumber } from '@engine';
import type { LocalizedText } from '@engine';

export type CountRead =
  | { readonly ok: true; readonly value: number }
  | { readonly ok: false; readonly problem: LocalizedText };

/**
 * Reads a whole number from `min` to `max` (digits, optionally grouped by spaces). `label` names
 * the field in both languages.
 */
export function readCount(text: string, min: number, max: number, label: LocalizedText): CountRead {
  const t = String(text);
  // the engine's one reader of typed numbers (French digit groups allowed, no space around)
  const r = readStrictNumber(t, { min, max, grouping: true });
  if (r.ok) return { ok: true, value: r.value };
  const shown = t === '' ? { fr: 'vide', en: 'empty' } : { fr: `« ${t} »`, en: `“${t}”` };
  return {
    ok: false,
    problem: {
      fr: `${label.fr} : ${shown.fr} — un nombre entier de ${formatCount(min, 'fr')} à ${formatCount(max, 'fr')} est attendu`,
      en: `${label.en}: ${shown.en} — a whole number from ${formatCount(min, 'en')} to ${formatCount(max, 'en')} is expected`,
    },
  };
}
