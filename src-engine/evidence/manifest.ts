/**
 * The manifest of an evidence bundle: every file's SHA-256 and size, what was built,
 * and the signer's public key when the bundle is signed (`manifest.sig` holds the Ed25519
 * signature of the manifest's exact bytes).
 */
import { z } from 'zod';
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

const HEX64 = /^[0-9a-f]{64}$/;
const seed = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const sha = z.string().regex(HEX64);

/**
 * The manifest's one schema, every field typed before anything reads it (a manifest is written by
 * the maker, but a hostile one must be refused by what it says, never crash a check). What each
 * field must be, in words, is {@link EXPECTED}.
 */
const MANIFEST_SCHEMA = z.strictObject({
  kind: z.enum([MANIFEST_KIND, CASE_MANIFEST_KIND]),
  version: z.literal(1),
  created: z.string(),
  game: z.enum(['mine-d-or', 'les-3-gongs']),
  stakeCents: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  seeds: z.array(seed).min(1),
  generator: z.string().min(1),
  appVersion: z.string(),
  blocks: z.array(z.strictObject({ seed, digest: sha, merkleRoot: sha })).min(1),
  signer: z.strictObject({ publicKey: sha, fingerprint: z.string() }).nullable(),
  files: z.array(
    z.strictObject({
      path: z.string().min(1),
      sha256: sha,
      bytes: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    }),
  ),
  case: z.strictObject({ ref: z.string(), index: seed, segment: seed }).optional(),
});

/** What each field of a manifest must be, as the refusal says it. */
const EXPECTED: Readonly<Record<string, string>> = {
  kind: `"${MANIFEST_KIND}" or "${CASE_MANIFEST_KIND}"`,
  version: '1',
  created: 'the date it was made (text)',
  game: '"mine-d-or" or "les-3-gongs"',
  stakeCents: 'the stake in cents, a whole number',
  seeds: 'a list of one seed or more, whole numbers',
  generator: "the generator's name (text)",
  appVersion: "the app's version (text)",
  blocks: 'a list of one {"seed", "digest", "merkleRoot"} per seed (64 hex digits each)',
  signer: 'null, or {"publicKey" (64 hex digits), "fingerprint"}',
  files: 'a list of {"path", "sha256" (64 hex digits), "bytes"}',
  case: 'a dispute case\'s unit {"ref", "index", "segment"}',
};

/** A value as a message shows it: short JSON, at most 40 characters. */
function shown(v: unknown): string {
  if (v === undefined) return 'nothing';
  const t = JSON.stringify(v) ?? String(v);
  return t.length > 40 ? `${t.slice(0, 37)}…` : t;
}

/**
 * Reads a manifest's text one way only: strict JSON (a key twice is refused), every field of the
 * one schema ({@link MANIFEST_SCHEMA}), one block per seed in the same order, no path listed twice;
 * a dispute case names its unit and one block, an evidence bundle names none. The first problem is
 * said naming its field, what it holds and what is expected.
 */
export function readManifest(text: string): ManifestReading {
  const j = parseStrictJson(text);
  if (!j.ok) return { ok: false, why: `not JSON read one way only: ${j.message}` };
  const o = j.value;
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return { ok: false, why: 'not a JSON object' };
  const r = MANIFEST_SCHEMA.safeParse(o);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    const field = String(issue.path[0] ?? '');
    if (issue.code === 'unrecognized_keys')
      return {
        ok: false,
        why: `unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}${issue.path.length > 0 ? ` in "${issue.path.join('.')}"` : ''}`,
      };
    if (field === 'files') return { ok: false, why: 'a file entry is not {"path", "sha256" (64 hex digits), "bytes"}' };
    const where = issue.path
      .map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`))
      .join('')
      .slice(1);
    let at: unknown = o;
    for (const k of issue.path) at = (at as Record<PropertyKey, unknown> | undefined)?.[k as PropertyKey];
    return {
      ok: false,
      why: `"${where}" holds ${shown(at)}: expected ${EXPECTED[field] ?? 'a valid value'}`,
    };
  }
  const m = r.data as Manifest;
  // one reading: a case manifest names its unit and its one block, a bundle manifest names none
  if (m.kind === MANIFEST_KIND && m.case !== undefined)
    return { ok: false, why: 'an evidence bundle manifest names a "case"' };
  if (m.kind === CASE_MANIFEST_KIND && m.case === undefined)
    return { ok: false, why: 'a dispute case manifest has no "case" {"ref", "index", "segment"}' };
  if (m.kind === CASE_MANIFEST_KIND && m.seeds.length !== 1)
    return { ok: false, why: `a dispute case is on one block: "seeds" holds ${shown(m.seeds)}` };
  const seeds = new Set<number>();
  for (const s of m.seeds) {
    if (seeds.has(s)) return { ok: false, why: `seed ${s} is listed twice in "seeds"` };
    seeds.add(s);
  }
  if (m.blocks.length !== m.seeds.length || m.blocks.some((b, k) => b.seed !== m.seeds[k]))
    return {
      ok: false,
      why: `"blocks" names seeds ${shown(m.blocks.map((b) => b.seed))}, "seeds" ${shown(m.seeds)}: expected one block per seed, in order`,
    };
  const seen = new Set<string>();
  for (const f of m.files) {
    if (seen.has(f.path)) return { ok: false, why: `"${f.path}" is listed twice` };
    seen.add(f.path);
  }
  return { ok: true, manifest: m };
}

/** Reads a manifest's text; null when it is not one ({@link readManifest} says why). */
export function parseManifest(text: string): Manifest | null {
  const r = readManifest(text);
  return r.ok ? r.manifest : null;
}
