/**
 * File-system errors of a write, in words: one clear message naming the file the
 * user chose, never the temporary one, for the desktop app and the command line alike.
 */
import { NAME_MAX } from './temp-names';

/** Why a write failed, by error code. */
export const WRITE_REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'its folder does not exist',
  ENOTDIR: 'a part of its path is a file, not a folder',
  EISDIR: 'it is a folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is exceeded',
  EFBIG: 'the file is too large for this file system',
  ENAMETOOLONG: `its name is too long (at most ${NAME_MAX} bytes per name)`,
  ELOOP: 'its path has too many symbolic links',
  EMFILE: 'too many files are open',
  EBUSY: 'the file is busy',
  EIO: 'input/output error on the disk',
  EINVAL: 'the name is not valid on this file system',
};

/** The reason of a file-system error (any code), or null for an error that is not one. */
export function writeErrorReason(err: unknown): string | null {
  const code = err instanceof Error && 'code' in err ? String(err.code) : '';
  if (code === '') return null;
  return WRITE_REASONS[code] ?? `system error ${code}`;
}

/** `Cannot write "<target>": <reason> (nothing was written).`, or the error itself when it is no file-system error. */
export function asWriteError(target: string, err: unknown): unknown {
  const reason = writeErrorReason(err);
  return reason === null ? err : new Error(`Cannot write "${target}": ${reason} (nothing was written).`);
}
