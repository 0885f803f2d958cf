/**
 * The compliance journal on disk for the command line (`--journal FILE`, `journal verify`): read
 * whole (bounded by size), checked before anything is appended, and appended one entry at a time
 * with the data flushed to the disk (fsync) before the command reports success. A journal that does
 * not verify is never appended to: the command says which entry is broken.
 */
import { open } from 'node:fs/promises';
import { entryLine, nextEntry, verifyJournal } from '@engine';
import type { JournalEntry, JournalVerdict, JournalWork } from '@engine';
import { readBoundedFile } from './bounded-file';
import { UsageError } from './errors';

/** A journal is at most 256 MiB (about a million entries): a larger file is refused unread. */
export const MAX_JOURNAL_BYTES = 256 * 1024 * 1024;

const tooLarge = (size: number): string =>
  `the journal is ${size} bytes; at most ${MAX_JOURNAL_BYTES} bytes are read (start a new journal file)`;

/** The journal at `path` checked entry by entry; a file that does not exist is an empty journal when `missingIsEmpty`. */
export async function readJournal(flag: string, path: string, missingIsEmpty: boolean): Promise<JournalVerdict> {
  try {
    return verifyJournal(await readBoundedFile(flag, path, MAX_JOURNAL_BYTES, tooLarge));
  } catch (err) {
    if (missingIsEmpty && err instanceof UsageError && err.message.endsWith('it does not exist'))
      return verifyJournal('');
    throw err;
  }
}

/**
 * Refuses a `--journal FILE` that does not verify, before any work is done (a file not there yet is
 * a new journal); returns its verdict (its entries), or null without `--journal`.
 */
export async function checkJournalFirst(path: string | undefined): Promise<JournalVerdict | null> {
  if (path === undefined) return null;
  const v = await readJournal('journal', path, true);
  if (!v.ok) throw brokenJournal(path, v);
  return v;
}

function brokenJournal(path: string, v: JournalVerdict): UsageError {
  return new UsageError(
    `--journal "${path}" does not verify (${v.firstBroken!.text.en}); nothing was done: check it with \`npm run journal -- verify ${path}\``,
  );
}

/**
 * Appends the entry recording `work` to the journal at `path` (created if missing) and returns it.
 * Refused, with the first broken entry named, when the journal does not verify.
 */
export async function appendJournal(path: string, work: JournalWork): Promise<JournalEntry> {
  const v = await readJournal('journal', path, true);
  if (!v.ok) throw brokenJournal(path, v);
  const entry = nextEntry(v.tip, work);
  const handle = await open(path, 'a');
  try {
    await handle.write(entryLine(entry));
    await handle.sync();
  } finally {
    await handle.close();
  }
  return entry;
}
