/**
 * A supplier's emission manifest (docs/reference/file-formats.md « Emission manifest »): the
 * emission's name and each block file with its SHA-256 and the seed the supplier declares. Read
 * one way only (strict JSON), typed by one schema; every problem named by its field, with what is
 * expected, in English and French.
 */
import { z } from 'zod';
import { parseJsonText } from '../import/json-text';

export const EMISSION_MANIFEST_FORMAT = 'instant-lab-emission/1';
/** Largest manifest read: 10,000 files of about 200 bytes each. */
export const MAX_MANIFEST_BYTES = 2 * 1024 * 1024;
/** Files a manifest may list. */
export const MAX_MANIFEST_FILES = 10_000;

export interface ManifestFile {
  /** The file's path, relative to the manifest's folder (no `..`, not absolute). */
  readonly file: string;
  readonly sha256: string;
  /** The block's seed as the supplier declares it; null when it declares none. */
  readonly seed: number | null;
}

export interface EmissionManifest {
  readonly emission: string;
  readonly files: readonly ManifestFile[];
}

export type ManifestRead =
  | { readonly ok: true; readonly manifest: EmissionManifest }
  | { readonly ok: false; readonly message: string; readonly fr: string };

/** A path that stays in the manifest's folder: relative, no `..` part, no backslash or NUL. */
const insideFolder = (p: string): boolean =>
  p !== '' && !p.startsWith('/') && !/^[A-Za-z]:/.test(p) && !/[\\\0]/.test(p) && !p.split('/').includes('..');

const schema = z.strictObject({
  format: z.literal(EMISSION_MANIFEST_FORMAT),
  emission: z.string().min(1).max(200),
  files: z
    .array(
      z.strictObject({
        file: z.string().max(1000).refine(insideFolder),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
        seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable().optional(),
      }),
    )
    .min(1)
    .max(MAX_MANIFEST_FILES),
});

/** What each field expects, in both languages. */
const EXPECTED: Record<string, readonly [string, string]> = {
  format: [`"${EMISSION_MANIFEST_FORMAT}"`, `"${EMISSION_MANIFEST_FORMAT}"`],
  emission: ["the emission's name, 1 to 200 characters", "le nom de l'émission, de 1 à 200 caractères"],
  files: [
    `a list of 1 to ${MAX_MANIFEST_FILES} files, each {"file", "sha256", "seed"}`,
    `une liste de 1 à ${MAX_MANIFEST_FILES} fichiers, chacun {"file", "sha256", "seed"}`,
  ],
  file: [
    'a path relative to the manifest\'s folder, without ".." (at most 1000 characters)',
    'un chemin relatif au dossier du manifeste, sans ".." (au plus 1000 caractères)',
  ],
  sha256: [
    "the file's SHA-256 as 64 lowercase hexadecimal digits",
    'le SHA-256 du fichier en 64 chiffres hexadécimaux minuscules',
  ],
  seed: ["the block's seed, a whole number ≥ 0, or null", 'la graine du bloc, un nombre entier ≥ 0, ou null'],
};

/** Reads a manifest's text (see the module comment); the first problem found is named. */
export function parseEmissionManifest(text: string): ManifestRead {
  // its only numbers are seeds: written as whole numbers, one way (`2e2` and `200.0` are refused)
  const json = parseJsonText(text, MAX_MANIFEST_BYTES, { wholeNumbers: () => true });
  if (!json.ok)
    return json.tooLarge
      ? {
          ok: false,
          message: `larger than ${MAX_MANIFEST_BYTES} bytes: not an emission manifest`,
          fr: `plus de ${MAX_MANIFEST_BYTES} octets : ce n'est pas un manifeste d'émission`,
        }
      : {
          ok: false,
          message: `not JSON read one way only: ${json.notJson}`,
          fr: `ce n'est pas du JSON à une seule lecture : ${json.notJsonFr}`,
        };
  const r = schema.safeParse(json.value);
  if (r.success)
    return {
      ok: true,
      manifest: {
        emission: r.data.emission,
        files: r.data.files.map((f) => ({ file: f.file, sha256: f.sha256, seed: f.seed ?? null })),
      },
    };
  const issue = r.error.issues[0]!;
  const path = issue.path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i > 0 ? '.' : ''}${String(p)}`))
    .join('');
  if (issue.code === 'unrecognized_keys')
    return {
      ok: false,
      message: `field ${issue.keys.map((k) => `"${path === '' ? '' : `${path}.`}${k}"`).join(', ')} is unknown: expected only format, emission, files (each with file, sha256, seed)`,
      fr: `champ ${issue.keys.map((k) => `"${path === '' ? '' : `${path}.`}${k}"`).join(', ')} inconnu : attendu seulement format, emission, files (chacun avec file, sha256, seed)`,
    };
  if (path === '')
    return {
      ok: false,
      message: `expected a JSON object {"format": "${EMISSION_MANIFEST_FORMAT}", "emission", "files"}`,
      fr: `un objet JSON {"format": "${EMISSION_MANIFEST_FORMAT}", "emission", "files"} est attendu`,
    };
  const last = [...issue.path].reverse().find((p) => typeof p === 'string') ?? 'files';
  const [en, fr] = EXPECTED[String(last)] ?? EXPECTED.files!;
  return { ok: false, message: `field "${path}": expected ${en}`, fr: `champ "${path}" : attendu ${fr}` };
}
