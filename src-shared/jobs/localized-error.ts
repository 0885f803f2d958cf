/**
 * An error whose message exists in English and French: what a worker's engine error becomes on
 * the UI side (the {@link LocalizedText} crosses the worker boundary by structured clone).
 */
import { InputError, isLocalizedText } from '@engine';
import type { LocalizedText } from '@engine';

export class LocalizedError extends Error {
  constructor(readonly text: LocalizedText) {
    super(text.en);
    this.name = 'LocalizedError';
  }
}

/** The text of an error in both languages: its own when it has one, else its message as it is. */
export function textOf(e: unknown): LocalizedText {
  if (e instanceof InputError || e instanceof LocalizedError) return e.text;
  const text = (e as { text?: unknown } | null)?.text;
  if (isLocalizedText(text)) return text;
  const message = e instanceof Error ? e.message : String(e);
  return { en: message, fr: message };
}
