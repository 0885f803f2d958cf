/**
 * The SHA-256 of a file's bytes in a worker. Web Crypto's is the platform's own, several times the
 * engine's JavaScript one, but it hashes one buffer whole: a file up to 512 MiB is
 * read whole and hashed so; a bigger one is streamed through the engine's, in bounded memory.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { Handler } from '@shared/jobs/protocol';

/** The largest file read whole to be hashed at once (a Mine d'or block's JSONL is about 200 MB). */
const WHOLE_HASH_BYTES = 512 * 1024 * 1024;

/**
 * The SHA-256 (hex) of `file` with Web Crypto, read whole, when it is at most `wholeMax` bytes and
 * the platform has it; null otherwise (hash it as it is read).
 */
export function wholeSha256(file: Blob, wholeMax = WHOLE_HASH_BYTES): Promise<string> | null {
  if (file.size > wholeMax || !globalThis.crypto?.subtle) return null;
  return file
    .arrayBuffer()
    .then((b) => crypto.subtle.digest('SHA-256', b))
    .then((d) => bytesToHex(new Uint8Array(d)));
}

/** The SHA-256 (hex) of `file`: whole with Web Crypto up to `wholeMax` bytes, streamed beyond. */
export async function sha256OfBlob(file: Blob, wholeMax = WHOLE_HASH_BYTES): Promise<string> {
  const whole = wholeSha256(file, wholeMax);
  if (whole) return whole;
  const hash = sha256.create();
  const reader = file.stream().getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      hash.update(value);
    }
  } finally {
    reader.releaseLock();
  }
  return bytesToHex(hash.digest());
}

export const hashBlob: Handler<'hashBlob'> = ({ file }) => sha256OfBlob(file);

/** The SHA-256 (hex) of `parts` one after the other: joined and hashed by Web Crypto up to `wholeMax` bytes, else part by part. */
export async function sha256OfParts(parts: readonly Uint8Array[], wholeMax = WHOLE_HASH_BYTES): Promise<string> {
  const size = parts.reduce((n, p) => n + p.length, 0);
  if (size <= wholeMax && globalThis.crypto?.subtle) {
    const whole = new Uint8Array(size);
    let at = 0;
    for (const p of parts) {
      whole.set(p, at);
      at += p.length;
    }
    return bytesToHex(new Uint8Array(await crypto.subtle.digest('SHA-256', whole)));
  }
  const hash = sha256.create();
  for (const p of parts) hash.update(p);
  return bytesToHex(hash.digest());
}

export const hashBytes: Handler<'hashBytes'> = ({ parts }) => sha256OfParts(parts);
