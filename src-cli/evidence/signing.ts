/**
 * Reading a private key file from disk for `evidence --sign KEYFILE`, bounded before it is read
 * (a key file is one short line; `/dev/zero` is refused as no regular file); the keys,
 * signatures and fingerprints themselves are the engine's (src-engine/evidence/signing.ts).
 */
import { parseSecretKey } from '../../src-engine/index';
import type { KeyPair } from '../../src-engine/index';
import { readBoundedFile } from '../bounded-file';

/** A private key file is one short JSON line. */
const MAX_KEY_FILE_BYTES = 64 * 1024;

/** Reads a private key file written by `keygen`; a clear message when it cannot be read or is not one. */
export async function readSecretKey(path: string): Promise<KeyPair> {
  const text = await readBoundedFile(
    'sign',
    path,
    MAX_KEY_FILE_BYTES,
    (size) => `${size} bytes: a private key file is one line of at most ${MAX_KEY_FILE_BYTES} bytes`,
  );
  return parseSecretKey(text, path);
}
