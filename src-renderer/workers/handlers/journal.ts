/** The compliance journal checked off the UI thread: a journal of many entries hashes for a while. */
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import {
  InputError,
  JOURNAL_EXCERPT_PATH,
  MAX_KEY_FILE_BYTES,
  excerptOfZip,
  fingerprint,
  heldFromFile,
  journalExcerpt,
  journalTree,
  localized,
  parsePublicKey,
  treeOfRows,
  verifyAgainst,
  verifyJournal,
} from '@engine';
import type { ByteSource, HeldCheckpoint, LocalizedText } from '@engine';
import type { Handler } from '@shared/jobs/protocol';

export const verifyJournalHandler: Handler<'verifyJournal'> = async (input) => verifyJournal(input.text);

/**
 * The entries on some blocks with their inclusion proofs against the checkpoint signed over this
 * text. A journal that does not verify has no tree to prove entries in: its excerpt then carries no
 * checkpoint, and the Journal screen names the break.
 */
export const provedExcerptHandler: Handler<'provedExcerpt'> = async (input) => {
  const { rows } = verifyJournal(input.text);
  let tree: ReturnType<typeof treeOfRows>;
  try {
    tree = treeOfRows(rows);
  } catch {
    return journalExcerpt(rows, input.blocks);
  }
  return journalExcerpt(rows, input.blocks, { tree, checkpoint: input.checkpoint });
};

/** A file the user gave, read only where the zip reader asks (its directory and the journal entries). */
export function blobSource(blob: Blob): ByteSource {
  return {
    size: blob.size,
    read: async (offset, length) => new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer()),
  };
}

/**
 * The key of a public key file, read as `--pub` reads it: bounded, then by the engine's reader of
 * `keygen`'s KEYFILE.pub; why not, in both languages.
 */
async function readPub(name: string, file: Blob): Promise<string | LocalizedText> {
  if (file.size > MAX_KEY_FILE_BYTES)
    return localized(
      `${name}: ${file.size} bytes: a public key file is one line of at most ${MAX_KEY_FILE_BYTES} bytes`,
      `${name} : ${file.size} octets : un fichier de clé publique est une ligne d'au plus ${MAX_KEY_FILE_BYTES} octets`,
    );
  try {
    return parsePublicKey(await file.text(), name);
  } catch (e) {
    if (e instanceof InputError) return e.text;
    throw e;
  }
}

/** The journal against each file's checkpoint, as `journal verify --against [--pub]` checks it. */
export const journalAgainstHandler: Handler<'journalAgainst'> = async (input) => {
  const held: HeldCheckpoint[] = [];
  const refused: { name: string; text: LocalizedText }[] = [];
  let pinned: string | null = null;
  let key: { name: string; fingerprint: string } | null = null;
  const tree = journalTree(utf8ToBytes(input.journal));
  if (input.pub) {
    const read = await readPub(input.pub.name, input.pub.file);
    // a key required that does not read checks nothing, as `--pub` refuses: never each checkpoint against its own key
    if (typeof read !== 'string') {
      const text = localized(
        `${read.en}; no checkpoint was checked: they must be signed with the key this file should hold`,
        `${read.fr} ; aucun point de contrôle n'a été vérifié : ils doivent être signés par la clé que ce fichier devrait contenir`,
      );
      const verdict = { ...verifyAgainst(tree, [], null, localized('', '')), ok: false };
      return { verdict, refused: [{ name: input.pub.name, text }], key: null };
    }
    pinned = read;
    key = { name: input.pub.name, fingerprint: fingerprint(hexToBytes(read)) };
  }
  for (const f of input.files) {
    const h = await heldFromFile(f.name, blobSource(f.file));
    if ('checkpoint' in h) held.push(h);
    else refused.push({ name: f.name, text: h });
  }
  const given = localized(`the key given in ${input.pub?.name}`, `la clé donnée dans ${input.pub?.name}`);
  return { verdict: verifyAgainst(tree, held, pinned, given), refused, key };
};

/** A bundle's or case's journal entries, decoded as the screen decodes a journal file it opens. */
export const openJournalZipHandler: Handler<'openJournalZip'> = async (input) => {
  const out = await excerptOfZip(input.name, blobSource(input.file));
  if (out === null)
    return {
      refused: localized(
        `${input.name}: holds no journal entries (${JOURNAL_EXCERPT_PATH}): a bundle or case made without a journal`,
        `${input.name} : ne contient pas d'entrées de journal (${JOURNAL_EXCERPT_PATH}) : un dossier fait sans journal`,
      ),
    };
  if (!(out instanceof Uint8Array)) return { refused: out };
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(out);
  return { verdict: verifyJournal(text), text };
};
