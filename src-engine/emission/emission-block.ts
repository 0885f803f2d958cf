/**
 * One file of an emission as the judge takes it, whoever read it (the command line from disk, the
 * screen from the files the user chose): what the manifest declares of it set against what was
 * read, and which of the chosen files each manifest line names.
 */
import type { VerifyResult } from '../import/verify/types';
import type { EmissionBlockIn, Said } from './emission';
import type { EmissionManifest } from './manifest';
import type { WinnerSketch } from './winner-sketch';

/** What the manifest declares of a file; nulls when there is no manifest. */
export interface DeclaredFile {
  readonly file: string;
  readonly sha256: string | null;
  readonly seed: number | null;
}

/** A file as verified: its bytes' SHA-256 and size, the verdict, where its winners sit. */
export interface VerifiedFile {
  readonly sha256: string;
  readonly bytes: number;
  readonly result: VerifyResult;
  readonly sketch: WinnerSketch | null;
}

/** The block of the emission: a file of other bytes than its manifest line lists is a problem of the emission. */
export function emissionBlock(declared: DeclaredFile, v: VerifiedFile): EmissionBlockIn {
  return {
    file: declared.file,
    sha256: v.sha256,
    bytes: v.bytes,
    result: v.result,
    sketch: v.sketch,
    declaredSeed: declared.seed,
    problem:
      declared.sha256 !== null && declared.sha256 !== v.sha256
        ? {
            message: `not the file the manifest lists: its SHA-256 is ${v.sha256}, the manifest says ${declared.sha256}`,
            fr: `pas le fichier que liste le manifeste : son SHA-256 est ${v.sha256}, le manifeste dit ${declared.sha256}`,
          }
        : null,
  };
}

/** The name an emission of files given one by one goes by (no manifest, no folder). */
export const filesEmissionName = (n: number): string => `${n} files`;

/**
 * The chosen files a manifest's lines name, by file name (a browser gives names, not folders): a
 * line `lots/b.jsonl` names a chosen `b.jsonl`. Each line takes the first chosen file of its name
 * not yet taken; a line no chosen file answers is missing, a chosen file no line names is skipped.
 */
export function matchManifest(
  manifest: EmissionManifest,
  chosen: readonly string[],
): {
  readonly files: readonly { readonly declared: DeclaredFile; readonly chosen: number }[];
  readonly missing: readonly { readonly file: string; readonly why: Said }[];
  readonly skipped: readonly { readonly file: string; readonly why: Said }[];
} {
  const taken = new Set<number>();
  const files: { declared: DeclaredFile; chosen: number }[] = [];
  const missing: { file: string; why: Said }[] = [];
  for (const f of manifest.files) {
    const base = f.file.slice(f.file.lastIndexOf('/') + 1);
    const i = chosen.findIndex((name, k) => !taken.has(k) && name === base);
    if (i < 0) {
      missing.push({
        file: f.file,
        why: {
          message: `listed by the manifest, but no file of that name was given (${base})`,
          fr: `listé par le manifeste, mais aucun fichier de ce nom n’a été donné (${base})`,
        },
      });
      continue;
    }
    taken.add(i);
    files.push({ declared: { file: f.file, sha256: f.sha256, seed: f.seed }, chosen: i });
  }
  const skipped = chosen.flatMap((name, k) =>
    taken.has(k)
      ? []
      : [
          {
            file: name,
            why: {
              message: 'not listed by the manifest: not verified',
              fr: 'non listé par le manifeste : non vérifié',
            },
          },
        ],
  );
  return { files, missing, skipped };
}
