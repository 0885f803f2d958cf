/**
 * Command-line errors: printed as one line, exit code 2, never a stack trace.
 */
import { InputError } from '@engine';

export class UsageError extends InputError {}

/** Exit code for bad input (usage, references, seeds, files). */
export const EXIT_BAD_INPUT = 2;

/**
 * A message on one line: line ends and other control characters shown escaped (`\n`, `\u0007`):
 * C0 (ESC starts a terminal sequence), DEL, C1, line and paragraph separators, and the bidirectional
 * marks and overrides that make a terminal show characters in another order than they are.
 */
export function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

const FILE_ERRORS = ['ENOENT', 'EACCES', 'EISDIR', 'ENOTDIR', 'EPERM', 'EROFS', 'ENAMETOOLONG', 'ELOOP', 'EMFILE'];

/** parseArgs' messages, in French: each English pattern and its French wording (`$1`: what the user typed). */
const PARSE_ARGS_FR: readonly (readonly [RegExp, string])[] = [
  [/^Option '(.*?)' argument missing/, "l'option '$1' attend une valeur"],
  [/^Option '(.*?)' argument is ambiguous/, "la valeur de l'option '$1' est ambiguë : écrivez-la '$1=-XYZ'"],
  [/^Option '(.*?)' does not take an argument/, "l'option '$1' ne prend pas de valeur"],
  [
    /^Unexpected argument '(.*?)'(?=\.|$)/,
    "argument inattendu '$1' : cette commande ne prend pas d'argument de position",
  ],
];

/** A parseArgs message in French, when its pattern is known; otherwise its English text. */
function parseArgsFr(message: string): string {
  for (const [pattern, fr] of PARSE_ARGS_FR) {
    const m = pattern.exec(message);
    if (m) return fr.replaceAll('$1', m[1]!);
  }
  return message;
}

/**
 * The one-line message of an error the user can act on, or null for a bug: in French with `fr`
 * when the error has a French text (every {@link InputError} carries one), else in English.
 */
export function userMessage(err: unknown, lang: 'en' | 'fr' = 'en'): string | null {
  if (err instanceof InputError) return oneLine(lang === 'fr' ? err.fr : err.message);
  const code = err instanceof Error && 'code' in err && typeof err.code === 'string' ? err.code : '';
  if (code.startsWith('ERR_PARSE_ARGS')) {
    // parseArgs' own messages wrap lines on purpose; a value the user typed is escaped
    const message = (err as Error).message.replace(/\s*\n\s*/g, ' ');
    return oneLine(lang === 'fr' ? parseArgsFr(message) : message);
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
