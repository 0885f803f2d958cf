/**
 * The checkpoint a file holds, whatever file the user gave: a checkpoint file (`journal checkpoint
 * --out`), an audit report (HTML or JSON) carrying one, or a bundle's or a dispute case's zip
 * carrying its journal entries with their checkpoint. The file's first bytes say which (a zip
 * starts with a local file header, a report as it is written); each format has its one reader
 * ({@link readCheckpoint}, {@link checkpointOfReport}, {@link heldFromZip}), so the screen reads
 * them as the command line does.
 */
import { localized } from '../i18n/localized-text';
import type { LocalizedText } from '../i18n/localized-text';
import { MAX_CHECKPOINT_BYTES, readCheckpoint } from './checkpoint';
import { heldFromZip } from './against';
import type { HeldCheckpoint } from './against';
import { MAX_REPORT_BYTES, checkpointOfReport } from './report-checkpoint';
import type { ByteSource } from '../evidence/zip-entries';

const ZIP_HEAD = [0x50, 0x4b, 0x03, 0x04];

/** What a file that holds no checkpoint was expected to be, after its size. */
export const tooLargeForCheckpoint = (size: number): LocalizedText =>
  localized(
    `${size} bytes, not a zip: expected a checkpoint (one line of at most ${MAX_CHECKPOINT_BYTES} bytes), an audit report (at most ${MAX_REPORT_BYTES} bytes) or a bundle or dispute case .zip`,
    `${size} octets, pas un zip : attendu un point de contrôle (une ligne d'au plus ${MAX_CHECKPOINT_BYTES} octets), un rapport d'audit (au plus ${MAX_REPORT_BYTES} octets) ou un dossier de preuves ou de litige .zip`,
  );

/**
 * The checkpoint the bytes of a file that is no zip hold (a checkpoint file or an audit report),
 * named `name`; why none otherwise, each message after `label` (the name by default).
 */
export function heldFromBytes(name: string, bytes: Uint8Array, label = name): HeldCheckpoint | LocalizedText {
  const say = (t: LocalizedText): LocalizedText => localized(`${label}: ${t.en}`, `${label} : ${t.fr}`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return say(
      localized(
        'not UTF-8 text, so no checkpoint; expected a checkpoint .json, an audit report or a bundle or dispute case .zip',
        "pas du texte UTF-8, donc pas un point de contrôle ; attendu un point de contrôle .json, un rapport d'audit ou un dossier de preuves ou de litige .zip",
      ),
    );
  }
  const report = checkpointOfReport(text);
  const c =
    report ?? (bytes.length > MAX_CHECKPOINT_BYTES ? tooLargeForCheckpoint(bytes.length) : readCheckpoint(text));
  return 'checkpoint' in c ? { name, checkpoint: c, entries: [] } : say(c);
}

/** The checkpoint `src` holds, named `name`; why none, otherwise. Reads only the bytes it needs. */
export async function heldFromFile(name: string, src: ByteSource): Promise<HeldCheckpoint | LocalizedText> {
  const head = await src.read(0, Math.min(src.size, ZIP_HEAD.length));
  if (head.length === ZIP_HEAD.length && ZIP_HEAD.every((b, i) => head[i] === b)) return heldFromZip(name, src);
  if (src.size > MAX_REPORT_BYTES) {
    const t = tooLargeForCheckpoint(src.size);
    return localized(`${name}: ${t.en}`, `${name} : ${t.fr}`);
  }
  return heldFromBytes(name, await src.read(0, src.size));
}
