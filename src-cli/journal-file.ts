/**
 * The compliance journal on disk for the command line (`--journal FILE`, `journal verify`): read
 * whole (bounded by size), checked before anything is appended, and appended one entry at a time
 * with the data flushed to the disk (fsync) before the command reports success. A journal that does
 * not verify is never appended to: the command says which entry is broken.
 */
import type { CliLang } from './args';
import { open } from 'node:fs/promises';
import { entryLine, nextEntry, verifyJournal } from '@engine';
import type { JournalEntry, JournalVerdict, JournalWork } from '@engine';
import { holdingSignals, inputAt } from './atomic-file';
import type { AtomicWriter } from './atomic-file';
import { readBoundedBytes } from './bounded-file';
import { UsageError, quotedPath } from './errors';

/** A journal is at most 256 MiB (about a million entries): a larger file is refused unread. */
export const MAX_JOURNAL_BYTES = 256 * 1024 * 1024;

const tooLarge = (size: number): string =>
  `the journal is ${size} bytes; at most ${MAX_JOURNAL_BYTES} bytes are read (start a new journal file)`;

/** A journal checked, with the number of bytes it was checked on. */
interface JournalRead {
  readonly verdict: JournalVerdict;
  readonly bytes: number;
}

async function readJournalBytes(flag: string, path: string, missingIsEmpty: boolean): Promise<JournalRead> {
  try {
    const bytes = await readBoundedBytes(flag, path, MAX_JOURNAL_BYTES, tooLarge);
    // bytes, not text: a line that is not UTF-8 is named, never read with replacement characters
    return { verdict: verifyJournal(bytes), bytes: bytes.length };
  } catch (err) {
    if (missingIsEmpty && err instanceof UsageError && err.message.endsWith('it does not exist'))
      return { verdict: verifyJournal(''), bytes: 0 };
    throw err;
  }
}

/** The journal at `path` checked entry by entry; a file that does not exist is an empty journal when `missingIsEmpty`. */
export async function readJournal(flag: string, path: string, missingIsEmpty: boolean): Promise<JournalVerdict> {
  return (await readJournalBytes(flag, path, missingIsEmpty)).verdict;
}

/** The files a command reads, by flag (`''` for a positional file), as {@link inputAt} takes them. */
type Inputs = readonly { readonly flag: string; readonly path: string | undefined }[];

/**
 * Refuses a `--journal FILE` that does not verify, before any work is done (a file not there yet is
 * a new journal), or that is one of the command's `inputs` (appending to it would change what the
 * user gave: the output over input rule); returns its verdict (its entries), or null without
 * `--journal`. The command's `--out` must list the journal among its own inputs, so that no output
 * replaces it either.
 */
export async function checkJournalFirst(path: string | undefined, inputs: Inputs = []): Promise<JournalVerdict | null> {
  if (path === undefined) return null;
  const same = await inputAt(path, inputs);
  if (same !== null)
    throw new UsageError(
      `--journal ${quotedPath(path)} is the file read as ${same}: the journal is appended to, and an input is never changed; choose another journal file (nothing was done)`,
    );
  const v = await readJournal('journal', path, true);
  if (!v.ok) throw brokenJournal(path, v);
  return v;
}

function brokenJournal(path: string, v: JournalVerdict): UsageError {
  return new UsageError(
    `--journal ${quotedPath(path)} does not verify (${v.firstBroken!.text.en}); nothing was done: check it with \`instant-lab journal verify ${quotedPath(path)}\``,
  );
}

const WRITE_REASONS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is exceeded',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOENT: 'its folder does not exist',
  ENOTDIR: 'a part of its path is a file, not a folder',
  EISDIR: 'it is a folder',
  EIO: 'an input/output error of the device',
};

/** One line for a journal that could not be appended to: the work was done, its entry is not written. */
function notAppended(path: string, why: string): UsageError {
  return new UsageError(
    `cannot append to --journal ${quotedPath(path)}: ${why}; the work was done but is not journaled (the journal was left as it was)`,
  );
}

const reason = (err: unknown): string => {
  const code = err instanceof Error && 'code' in err ? String(err.code) : '';
  return WRITE_REASONS[code] ?? (code === '' ? String(err) : `system error ${code}`);
};

/**
 * Appends the entry recording `work` to the journal at `path` (created if missing) and returns it.
 * Refused, with the first broken entry named, when the journal does not verify. The file's size is
 * checked against the size it was verified at, before and after the write: another program (a
 * second command, the app) appending at the same time is said, never left as two entries of one
 * number unreported. A write that fails (a full disk) is cut back, so no torn line is left.
 */
export async function appendJournal(path: string, work: JournalWork): Promise<JournalEntry> {
  const { verdict: v, bytes } = await readJournalBytes('journal', path, true);
  if (!v.ok) throw brokenJournal(path, v);
  const entry = nextEntry(v.tip, work);
  const line = Buffer.from(entryLine(entry));
  let handle;
  try {
    handle = await open(path, 'a');
  } catch (err) {
    throw notAppended(path, reason(err));
  }
  try {
    if ((await handle.stat()).size !== bytes) throw changed(path, entry.seq, 'before');
    try {
      // a full disk first writes part of the line, then refuses the rest
      for (let done = 0; done < line.length; )
        done += (await handle.write(line, done, line.length - done)).bytesWritten;
      await handle.sync();
    } catch (err) {
      // a partial line would be a torn entry: cut back to what was verified
      await handle.truncate(bytes).catch(() => undefined);
      throw notAppended(path, reason(err));
    }
    if ((await handle.stat()).size !== bytes + line.length) throw changed(path, entry.seq, 'while');
  } finally {
    await handle.close();
  }
  return entry;
}

/** The journal's size is not what this command verified and wrote: another writer at the same time. */
function changed(path: string, seq: number, when: 'before' | 'while'): UsageError {
  return when === 'before'
    ? notAppended(path, 'it changed since it was checked (another program is appending to it)')
    : new UsageError(
        `--journal ${quotedPath(path)}: another program wrote to it while entry ${seq} was appended, so two entries may share that number: check it with \`instant-lab journal verify ${path}\``,
      );
}

/** The line a command prints once its work is journaled, in the command's language. */
export function journaledLine(entry: JournalEntry, path: string, lang: CliLang): string {
  return lang === 'fr'
    ? `journal : entrée ${entry.seq} ajoutée à ${quotedPath(path)} (${entry.hash})\n`
    : `journal: entry ${entry.seq} appended to ${quotedPath(path)} (${entry.hash})\n`;
}

/**
 * Puts `out` under its name with its journal entry (when `journal` is given), the entry first: a
 * journal that cannot be appended to leaves no output (it is removed, and said), and SIGINT/SIGTERM
 * meanwhile is acted on once both are written, never between them (README « journal »).
 */
export async function commitJournaled(
  out: AtomicWriter,
  journal: string | undefined,
  work: JournalWork,
): Promise<JournalEntry | null> {
  return holdingSignals(
    async () => {
      let entry: JournalEntry | null = null;
      if (journal !== undefined)
        try {
          entry = await appendJournal(journal, work);
        } catch (e) {
          await out.abort();
          if (e instanceof UsageError)
            throw new UsageError(
              `${e.message.replace(/; the work was done but is not journaled.*$/, '')}; so ${quotedPath(out.target)} was not written either`,
            );
          throw e;
        }
      try {
        await out.commit();
      } catch (e) {
        await out.abort();
        if (entry && e instanceof Error)
          throw new UsageError(
            `${e.message}; but entry ${entry.seq} of --journal ${quotedPath(journal!)} records it: the journal names a file that is not there`,
          );
        throw e;
      }
      return entry;
    },
    `${quotedPath(out.target)}${journal !== undefined ? ` and its entry in --journal ${quotedPath(journal)}` : ''} were written`,
  );
}
