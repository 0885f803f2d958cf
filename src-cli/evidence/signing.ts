/**
 * Reading a private key file from disk for `evidence --sign KEYFILE` (issue 13); the keys,
 * signatures and fingerprints themselves are the engine's (src-engine/evidence/signing.ts).
 */
import { readFile } from 'node:fs/promises';
import { InputError, parseSecretKey } from '../../src-engine/index';
import type { KeyPair } from '../../src-engine/index';

/** Reads a private key file written by `keygen`; a clear message when it cannot be read or is not one. */
export async function readSecretKey(path: string): Promise<KeyPair> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw new InputError(`cannot read the key file "${path}": ${(e as Error).message}`);
  }
  return parseSecretKey(text, path);
}
