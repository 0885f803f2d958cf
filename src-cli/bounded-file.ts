/**
 * Reads a small input file named by a flag (`--table`, `--presentation`), its size bounded before
 * anything is parsed; an unreadable file is one {@link UsageError} saying why, naming the flag.
 */
import { open } from 'node:fs/promises';
import { UsageError } from './errors';

const READ_REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'it does not exist',
  ENOTDIR: 'a part of its path is a file, not a folder',
  EISDIR: 'it is a folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENAMETOOLONG: 'its name is too long',
  ELOOP: 'its path has too many symbolic links',
};

function readError(flag: string, path: string, err: unknown): unknown {
  const code = err instanceof Error && 'code' in err ? String(err.code) : '';
  if (code === '') return err;
  return new UsageError(`cannot read --${flag} "${path}": ${READ_REASONS[code] ?? `system error ${code}`}`);
}

/**
 * The text of the file at `path`, at most `maxBytes`; `tooLarge(size)` words the refusal of a
 * larger file (after `--flag "path": `).
 */
export async function readBoundedFile(
  flag: string,
  path: string,
  maxBytes: number,
  tooLarge: (size: number) => string,
): Promise<string> {
  try {
    const handle = await open(path, 'r');
    try {
      const info = await handle.stat();
      const size = info.size;
      if (!info.isFile()) throw Object.assign(new Error('EISDIR'), { code: 'EISDIR' });
      if (size > maxBytes) throw new UsageError(`--${flag} "${path}": ${tooLarge(size)}`);
      // Read at most one byte past the limit, whatever the file grew to since stat.
      const buf = Buffer.alloc(Math.min(size, maxBytes) + 1);
      const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
      if (bytesRead > maxBytes) throw new UsageError(`--${flag} "${path}": ${tooLarge(bytesRead)}`);
      return buf.subarray(0, bytesRead).toString('utf8');
    } finally {
      await handle.close();
    }
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw readError(flag, path, err);
  }
}
