/**
 * A journal's signed checkpoint (a signed tree head, RFC 9162 §4.10): its size, the root of the
 * Merkle tree of its entries ({@link ./merkle.ts}), when it was taken, and an Ed25519 signature by
 * the key of `npm run keygen` — the key and signature scheme of evidence bundles
 * ({@link ../evidence/signing.ts}), not a second one. Whoever holds a checkpoint can later catch a
 * journal cut or rewritten before it, without ever having seen its entries.
 *
 * One text, one reader: a checkpoint is the canonical JSON of its fields (keys sorted, no spaces)
 * and a line end; the signature covers the same canonical JSON without `signature`, so what is
 * signed names its format, and a checkpoint cannot be read as any other signed file.
 */
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { localized } from '../i18n/localized-text';
import type { LocalizedText } from '../i18n/localized-text';
import { parseStrictJson } from '../format/strict-json';
import { fingerprint, sign, verifySignature } from '../evidence/signing';
import type { KeyPair } from '../evidence/signing';
import { canonicalJson } from './entry';

export const CHECKPOINT_FORMAT = 'instant-lab-journal-checkpoint/1';
/** A checkpoint is one short line: a larger file is refused unread. */
export const MAX_CHECKPOINT_BYTES = 4096;

export interface Checkpoint {
  readonly checkpoint: typeof CHECKPOINT_FORMAT;
  /** Entries in the journal when it was taken. */
  readonly size: number;
  /** The Merkle root of those entries, hex (RFC 6962 §2.1). */
  readonly root: string;
  /** ISO date and time, the signer's clock. */
  readonly time: string;
  /** The signer's public key (hex) and its fingerprint, as `keygen` prints it. */
  readonly publicKey: string;
  readonly fingerprint: string;
  /** Ed25519 signature (hex) of {@link signedBytes}. */
  readonly signature: string;
}

/** The bytes a checkpoint's signature covers: its canonical JSON without `signature`. */
function signedBytes(c: Omit<Checkpoint, 'signature'>): Uint8Array {
  const { checkpoint, fingerprint: fp, publicKey, root, size, time } = c;
  return utf8ToBytes(canonicalJson({ checkpoint, fingerprint: fp, publicKey, root, size, time }));
}

/**
 * A checkpoint's fields but its signature, and the bytes the signature must cover: for a signer
 * whose private key never leaves where it is kept (the browser build's WebCrypto key).
 */
export function checkpointToSign(
  size: number,
  root: Uint8Array,
  time: Date,
  publicKey: Uint8Array,
): { body: Omit<Checkpoint, 'signature'>; bytes: Uint8Array } {
  const body = {
    checkpoint: CHECKPOINT_FORMAT,
    size,
    root: bytesToHex(root),
    time: time.toISOString(),
    publicKey: bytesToHex(publicKey),
    fingerprint: fingerprint(publicKey),
  } as const;
  return { body, bytes: signedBytes(body) };
}

/** The checkpoint of a journal of `size` entries whose tree has root `root`, signed with `key` at `time`. */
export function signCheckpoint(size: number, root: Uint8Array, time: Date, key: KeyPair): Checkpoint {
  const { body, bytes } = checkpointToSign(size, root, time, key.publicKey);
  return { ...body, signature: sign(bytes, key) };
}

/** A checkpoint's file text: its canonical JSON and a line end. */
export function checkpointText(c: Checkpoint): string {
  return `${canonicalJson(c)}\n`;
}

const KEYS = ['checkpoint', 'fingerprint', 'publicKey', 'root', 'signature', 'size', 'time'];
const HEX64 = /^[0-9a-f]{64}$/;

/** Why a parsed value is not a checkpoint (in both languages), or the checkpoint. */
export function asCheckpoint(v: unknown): Checkpoint | LocalizedText {
  const no = (en: string, fr: string): LocalizedText =>
    localized(`not a journal checkpoint: ${en}`, `pas un point de contrôle du journal : ${fr}`);
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return no('not a JSON object', 'pas un objet JSON');
  const o = v as Record<string, unknown>;
  const extra = Object.keys(o).find((k) => !KEYS.includes(k));
  if (extra !== undefined) return no(`unknown field "${extra}"`, `champ inconnu « ${extra} »`);
  const missing = KEYS.find((k) => !(k in o));
  if (missing !== undefined) return no(`no field "${missing}"`, `pas de champ « ${missing} »`);
  if (o.checkpoint !== CHECKPOINT_FORMAT)
    return no(`"checkpoint" is not "${CHECKPOINT_FORMAT}"`, `« checkpoint » n'est pas « ${CHECKPOINT_FORMAT} »`);
  if (!Number.isSafeInteger(o.size) || (o.size as number) < 0)
    return no('"size" is not a whole number from 0', "« size » n'est pas un nombre entier à partir de 0");
  if (typeof o.root !== 'string' || !HEX64.test(o.root))
    return no('"root" is not a SHA-256 in hex', "« root » n'est pas un SHA-256 en hexadécimal");
  if (typeof o.time !== 'string' || Number.isNaN(Date.parse(o.time)))
    return no('"time" is not a date and time', "« time » n'est pas une date et une heure");
  if (typeof o.publicKey !== 'string' || !HEX64.test(o.publicKey))
    return no('"publicKey" is not an Ed25519 public key in hex', "« publicKey » n'est pas une clé publique Ed25519");
  if (o.fingerprint !== fingerprint(hexToBytes(o.publicKey)))
    return no(
      '"fingerprint" is not the fingerprint of "publicKey"',
      "« fingerprint » n'est pas l'empreinte de « publicKey »",
    );
  if (typeof o.signature !== 'string' || !/^[0-9a-f]{128}$/.test(o.signature))
    return no('"signature" is not an Ed25519 signature in hex', "« signature » n'est pas une signature Ed25519");
  return o as unknown as Checkpoint;
}

/**
 * Reads a checkpoint file's text: strict JSON (a key twice is refused), exactly the fields of a
 * checkpoint, written the one way a checkpoint is written. Says what is wrong otherwise.
 */
export function readCheckpoint(text: string): Checkpoint | LocalizedText {
  const j = parseStrictJson(text);
  if (!j.ok)
    return localized(
      `not a journal checkpoint: not JSON read one way only: ${j.message}`,
      `pas un point de contrôle du journal : pas du JSON à une seule lecture : ${j.fr}`,
    );
  const c = asCheckpoint(j.value);
  if (!('checkpoint' in c)) return c;
  if (checkpointText(c) !== text)
    return localized(
      'not written the one way a checkpoint is written (canonical JSON, keys sorted, no spaces, one line end): altered',
      "pas écrit de l'unique façon dont s'écrit un point de contrôle (JSON canonique, clés triées, sans espaces, une fin de ligne) : altéré",
    );
  return c;
}

/** Checkpoints already checked: an Ed25519 check costs milliseconds, and one checkpoint is asked about several times. */
const checked = new WeakMap<Checkpoint, boolean>();

/** Whether a checkpoint's signature holds for its fields and its public key. */
export function checkpointSigned(c: Checkpoint): boolean {
  let ok = checked.get(c);
  if (ok === undefined) {
    ok = verifySignature(signedBytes(c), c.signature, c.publicKey);
    // frozen, so the answer stays the answer for these fields
    checked.set(Object.freeze(c), ok);
  }
  return ok;
}
