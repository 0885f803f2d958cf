/**
 * Reading a private key file from disk for `evidence --sign KEYFILE`, bounded before it is read
 * (a key file is one short line; `/dev/zero` is refused as no regular file); the keys,
 * signatures and fingerprints themselves are the engine's (src-engine/evidence/signing.ts).
 */
import { stat } from 'node:fs/promises';
import { MAX_KEY_FILE_BYTES, parseSecretKey } from '@engine';
import type { KeyPair } from '@engine';
import { readBoundedFile } from '../bounded-file';
import { quotedPath } from '../errors';

/**
 * The one warning line for a private key file that its group or others may read (POSIX modes;
 * Windows has none), as ssh warns: the key still signs, but anyone who could read it could sign
 * bundles in its holder's name. Null when the file is readable by its owner only.
 */
export function keyModeWarning(
  path: string,
  mode: number,
  platform: NodeJS.Platform = process.platform,
): string | null {
  if (platform === 'win32' || (mode & 0o077) === 0) return null;
  const octal = (mode & 0o777).toString(8).padStart(4, '0');
  return `warning: private key file ${quotedPath(path)} has mode ${octal}: its group or others can read it, and whoever reads it can sign bundles in your name; run \`chmod 600 ${quotedPath(path)}\``;
}

/** Reads a private key file written by `keygen`; a clear message when it cannot be read or is not one. */
export async function readSecretKey(path: string): Promise<KeyPair> {
  const text = await readBoundedFile(
    'sign',
    path,
    MAX_KEY_FILE_BYTES,
    (size) => `${size} bytes: a private key file is one line of at most ${MAX_KEY_FILE_BYTES} bytes`,
  );
  const key = parseSecretKey(text, path);
  const warning = keyModeWarning(path, (await stat(path)).mode);
  if (warning !== null) process.stderr.write(`${warning}\n`);
  return key;
}
