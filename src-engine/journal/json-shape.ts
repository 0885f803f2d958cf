/**
 * A cheap pre-scan of a journal line's JSON before `JSON.parse`: its nesting and its number of
 * values, counted in one pass over the text without building anything. A line of 1 MiB of `[{},…]`
 * parses into some 350,000 objects (a 248 MiB journal of them ended in "heap limit" at 4.6 GB), and
 * values nested 100,000 deep are as costly: both are refused here, named by their entry, unparsed.
 */
import { enInt, frInt } from '../i18n/localized-text';

/**
 * The most values (objects, arrays, strings, numbers, literals) one entry's line may hold. The
 * largest entry the app writes, an audit of 100 blocks, holds about 900; a bundle of 1,000 seeds
 * about 1,100: far under. Parsed, 65,536 small values take a few MB.
 */
export const MAX_ENTRY_JSON_VALUES = 65_536;

/**
 * The deepest nesting a line may have before it is parsed: an entry is 2 levels, its inputs may nest
 * 32 more (`unreadableValue` names that bound once parsed); past 64 the line is not parsed at all.
 */
export const MAX_ENTRY_JSON_DEPTH = 64;

/** Why a line's JSON is too large or too deep to be parsed, or null; `which` names its entry. */
export function jsonShape(
  line: string,
  which: { readonly en: string; readonly fr: string },
): { en: string; fr: string } | null {
  let values = 0;
  let depth = 0;
  let inString = false;
  // a value starts at each `{`, `[` or `"` outside a string, and after each `,` or `:` the value
  // that follows is one; scalars are counted by the separators around them (each `,` ends one)
  let commas = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) {
      inString = true;
      values++;
    } else if (c === 0x7b || c === 0x5b) {
      values++;
      if (++depth > MAX_ENTRY_JSON_DEPTH)
        return {
          en: `${which.en} nests its values more than ${MAX_ENTRY_JSON_DEPTH} deep; an entry nests at most ${MAX_ENTRY_JSON_DEPTH}: not parsed`,
          fr: `${which.fr} imbrique ses valeurs sur plus de ${MAX_ENTRY_JSON_DEPTH} niveaux ; une entrée en imbrique au plus ${MAX_ENTRY_JSON_DEPTH} : non analysée`,
        };
    } else if (c === 0x7d || c === 0x5d) depth--;
    else if (c === 0x2c) commas++;
    // an array of numbers has one value per comma and no quote: counted by its commas
    if (values + commas > 2 * MAX_ENTRY_JSON_VALUES) break;
  }
  const counted = Math.max(values, commas);
  if (counted <= MAX_ENTRY_JSON_VALUES) return null;
  return {
    en: `${which.en} holds more than ${enInt(MAX_ENTRY_JSON_VALUES)} JSON values; an entry holds at most ${enInt(MAX_ENTRY_JSON_VALUES)}: not parsed`,
    fr: `${which.fr} contient plus de ${frInt(MAX_ENTRY_JSON_VALUES)} valeurs JSON ; une entrée en contient au plus ${frInt(MAX_ENTRY_JSON_VALUES)} : non analysée`,
  };
}
