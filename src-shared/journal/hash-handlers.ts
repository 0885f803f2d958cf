/**
 * The hashing of a whole compliance journal, a job for a worker wherever it runs (the page's Web
 * Worker, the desktop main process's worker thread): a journal of many entries hashes for seconds,
 * and the thread that answers the user must not.
 */
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { journalTree, verifyJournal } from '@engine';
import type { Handler } from '../jobs/protocol';

/** The journal's size and root, for the app's key to sign (the key signs; the hashing is done here). */
export const journalHeadHandler: Handler<'journalHead'> = (input) => {
  const tree = journalTree(utf8ToBytes(input.text));
  return { size: tree.leaves.size, root: bytesToHex(tree.root) };
};

/** The entry the next one chains to: the last of the file's whole lines, every entry checked. */
export const journalTipHandler: Handler<'journalTip'> = (input) => verifyJournal(input.bytes).tip;
