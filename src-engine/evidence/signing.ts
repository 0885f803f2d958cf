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
import { parseStrictJson } from '../format/strict-json';
import { dropOneBom } from '../import/json-text';

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

/** Largest key file read (a key file is one short JSON line): a larger one is refused unread. */
export const MAX_KEY_FILE_BYTES = 64 * 1024;

/**
 * The JSON object of a key file's text, read as every file of the product is: exactly one leading
 * byte-order mark dropped (an editor's; a second one is data), the strict reader (a key twice in
 * one object is refused, never resolved); or why it is not one JSON object, in English and French.
 */
function keyFileObject(text: string): { o: Record<string, unknown> } | { why: string; fr: string } {
  const j = parseStrictJson(dropOneBom(text));
  if (!j.ok)
    return { why: `not JSON read one way only: ${j.message}`, fr: `pas du JSON à une seule lecture : ${j.fr}` };
  if (typeof j.value !== 'object' || j.value === null || Array.isArray(j.value))
    return { why: 'not one JSON object', fr: 'pas un objet JSON' };
  return { o: j.value as Record<string, unknown> };
}

/** Reads the text of a private key file written by `keygen`; a clear message (English and French) when it is not one. */
export function parseSecretKey(text: string, name: string): KeyPair {
  const r = keyFileObject(text);
  const o = 'o' in r ? r.o : {};
  if (o.kind !== SECRET_KIND || typeof o.secretKey !== 'string' || !HEX64.test(o.secretKey)) {
    const why = 'o' in r ? '' : `; it is ${r.why}`;
    const fr = 'o' in r ? '' : ` ; ce n'est ${r.fr}`;
    throw new InputError(
      `"${name}" is not a private key file: expected the file written by \`instant-lab keygen --out KEYFILE\` (not KEYFILE.pub)${why}`,
      `« ${name} » n'est pas un fichier de clé privée : attendu le fichier écrit par \`instant-lab keygen --out KEYFILE\` (pas KEYFILE.pub)${fr}`,
    );
  }
  const secretKey = hexToBytes(o.secretKey);
  return { secretKey, publicKey: ed25519.getPublicKey(secretKey) };
}

/** Reads the text of a public key file (`KEYFILE.pub`) written by `keygen`: its public key, hex. */
export function parsePublicKey(text: string, name: string): string {
  const r = keyFileObject(text);
  const o = 'o' in r ? r.o : {};
  if (o.kind !== PUBLIC_KIND || typeof o.publicKey !== 'string' || !HEX64.test(o.publicKey)) {
    const why = 'o' in r ? '' : `; it is ${r.why}`;
    const fr = 'o' in r ? '' : ` ; ce n'est ${r.fr}`;
    throw new InputError(
      `"${name}" is not a public key file: expected the KEYFILE.pub written by \`instant-lab keygen\`${why}`,
      `« ${name} » n'est pas un fichier de clé publique : attendu le KEYFILE.pub écrit par \`instant-lab keygen\`${fr}`,
    );
  }
  return o.publicKey;
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
