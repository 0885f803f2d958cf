/**
 * A whole-number field (players, units per session, block seed): read, or the reason it cannot be,
 * in French and English, saying what is expected.
 */
import { formatCount, readStrictNumber } from '@engine';
import type { Lang, LocalizedText } from '@engine';

export type CountRead =
  | { readonly ok: true; readonly value: number }
  | { readonly ok: false; readonly problem: LocalizedText };

/**
 * Reads a whole number from `min` to `max` typed in `lang`, in every form the app prints a count:
 * digits grouped by a space, a no-break or a narrow no-break space (« 20 000 »), or in English by
 * commas (« 20,000 »); spaces around are ignored. `label` names the field in both languages.
 */
export function readCount(text: string, min: number, max: number, label: LocalizedText, lang: Lang): CountRead {
  const t = String(text);
  const trimmed = t.trim();
  // in English a comma groups thousands; in French it would be a decimal mark, so it stays refused
  const plain = lang === 'en' && /^\d{1,3}(,\d{3})+$/.test(trimmed) ? trimmed.replace(/,/g, '') : trimmed;
  // the engine's one reader of typed numbers (digit groups of spaces allowed)
  const r = readStrictNumber(plain, { min, max, grouping: true });
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
