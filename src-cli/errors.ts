/**
 * Command-line errors: printed as one line, exit code 2, never a stack trace.
 */
import { InputError } from '../src-engine/index';

export class UsageError extends InputError {}

/** Exit code for bad input (usage, references, seeds, files). */
export const EXIT_BAD_INPUT = 2;

/** The one-line message of an error the user can act on, or null for a bug. */
export function userMessage(err: unknown): string | null {
  if (err instanceof InputError) return err.message;
  if (err instanceof Error && 'code' in err && typeof err.code === 'string' && err.code.startsWith('ERR_PARSE_ARGS')) {
    return err.message.replace(/\s*\n\s*/g, ' ');
  }
  if (
    err instanceof Error &&
    'code' in err &&
    typeof err.code === 'string' &&
    ['ENOENT', 'EACCES', 'EISDIR', 'ENOTDIR', 'EPERM', 'EROFS'].includes(err.code)
  ) {
    return err.message;
  }
  return null;
}
