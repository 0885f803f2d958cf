/**
 * What the app does with its own journal at start when the last write was cut off (a crash, a
 * power cut, a full disk): the torn bytes are never dropped silently. They are kept aside in a file
 * of their own, the journal is cut back to its last whole line, and the next entry, of kind
 * `journal-repair`, records the repair — the torn line's number, size and SHA-256, and the file
 * that holds it — so the chain goes on intact and the repair stays in it for good.
 *
 * Pure: the desktop's main process does the file work (main/journal-store.ts).
 */
import { sha256Hex } from './entry';
import type { JournalWork } from './entry';

/** A journal's bytes split at its last end of line. */
export interface JournalSplit {
  /** Every whole line, newline included. */
  readonly whole: Uint8Array;
  /** The bytes after the last end of line (a torn write), or null when the file ends with one. */
  readonly torn: Uint8Array | null;
  /** The torn line's number (from 1), when there is one. */
  readonly tornLine: number | null;
}

const NEWLINE = 0x0a;

/** Splits `bytes` at the last newline (a newline byte is never inside a UTF-8 character). */
export function splitTorn(bytes: Uint8Array): JournalSplit {
  const end = bytes.lastIndexOf(NEWLINE) + 1;
  if (end === bytes.length) return { whole: bytes, torn: null, tornLine: null };
  let lines = 0;
  for (let i = 0; i < end; i++) if (bytes[i] === NEWLINE) lines++;
  return { whole: bytes.subarray(0, end), torn: bytes.subarray(end), tornLine: lines + 1 };
}

/** The name of the file a torn tail is kept in, beside the journal (`n` > 1 when that name is taken). */
export function tornFileName(at: Date, n: number): string {
  return `journal.torn-${at.toISOString().replace(/[:.]/g, '-')}${n > 1 ? `-${n}` : ''}.txt`;
}

/** What the app tells the user about its journal at start. */
export interface JournalRepair {
  /** The torn line's number. */
  readonly line: number;
  readonly bytes: number;
  readonly sha256: string;
  /** The file the torn bytes were kept in, or null when they could not be kept (the journal was then left untouched). */
  readonly keptAs: string | null;
  /** The number of the entry that records the repair, or null when none could be written. */
  readonly seq: number | null;
}

/** The entry recording that a torn tail of `torn.bytes` was kept as `keptAs` and cut from the journal. */
export function journalRepairWork(
  torn: Uint8Array,
  line: number,
  keptAs: string,
  wholeBytes: number,
  app: string,
  at: Date,
): JournalWork {
  return {
    kind: 'journal-repair',
    at: at.toISOString(),
    app,
    generator: null,
    inputs: { torn_line: line, torn_bytes: torn.length, torn_sha256: sha256Hex(torn) },
    outputs: { kept_as: keptAs, journal_cut_to_bytes: wholeBytes },
  };
}
