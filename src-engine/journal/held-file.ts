/**
 * The checkpoint a file holds, whatever file the user gave: a checkpoint file (`journal checkpoint
 * --out`), or a bundle's or a dispute case's zip carrying its journal entries with their checkpoint.
 * The file's first bytes say which (a zip starts with a local file header); each format has its one
 * reader ({@link readCheckpoint}, {@link heldFromZip}), so the screen reads them as the command line does.
 */
import { localized } from '../i18n/localized-text';
import type { LocalizedText } from '../i18n/localized-text';
import { MAX_CHECKPOINT_BYTES, readCheckpoint } from './checkpoint';
import { heldFromZip } from './against';
import type { HeldCheckpoint } from './against';
import type { ByteSource } from '../evidence/zip-entries';

const ZIP_HEAD = [0x50, 0x4b, 0x03, 0x04];

/** The checkpoint `src` holds, named `name`; why none, otherwise. Reads only the bytes it needs. */
export async function heldFromFile(name: string, src: ByteSource): Promise<HeldCheckpoint | LocalizedText> {
  const head = await src.read(0, Math.min(src.size, ZIP_HEAD.length));
  if (head.length === ZIP_HEAD.length && ZIP_HEAD.every((b, i) => head[i] === b)) return heldFromZip(name, src);
  if (src.size > MAX_CHECKPOINT_BYTES)
    return localized(
      `${name}: ${src.size} bytes, not a zip: expected a checkpoint (one line of at most ${MAX_CHECKPOINT_BYTES} bytes) or a bundle or dispute case .zip`,
      `${name} : ${src.size} octets, pas un zip : attendu un point de contrôle (une ligne d'au plus ${MAX_CHECKPOINT_BYTES} octets) ou un dossier de preuves ou de litige .zip`,
    );
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await src.read(0, src.size));
  } catch {
    return localized(
      `${name}: not UTF-8 text, so no checkpoint; expected a checkpoint .json or a bundle or dispute case .zip`,
      `${name} : pas du texte UTF-8, donc pas un point de contrôle ; attendu un point de contrôle .json ou un dossier de preuves ou de litige .zip`,
    );
  }
  const c = readCheckpoint(text);
  if (!('checkpoint' in c)) return localized(`${name}: ${c.en}`, `${name} : ${c.fr}`);
  return { name, checkpoint: c, entries: [] };
}
