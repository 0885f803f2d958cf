/**
 * How the export check words what it found: values shown as the file holds them, in English and
 * French, and the error that stops the check of one line.
 */
import { InputError } from '../../block/input-error';

export const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** A value as a message shows it (JSON text, cut after 40 characters; « nothing » when missing). */
export const show = (v: unknown): string => {
  const s = typeof v === 'string' ? JSON.stringify(v) : v === undefined ? 'nothing' : JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 40 ? `${s.slice(0, 40)}…` : s;
};

/** How a value found is shown in French (« rien » for nothing). */
export const showFr = (v: unknown): string => (v === undefined ? 'rien' : show(v));

/** A value as the file shows it (JSON text; nothing for a missing value). */
export const asFound = (v: unknown): string => (v === undefined ? '' : (JSON.stringify(v) ?? String(v)));

/** An error's message in French when it has one (an {@link InputError}), else as it is. */
export const frOf = (e: unknown): string =>
  e instanceof InputError ? e.fr : e instanceof Error ? e.message : String(e);

/** Thrown inside the verifier only, to stop checking one line; always caught there. */
export class LineError {
  constructor(
    readonly field: string | undefined,
    readonly message: string,
    readonly fr: string,
    public expected?: string,
    public found?: string,
    public expectedFr?: string,
  ) {}
}

/** A discrepancy of one field of a line, in both languages. */
export const fieldError = (field: string, message: string, fr: string, expected?: string, found?: string): LineError =>
  new LineError(field, `field "${field}": ${message}`, `champ "${field}" : ${fr}`, expected, found);
