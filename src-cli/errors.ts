/**
 * Command-line errors: printed as one line, exit code 2, never a stack trace.
 */
import { InputError } from '@engine';

export class UsageError extends InputError {}

/** Exit code for bad input (usage, references, seeds, files). */
export const EXIT_BAD_INPUT = 2;

/** A message on one line: line ends and other control characters shown escaped (`\n`, `\u0007`). */
export function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

const FILE_ERRORS = ['ENOENT', 'EACCES', 'EISDIR', 'ENOTDIR', 'EPERM', 'EROFS', 'ENAMETOOLONG', 'ELOOP', 'EMFILE'];

/** The one-line message of an error the user can act on, or null for a bug. */
export function userMessage(err: unknown): string | null {
  if (err instanceof InputError) return oneLine(err.message);
  const code = err instanceof Error && 'code' in err && typeof err.code === 'string' ? err.code : '';
  if (code.startsWith('ERR_PARSE_ARGS')) {
    // parseArgs' own messages wrap lines on purpose; a value the user typed is escaped
    return oneLine((err as Error).message.replace(/\s*\n\s*/g, ' '));
  }
  if (FILE_ERRORS.includes(code)) return oneLine((err as Error).message);
  return null;
}

/**
 * A file name as messages print it: in double quotes, with a quote or backslash in it escaped and
 * line ends and other control characters shown escaped, so that a name can never forge a line.
 */
export function quotedPath(path: string): string {
  return `"${oneLine(path.replace(/[\\"]/g, (c) => `\\${c}`))}"`;
}
