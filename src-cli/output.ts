/**
 * The command line's standard output faults, handled once for every command and the usage text:
 * a closed pipe (`… | head -1`, EPIPE) ends the run quietly with exit code 0, as the reader asked
 * for no more; any other write failure (a full disk, `> /dev/full`, ENOSPC) is one line on stderr
 * and exit code 2. Never a stack trace.
 */
import { EXIT_BAD_INPUT } from './errors';

/** The one-line reason of a failed write of the standard output. */
const REASONS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EIO: 'an input/output error of the device',
  EFBIG: 'the file is too large for its file system',
  EBADF: 'it is closed',
};

/** The message of a standard-output failure other than a closed pipe. */
export function stdoutFailure(code: string): string {
  return `error: cannot write the standard output: ${REASONS[code] ?? `system error ${code}`} (${code}); the output is incomplete\n`;
}

let guarded = false;

/** Installs the handlers; further output is dropped once one has fired. */
export function guardStandardOutput(): void {
  if (guarded) return;
  guarded = true;
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    const code = err.code ?? 'EIO';
    if (code === 'EPIPE') process.exit(0);
    try {
      process.stderr.write(stdoutFailure(code));
    } finally {
      process.exit(EXIT_BAD_INPUT);
    }
  });
  // stderr itself closed or full: nothing can be said, end without a trace
  process.stderr.on('error', () => process.exit(EXIT_BAD_INPUT));
}
