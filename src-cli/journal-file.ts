/**
 * The compliance journal on disk for the command line (`--journal FILE`, `journal verify`): read
 * once as a stream (journal-stream.ts), checked before any work is done, and appended one entry at a time
 * with the data flushed to the disk (fsync) before the command reports success. A journal that does
 * not verify is never appended to: the command says which entry is broken.
 */
import type { CliLang } from './args';
import { open, stat } from 'node:fs/promises';
import { entryLine, nextEntry } from '@engine';
import type { JournalEntry, JournalTip, JournalVerdict, JournalWork } from '@engine';
import { holdingSignals, inputAt } from './atomic-file';
import type { AtomicWriter } from './atomic-file';
import { UsageError, quotedPath } from './errors';
import { LockWaitInterrupted, breakStaleLockFirst, lockJournal, reason } from './journal-lock';
import type { LockOptions } from './journal-lock';
import { streamJournal } from './journal-stream';
import type { StreamOptions, StreamedJournal } from './journal-stream';

/**
 * A `--journal` file that verified before the work: what it read as, and the state its next entry is
 * appended after (its size, time and last entry), moved on by each entry the command appends.
 */
export interface CheckedJournal {
  readonly path: string;
  readonly read: StreamedJournal;
  bytes: number;
  mtimeMs: number | null;
  tip: JournalTip | null;
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
export async function checkJournalFirst(
  path: string | undefined,
  inputs: Inputs = [],
  options: Omit<StreamOptions, 'missingIsEmpty'> = {},
): Promise<CheckedJournal | null> {
  if (path === undefined) return null;
  const same = await inputAt(path, inputs);
  if (same !== null)
    throw new UsageError(
      `--journal ${quotedPath(path)} is the file read as ${same}: the journal is appended to, and an input is never changed; choose another journal file (nothing was done)`,
    );
  // the lock is named from the journal's real path: a second name made by a hard link would get a lock of its own
  const links = await stat(path).then(
    (s) => (s.isFile() ? s.nlink : 1),
    () => 1,
  );
  if (links > 1)
    throw new UsageError(
      `--journal ${quotedPath(path)} has ${links} names (hard links): commands given two of its names would not wait for each other's appends; give a journal with one name (a copy, or remove its other links) (nothing was done)`,
    );
  const read = await streamJournal('journal', path, { ...options, missingIsEmpty: true });
  if (!read.verdict.ok) throw brokenJournal(path, read.verdict);
  // a lock left by a killed command would otherwise be found only after the work
  await breakStaleLockFirst(path);
  return { path, read, bytes: read.bytes, mtimeMs: read.mtimeMs, tip: read.verdict.tip };
}

function brokenJournal(path: string, v: JournalVerdict): UsageError {
  return new UsageError(
    `--journal ${quotedPath(path)} does not verify (${v.firstBroken!.text.en}); nothing was done: check it with \`instant-lab journal verify ${quotedPath(path)}\``,
  );
}

/** One line for a journal that could not be appended to: the work was done, its entry is not written. */
function notAppended(path: string, why: string): UsageError {
  return new UsageError(
    `cannot append to --journal ${quotedPath(path)}: ${why}; the work was done but is not journaled (the journal was left as it was)`,
  );
}

/**
 * Appends the entry recording `work` to the journal `checked` before the work (created if missing)
 * and returns it. Writers take turns by the journal's lock ({@link lockJournal}); once holding it,
 * the file's size and modification time are compared with those it was verified at: a journal
 * another command appended to meanwhile is read and verified again, and the entry chained after
 * its new last one (a journal that no longer verifies is never appended to). Its size after the
 * write is checked too: a writer that ignores the lock (an older version) is said, never left as
 * two entries of one number unreported. A write that fails (a full disk) is cut back, so no torn
 * line is left.
 */
export async function appendJournal(
  checked: CheckedJournal,
  work: JournalWork,
  options: LockOptions = {},
): Promise<JournalEntry> {
  const release = await lockJournal(checked.path, options, (why) => notAppended(checked.path, why));
  try {
    return await appendLocked(checked, work);
  } finally {
    await release();
  }
}

async function appendLocked(checked: CheckedJournal, work: JournalWork): Promise<JournalEntry> {
  const { path } = checked;
  let handle;
  try {
    handle = await open(path, 'a');
  } catch (err) {
    throw notAppended(path, reason(err));
  }
  try {
    let now = await handle.stat();
    // a file absent when checked is new: only its size (0) tells it was not written meanwhile
    if (now.size !== checked.bytes || (checked.mtimeMs !== null && now.mtimeMs !== checked.mtimeMs)) {
      const read = await streamJournal('journal', path, { missingIsEmpty: true });
      if (!read.verdict.ok)
        throw notAppended(
          path,
          `it changed since it was checked and no longer verifies (${read.verdict.firstBroken!.text.en})`,
        );
      now = await handle.stat();
      if (now.size !== read.bytes) throw changed(path, (read.verdict.tip?.seq ?? 0) + 1, 'before');
      Object.assign(checked, { bytes: read.bytes, mtimeMs: now.mtimeMs, tip: read.verdict.tip });
    }
    const { bytes } = checked;
    const entry = nextEntry(checked.tip, work);
    const line = Buffer.from(entryLine(entry));
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
    const after = await handle.stat();
    if (after.size !== bytes + line.length) throw changed(path, entry.seq, 'while');
    Object.assign(checked, { bytes: after.size, mtimeMs: after.mtimeMs, tip: entry });
    return entry;
  } finally {
    await handle.close();
  }
}

/** The journal's size is not what this command verified and wrote: another writer at the same time. */
function changed(path: string, seq: number, when: 'before' | 'while'): UsageError {
  return when === 'before'
    ? notAppended(path, 'another program is writing to it without taking its lock')
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

/** For the signal tests, which need a real process: SIGTERM sent to itself at a named step, then waited for. */
async function signalAt(step: string): Promise<void> {
  if (process.env.INSTANT_LAB_TEST_SIGTERM_AT !== step) return;
  const seen = new Promise((resolve) => process.once('SIGTERM', resolve));
  // a signal's handle does not keep the process alive: a timer does, until the signal is seen
  const alive = setInterval(() => undefined, 1000);
  process.kill(process.pid, 'SIGTERM');
  await seen;
  clearInterval(alive);
}

const listed = (outs: readonly AtomicWriter[]): string => outs.map((o) => quotedPath(o.target)).join(', ');

/**
 * Puts the outputs `outs` (written whole, not yet committed) under their names with their journal
 * entry, when `journal` is given: each output flushed to the disk under its temporary name, then
 * the entry appended, then each output put under its name, with SIGINT/SIGTERM held from the first
 * step to the last and acted on after it, so both are made or neither (docs/reference/journal.md).
 *
 * - An output that cannot be completed, or a journal that cannot be appended to: no output is put
 *   under its name (all are removed) and the one line says so.
 * - A name that cannot be taken after the entry is written (the folder removed, or without --force
 *   another program created the file meanwhile): an entry is never taken back (the chain would
 *   break), so its truth is kept by the bytes it records: the files not put in place are kept
 *   complete under their temporary names, named in the one line with the entry, to be checked
 *   against its SHA-256 and renamed by hand.
 */
export async function commitJournaled(
  outs: AtomicWriter | readonly AtomicWriter[],
  checked: CheckedJournal | null,
  work: JournalWork,
): Promise<JournalEntry | null> {
  const journal = checked?.path;
  const all = Array.isArray(outs) ? (outs as readonly AtomicWriter[]) : [outs as AtomicWriter];
  const names = listed(all);
  const abortAll = () => Promise.all(all.map((o) => o.abort()));
  // what exists at each step, said if a signal came meanwhile
  let state = `nothing was written (${names} removed${journal !== undefined ? `, --journal ${quotedPath(journal)} left as it was` : ''})`;
  await signalAt('before');
  return holdingSignals(
    async () => {
      await signalAt('complete');
      try {
        for (const o of all) await o.complete();
      } catch (e) {
        await abortAll();
        throw e;
      }
      let entry: JournalEntry | null = null;
      if (journal !== undefined)
        try {
          await signalAt('append');
          entry = await appendJournal(checked!, work);
        } catch (e) {
          await abortAll();
          // SIGINT/SIGTERM during the wait for the lock: said once the held step ends, nothing written
          if (e instanceof LockWaitInterrupted) return null;
          if (e instanceof UsageError) {
            const err = new UsageError(
              `${e.message.replace(/; the work was done but is not journaled.*$/, '')}; so ${names} ${all.length === 1 ? 'was' : 'were'} not written either`,
            );
            state = err.message;
            throw err;
          }
          throw e;
        }
      await signalAt('publish');
      const left: AtomicWriter[] = [];
      let failure: unknown = null;
      for (const o of all)
        try {
          if (failure === null) await o.publish();
          else left.push(o);
        } catch (e) {
          failure = e;
          left.push(o);
        }
      if (failure !== null) {
        if (!entry) {
          await Promise.all(left.map((o) => o.abort()));
          if (failure instanceof Error) state = failure.message;
          throw failure;
        }
        const kept = left.map((o) => `${quotedPath(o.target)} as ${quotedPath(o.keep())}`).join(', ');
        const err = new UsageError(
          `${failure instanceof Error ? failure.message.replace(/ \(nothing was written\)$/, '') : String(failure)}; entry ${entry.seq} of --journal ${quotedPath(journal!)} records ${left.length === 1 ? 'it, so its bytes are' : 'them, so their bytes are'} kept: ${kept} (check the SHA-256 against the entry, then rename)`,
        );
        state = err.message;
        throw err;
      }
      state =
        entry !== null
          ? `${names} and entry ${entry.seq} in --journal ${quotedPath(journal!)} were written`
          : `${names} ${all.length === 1 ? 'was' : 'were'} written`;
      await signalAt('done');
      return entry;
    },
    () => state,
  );
}
