/**
 * What a journal check says of one line: its problem and its words. A module of its own so that the
 * whole check and the excerpt's inclusion check share it without importing each other.
 */
import type { LocalizedText } from '../i18n/localized-text';

/** What is wrong with one line of a journal. */
export type JournalProblem =
  | 'torn' // the last line has no newline: a write was cut off
  | 'unreadable' // not JSON, or not an entry's shape
  | 'not-canonical' // JSON, but not the one text of its entry (a duplicate key, an edit)
  | 'altered' // its hash is not the hash of its content
  | 'missing' // entries are missing before it (its number jumps)
  | 'after-unread' // its number jumps over lines that could not be read: their entries may be there, unread
  | 'broken-link' // its `prev` is not the hash of the entry before it
  | 'not-included'; // an excerpt's proof does not lead to its checkpoint, or the checkpoint's signature fails

export interface JournalFinding {
  /** The line, from 1. */
  readonly line: number;
  /** The entry's number as written, when readable. */
  readonly seq: number | null;
  readonly problem: JournalProblem;
  readonly text: LocalizedText;
}
