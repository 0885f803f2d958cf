/**
 * Ed25519 keys and signatures of evidence bundles (issue 13), with @noble/curves. A key file is
 * JSON: the private one holds the secret and public keys (hex), the `.pub` one the public key.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { readFile } from 'node:fs/promises';
import { InputError } from '../../src-engine/index';

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

/** Reads a private key file written by `keygen`; a clear message when it is not one. */
export async function readSecretKey(path: string): Promise<KeyPair> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw new InputError(`cannot read the key file "${path}": ${(e as Error).message}`);
  }
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(text) as Record<string, unknown>;
  } catch {
    o = {};
  }
  if (o.kind !== SECRET_KIND || typeof o.secretKey !== 'string' || !HEX64.test(o.secretKey))
    throw new InputError(
      `"${path}" is not a private key file: expected the file written by \`npm run keygen -- --out KEYFILE\` (not KEYFILE.pub)`,
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
