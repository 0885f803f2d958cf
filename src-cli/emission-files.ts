/**
 * The files of an emission: every `*.jsonl` and `*.csv` of a folder (sorted, not recursive), or
 * the files a supplier's manifest lists. What a folder holds besides is named and skipped, with
 * why; a manifest is read bounded and one way only, its files named relative to its own folder.
 */
import { opendir, lstat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { MAX_MANIFEST_BYTES, parseEmissionManifest } from '@engine';
import type { EmissionManifest, Said } from '@engine';
import { readBoundedFile } from './bounded-file';
import { UsageError, quotedPath } from './errors';

/** Entries a folder may hold: an emission of 10,000 blocks, with room for what else lies there. */
export const MAX_FOLDER_ENTRIES = 20_000;

const isExport = (name: string): boolean => /\.(jsonl|csv)$/i.test(name);

/** Why an entry of a folder that is not a regular export file is skipped. */
function skippedWhy(kind: string): Said {
  switch (kind) {
    case 'symlink':
      return {
        message: 'a symbolic link: not followed (give the file it points to by its own name)',
        fr: 'un lien symbolique : non suivi (donnez le fichier qu’il désigne par son propre nom)',
      };
    case 'folder':
      return {
        message: 'a folder: folders inside are not read (give it on its own)',
        fr: 'un dossier : les dossiers à l’intérieur ne sont pas lus (donnez-le à part)',
      };
    case 'other':
      return {
        message: 'not a regular file (a named pipe, socket or device)',
        fr: 'pas un fichier ordinaire (un tube nommé, une socket ou un périphérique)',
      };
    default:
      return {
        message: 'not a .jsonl or .csv export',
        fr: 'pas un export .jsonl ou .csv',
      };
  }
}

/** The exports of `dir` (sorted by name) and what was skipped; a folder with no export is refused. */
export async function folderExports(dir: string): Promise<{ files: string[]; skipped: { file: string; why: Said }[] }> {
  const names: string[] = [];
  try {
    const d = await opendir(dir);
    for await (const entry of d) {
      names.push(entry.name);
      if (names.length > MAX_FOLDER_ENTRIES) {
        await d.close().catch(() => undefined);
        throw new UsageError(
          `folder ${quotedPath(dir)} holds more than ${MAX_FOLDER_ENTRIES} entries: give a manifest (--manifest FILE.json) listing the emission's files`,
          `le dossier ${quotedPath(dir)} contient plus de ${MAX_FOLDER_ENTRIES} entrées : donnez un manifeste (--manifest FICHIER.json) listant les fichiers de l’émission`,
        );
      }
    }
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(
      `cannot read folder ${quotedPath(dir)}: ${(err as Error).message}`,
      `impossible de lire le dossier ${quotedPath(dir)} : ${(err as Error).message}`,
    );
  }
  names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const files: string[] = [];
  const skipped: { file: string; why: Said }[] = [];
  for (const name of names) {
    const path = join(dir, name);
    const info = await lstat(path).catch(() => null);
    const kind = !info
      ? 'other'
      : info.isSymbolicLink()
        ? 'symlink'
        : info.isDirectory()
          ? 'folder'
          : !info.isFile()
            ? 'other'
            : isExport(name)
              ? 'export'
              : 'not-export';
    if (kind === 'export') files.push(path);
    else skipped.push({ file: path, why: skippedWhy(kind) });
  }
  if (files.length === 0)
    throw new UsageError(
      `folder ${quotedPath(dir)} holds no .jsonl or .csv export${skipped.length > 0 ? ` (${skipped.length} other ${skipped.length === 1 ? 'entry' : 'entries'} skipped: ${skipped.map((s) => quotedPath(s.file)).join(', ')})` : ' (it is empty)'}: give a folder of exports, a list of files, or --manifest FILE.json`,
      `le dossier ${quotedPath(dir)} ne contient aucun export .jsonl ou .csv${skipped.length > 0 ? ` (${skipped.length} autre${skipped.length > 1 ? 's' : ''} entrée${skipped.length > 1 ? 's' : ''} ignorée${skipped.length > 1 ? 's' : ''} : ${skipped.map((s) => quotedPath(s.file)).join(', ')})` : ' (il est vide)'} : donnez un dossier d’exports, une liste de fichiers, ou --manifest FICHIER.json`,
    );
  return { files, skipped };
}

/** A supplier's manifest, read and checked; its files' paths made relative to the manifest's folder. */
export async function readManifest(path: string): Promise<EmissionManifest> {
  const text = await readBoundedFile(
    'manifest',
    path,
    MAX_MANIFEST_BYTES,
    (size) => `the file is ${size} bytes: an emission manifest is at most ${MAX_MANIFEST_BYTES} bytes`,
  );
  const r = parseEmissionManifest(text);
  if (!r.ok)
    throw new UsageError(
      `--manifest ${quotedPath(path)} is refused: ${r.message}`,
      `--manifest ${quotedPath(path)} est refusé : ${r.fr}`,
    );
  const base = dirname(path);
  return { emission: r.manifest.emission, files: r.manifest.files.map((f) => ({ ...f, file: join(base, f.file) })) };
}
