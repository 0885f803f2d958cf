/** The compliance journal checked off the UI thread: a journal of many entries hashes for a while. */
import { utf8ToBytes } from '@noble/hashes/utils.js';
import {
  JOURNAL_EXCERPT_PATH,
  excerptOfZip,
  heldFromFile,
  journalExcerpt,
  journalTree,
  localized,
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

/** The journal against each file's checkpoint, as `journal verify --against` checks it. */
export const journalAgainstHandler: Handler<'journalAgainst'> = async (input) => {
  const held: HeldCheckpoint[] = [];
  const refused: { name: string; text: LocalizedText }[] = [];
  for (const f of input.files) {
    const h = await heldFromFile(f.name, blobSource(f.file));
    if ('checkpoint' in h) held.push(h);
    else refused.push({ name: f.name, text: h });
  }
  return { verdict: verifyAgainst(journalTree(utf8ToBytes(input.journal)), held), refused };
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
