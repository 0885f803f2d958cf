/**
 * `--presentation FILE.json`: presentation settings saved by the simulation screen (format
 * `instant-lab-presentation/1`: generator version, M6 reading, weights M4/G2), read with its size
 * bounded, and checked against the blocks' table: another game, another stake or a level that is
 * not in the table is refused, every problem named once.
 */
import { MAX_PRESENTATION_BYTES, parsePresentationJson, presentationProblemsFor } from '@engine';
import type { PresentationFile, PrizeTable, SettingsProblem } from '@engine';
import { readBoundedFile } from './bounded-file';
import { UsageError } from './errors';
import { presentationTooLarge } from '@engine';

function refused(path: string, problems: readonly SettingsProblem[]): UsageError {
  return new UsageError(
    `--presentation "${path}" is refused: ${problems.map((p) => p.message).join('; ')}`,
    `--presentation "${path}" est refusé : ${problems.map((p) => p.fr).join(' ; ')}`,
  );
}

/** Reads a settings file and checks it can make blocks of `table`. */
export async function readPresentationFile(path: string, table: PrizeTable): Promise<PresentationFile> {
  const text = await readBoundedFile(
    'presentation',
    path,
    MAX_PRESENTATION_BYTES,
    (size) => presentationTooLarge(size).message,
  );
  const r = parsePresentationJson(text);
  if (!r.ok) throw refused(path, r.problems);
  const problems = presentationProblemsFor(r.file, table);
  if (problems.length > 0) throw refused(path, problems);
  return r.file;
}
