/**
 * The manifest of an evidence bundle: every file's SHA-256 and size, what was built,
 * and the signer's public key when the bundle is signed (`manifest.sig` holds the Ed25519
 * signature of the manifest's exact bytes).
 */
import { parseStrictJson } from '../format/strict-json';
import type { ManifestEntry } from './bundle-zip';

export const MANIFEST = 'manifest.json';
export const SIGNATURE = 'manifest.sig';
export const MANIFEST_KIND = 'instant-lab-evidence-manifest';
/** The manifest of a dispute case (src-engine/dispute/): the same format, one block, and the case it records. */
export const CASE_MANIFEST_KIND = 'instant-lab-dispute-case-manifest';

/** What a dispute case's manifest says of the unit it concerns (R3), checked against the files it lists. */
export interface ManifestCase {
  readonly ref: string;
  readonly index: number;
  /** The unit's segment (R1): its Merkle proof is `proof/merkle-proof.json`. */
  readonly segment: number;
}

export interface Manifest {
  /** An evidence bundle, or a dispute case (which also carries {@link Manifest.case}). */
  readonly kind: typeof MANIFEST_KIND | typeof CASE_MANIFEST_KIND;
  readonly version: 1;
  /** ISO date-time, as the maker's clock gave it. */
  readonly created: string;
  readonly game: string;
  readonly stakeCents: number;
  readonly seeds: readonly number[];
  readonly generator: string;
  readonly appVersion: string;
  /** Each block's digest and Merkle root, as the audit report states them (R1). */
  readonly blocks: readonly { readonly seed: number; readonly digest: string; readonly merkleRoot: string }[];
  readonly signer: { readonly publicKey: string; readonly fingerprint: string } | null;
  readonly files: readonly ManifestEntry[];
  /** A dispute case only: the unit it concerns. */
  readonly case?: ManifestCase;
}

/** A manifest read, or why the text is not one. */
export type ManifestReading =
  | { readonly ok: true; readonly manifest: Manifest }
  | { readonly ok: false; readonly why: string };

/**
 * Reads a manifest's text one way only: strict JSON (a key twice is refused), every file entry a
 * path, a SHA-256 and a size, and no path listed twice.
 */
export function readManifest(text: string): ManifestReading {
  const j = parseStrictJson(text);
  if (!j.ok) return { ok: false, why: `not JSON read one way only: ${j.message}` };
  const o = j.value;
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return { ok: false, why: 'not a JSON object' };
  const m = o as Partial<Manifest>;
  if (m.kind !== MANIFEST_KIND && m.kind !== CASE_MANIFEST_KIND)
    return { ok: false, why: `"kind" is neither "${MANIFEST_KIND}" nor "${CASE_MANIFEST_KIND}"` };
  // one reading: a case manifest names its unit, a bundle manifest names none
  const c = m.case as Partial<ManifestCase> | undefined;
  if (m.kind === MANIFEST_KIND && c !== undefined)
    return { ok: false, why: 'an evidence bundle manifest names a "case"' };
  if (
    m.kind === CASE_MANIFEST_KIND &&
    (typeof c !== 'object' ||
      c === null ||
      typeof c.ref !== 'string' ||
      !Number.isSafeInteger(c.index) ||
      !Number.isSafeInteger(c.segment))
  )
    return { ok: false, why: 'a dispute case manifest has no "case" {"ref", "index", "segment"}' };
  if (!Array.isArray(m.files)) return { ok: false, why: '"files" is not a list' };
  const seen = new Set<string>();
  for (const f of m.files as Partial<ManifestEntry>[]) {
    if (
      typeof f !== 'object' ||
      f === null ||
      typeof f.path !== 'string' ||
      typeof f.sha256 !== 'string' ||
      !/^[0-9a-f]{64}$/.test(f.sha256) ||
      typeof f.bytes !== 'number' ||
      !Number.isSafeInteger(f.bytes) ||
      f.bytes < 0
    )
      return { ok: false, why: 'a file entry is not {"path", "sha256" (64 hex digits), "bytes"}' };
    if (seen.has(f.path)) return { ok: false, why: `"${f.path}" is listed twice` };
    seen.add(f.path);
  }
  return { ok: true, manifest: m as Manifest };
}

/** Reads a manifest's text; null when it is not one ({@link readManifest} says why). */
export function parseManifest(text: string): Manifest | null {
  const r = readManifest(text);
  return r.ok ? r.manifest : null;
}
