/**
 * The command line's one way to open an input file: regular files only (a device, a FIFO, a
 * socket or a folder is refused by what it is, at once: `/dev/zero` is never read), its size
 * checked by `fstat` on the opened file before a byte is read (a 2 GB sparse file is refused by its
 * size), and reads bounded again by that limit, whatever the file grew to since. Any problem is one
 * {@link UsageError} naming the file, quoted with {@link quotedPath}.
 */
import { constants } from 'node:fs';
import type { Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { UsageError, quotedPath } from './errors';

/** Why a file cannot be read, by system error code: English, then French. */
const READ_REASONS: Readonly<Record<string, readonly [string, string]>> = {
  ENOENT: ['it does not exist', 'il n’existe pas'],
  ENOTDIR: ['a part of its path is a file, not a folder', 'une partie de son chemin est un fichier, pas un dossier'],
  EISDIR: ['not a regular file (a folder)', 'pas un fichier ordinaire (un dossier)'],
  EACCES: ['permission denied', 'permission refusée'],
  EPERM: ['permission denied', 'permission refusée'],
  ENAMETOOLONG: ['its name is too long', 'son nom est trop long'],
  ELOOP: ['its path has too many symbolic links', 'son chemin a trop de liens symboliques'],
  ENXIO: [
    'not a regular file (a socket or a device without a reader)',
    'pas un fichier ordinaire (une socket ou un périphérique sans lecteur)',
  ],
};

/** What a file that is not a regular file is, in a few words. */
export function fileKind(info: Stats): string {
  if (info.isDirectory()) return 'a folder';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  if (info.isFIFO()) return 'a named pipe';
  if (info.isSocket()) return 'a socket';
  return 'not a file';
}

/** How the file is named in messages: `--table "x.json"` or `"x.jsonl"`. */
const named = (flag: string | null, path: string): string =>
  flag === null ? quotedPath(path) : `--${flag} ${quotedPath(path)}`;

function readError(flag: string | null, path: string, err: unknown): unknown {
  const code = err instanceof Error && 'code' in err ? String(err.code) : '';
  if (code === '') return err;
  const [en, fr] = READ_REASONS[code] ?? [`system error ${code}`, `erreur système ${code}`];
  return new UsageError(`cannot read ${named(flag, path)}: ${en}`, `impossible de lire ${named(flag, path)} : ${fr}`);
}

/** An opened regular input file and its size at opening. */
export interface InputFile {
  readonly handle: FileHandle;
  readonly size: number;
}

/**
 * Opens `path` for reading if it is a regular file of at most `maxBytes`; `tooLarge(size)` words
 * the refusal of a larger one (after `--flag "path": `). `flag` is null for a positional file.
 */
export async function openInputFile(
  flag: string | null,
  path: string,
  maxBytes: number,
  tooLarge: (size: number) => string,
): Promise<InputFile> {
  let handle: FileHandle;
  try {
    // O_NONBLOCK: opening a FIFO with no writer returns at once (then refused) instead of waiting
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    throw readError(flag, path, err);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile())
      throw new UsageError(`cannot read ${named(flag, path)}: not a regular file (${fileKind(info)})`);
    if (info.size > maxBytes) throw new UsageError(`${named(flag, path)}: ${tooLarge(info.size)}`);
    return { handle, size: info.size };
  } catch (err) {
    await handle.close();
    throw err instanceof UsageError ? err : readError(flag, path, err);
  }
}

/** The bytes of a regular file of at most `maxBytes` (see {@link openInputFile}). */
export async function readBoundedBytes(
  flag: string | null,
  path: string,
  maxBytes: number,
  tooLarge: (size: number) => string,
): Promise<Uint8Array> {
  const { handle, size } = await openInputFile(flag, path, maxBytes, tooLarge);
  try {
    // Read at most one byte past the limit, whatever the file grew to since fstat.
    const buf = Buffer.alloc(Math.min(size, maxBytes) + 1);
    let got = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buf, got, buf.length - got, got);
      if (bytesRead === 0) break;
      got += bytesRead;
      if (got === buf.length) break;
    }
    if (got > maxBytes) throw new UsageError(`${named(flag, path)}: ${tooLarge(got)}`);
    return buf.subarray(0, got);
  } catch (err) {
    throw err instanceof UsageError ? err : readError(flag, path, err);
  } finally {
    await handle.close();
  }
}

/** The UTF-8 text of a small input file named by a flag (`--table`, `--presentation`). */
export async function readBoundedFile(
  flag: string,
  path: string,
  maxBytes: number,
  tooLarge: (size: number) => string,
): Promise<string> {
  return Buffer.from(await readBoundedBytes(flag, path, maxBytes, tooLarge)).toString('utf8');
}
