/**
 * The JSON text of a file the user opened (a scenario, presentation settings): bounded before it
 * is parsed (a huge file is refused by its size, never parsed), a leading byte-order
 * mark dropped. Each reader words the refusal its own way.
 */
export type JsonText =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly tooLarge: true }
  | { readonly ok: false; readonly tooLarge: false; readonly notJson: string };

/** Parses `text` if it has at most `maxChars` UTF-16 units (≤ its UTF-8 bytes, so a legal file is never refused). */
export function parseJsonText(text: string, maxChars: number): JsonText {
  if (text.length > maxChars) return { ok: false, tooLarge: true };
  try {
    return { ok: true, value: JSON.parse(text.replace(/^\uFEFF/, '')) as unknown };
  } catch (e) {
    return { ok: false, tooLarge: false, notJson: e instanceof Error ? e.message : String(e) };
  }
}
