/**
 * An error in what a user typed or a file held: its message says what is wrong and what was
 * expected, and is shown as it is (one line, no stack trace).
 */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}
