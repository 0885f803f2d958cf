/**
 * The JSON text of a file the user opened (a scenario, presentation settings): bounded before it
 * is parsed (a huge file is refused by its size, never parsed), exactly one leading byte-order mark
 * dropped (a second one is data), and read one way only by the strict reader (a key twice in one
 * object is refused, never resolved as `JSON.parse` would, by keeping the last). Each reader words
 * the refusal its own way.
 */
import { parseStrictJson } from '../format/strict-json';
import type { StrictJsonOptions } from '../format/strict-json';

export type JsonText =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly tooLarge: true }
  | {
      readonly ok: false;
      readonly tooLarge: false;
      /** Why the text is not JSON read one way only, in English and in French. */
      readonly notJson: string;
      readonly notJsonFr: string;
    };

/** Drops exactly one leading byte-order mark (the one editors write); a second one stays, as data. */
export function dropOneBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Parses `text` if it has at most `maxChars` UTF-16 units (≤ its UTF-8 bytes, so a legal file is never refused). */
export function parseJsonText(text: string, maxChars: number, options: StrictJsonOptions = {}): JsonText {
  if (text.length > maxChars) return { ok: false, tooLarge: true };
  const j = parseStrictJson(dropOneBom(text), options);
  return j.ok ? { ok: true, value: j.value } : { ok: false, tooLarge: false, notJson: j.message, notJsonFr: j.fr };
}
