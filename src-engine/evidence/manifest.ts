/**
 * The manifest of an evidence bundle (issue 13): every file's SHA-256 and size, what was built,
 * and the signer's public key when the bundle is signed (`manifest.sig` holds the Ed25519
 * signature of the manifest's exact bytes).
 */
import type { ManifestEntry } from './bundle-zip';

export const MANIFEST = 'manifest.json';
export const SIGNATURE = 'manifest.sig';
export const MANIFEST_KIND = 'instant-lab-evidence-manifest';

export interface Manifest {
  readonly kind: typeof MANIFEST_KIND;
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
}

/** Reads a manifest's text; null when it is not one. */
export function parseManifest(text: string): Manifest | null {
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof o !== 'object' || o === null) return null;
  const m = o as Partial<Manifest>;
  if (m.kind !== MANIFEST_KIND || !Array.isArray(m.files)) return null;
  const ok = m.files.every(
    (f: Partial<ManifestEntry>) =>
      typeof f.path === 'string' && typeof f.sha256 === 'string' && typeof f.bytes === 'number',
  );
  return ok ? (m as Manifest) : null;
}
