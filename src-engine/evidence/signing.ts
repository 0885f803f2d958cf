/**
 * Ed25519 keys and signatures of evidence bundles, with @noble/curves. A key file is
 * JSON: the private one holds the secret and public keys (hex), the `.pub` one the public key.
 * Pure: the command line reads key files from disk, the app from the file the user chose (in the
 * worker that signs, so the secret key never reaches the page).
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { InputError } from '../block/input-error';

export const SECRET_KIND = 'instant-lab-ed25519-secret-key';
export const PUBLIC_KIND = 'instant-lab-ed25519-public-key';

export interface KeyPair {
  readonly secretKey: Uint8Array;
  readonly publicKey: Uint8Array;
}

/** A new random key pair. */
export function newKeyPair(): KeyPair {
  const { secretKey, publicKey } = ed25519.keygen();
  return { secretKey, publicKey };
}

/** The files' text: private (secret and public key) and public. */
export function keyFiles(k: KeyPair): { secret: string; public: string } {
  const pub = bytesToHex(k.publicKey);
  return {
    secret: `${JSON.stringify({ kind: SECRET_KIND, secretKey: bytesToHex(k.secretKey), publicKey: pub })}\n`,
    public: `${JSON.stringify({ kind: PUBLIC_KIND, publicKey: pub, fingerprint: fingerprint(k.publicKey) })}\n`,
  };
}

/** The public key's fingerprint: SHA-256 of its 32 bytes, hex, in groups of 4. */
export function fingerprint(publicKey: Uint8Array): string {
  return bytesToHex(sha256(publicKey)).match(/.{4}/g)?.join(':') ?? '';
}

const HEX64 = /^[0-9a-f]{64}$/;

/** Reads the text of a private key file written by `keygen`; a clear message (English and French) when it is not one. */
export function parseSecretKey(text: string, name: string): KeyPair {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(text) as Record<string, unknown>;
  } catch {
    o = {};
  }
  if (
    typeof o !== 'object' ||
    o === null ||
    o.kind !== SECRET_KIND ||
    typeof o.secretKey !== 'string' ||
    !HEX64.test(o.secretKey)
  )
    throw new InputError(
      `"${name}" is not a private key file: expected the file written by \`npm run keygen -- --out KEYFILE\` (not KEYFILE.pub)`,
      `« ${name} » n'est pas un fichier de clé privée : attendu le fichier écrit par \`npm run keygen -- --out KEYFILE\` (pas KEYFILE.pub)`,
    );
  const secretKey = hexToBytes(o.secretKey);
  return { secretKey, publicKey: ed25519.getPublicKey(secretKey) };
}

/** Signs a message; hex. */
export function sign(message: Uint8Array, k: KeyPair): string {
  return bytesToHex(ed25519.sign(message, k.secretKey));
}

/** Whether `signatureHex` is a valid signature of `message` by `publicKeyHex` (false on malformed input). */
export function verifySignature(message: Uint8Array, signatureHex: string, publicKeyHex: string): boolean {
  if (!/^[0-9a-f]{128}$/.test(signatureHex) || !HEX64.test(publicKeyHex)) return false;
  try {
    return ed25519.verify(hexToBytes(signatureHex), message, hexToBytes(publicKeyHex));
  } catch {
    return false;
  }
}
