import type { LocalizedText } from '../i18n/localized-text';

/**
 * An error in what a user typed or a file held: its message says what is wrong and what was
 * expected, and is shown as it is (one line, no stack trace). `message` is English (the command
 * line prints it); {@link InputError.text} also holds the French text the screen shows.
 */
export class InputError extends Error {
  /** The French text; the English one when none was given. */
  readonly fr: string;

  constructor(en: string, fr?: string) {
    super(en);
    this.name = 'InputError';
    this.fr = fr ?? en;
  }

  /** The message in both languages. */
  get text(): LocalizedText {
    return { en: this.message, fr: this.fr };
  }
}
