/**
 * The browser build's compliance journal: the same entries as the desktop's `journal.jsonl`, one
 * line per IndexedDB record, in order (the engine builds and chains them, journal/entry.ts).
 * An append reads the last line and adds the next one in one read-write transaction, so two tabs
 * cannot fork the chain; a transaction is all or nothing, so no entry is ever torn here.
 *
 * @see https://developer.mozilla.org/en-US/docs/Web/API/IndexedDB_API/Using_IndexedDB
 */
import { entryLine, nextEntry, verifyJournal } from '@engine';
import type { JournalTip, JournalWork } from '@engine';
import { MAX_JOURNAL_READ_BYTES } from '../../src-main/bridge/journal-contract';
import type { JournalAppended, JournalRead } from '../../src-main/bridge/journal-contract';

export const JOURNAL_DB = 'instant-lab-journal';
const STORE = 'lines';

/** Where the journal's lines are kept: IndexedDB in the app, a list in tests. */
export interface JournalLines {
  /** Every line, in order. */
  all(): Promise<string[]>;
  /** Adds the line `next(last)` gives after the last line (null: none yet), as one step. */
  appendAfterLast(next: (last: string | null) => string): Promise<void>;
}

/**
 * The tip a new entry chains to: the last line's entry, read as the engine reads it (the whole
 * journal is checked by the screen; a last line that is no entry leaves no tip, and the next entry's
 * number then tells the break).
 */
function tipOf(last: string | null): JournalTip | null {
  return last === null ? null : verifyJournal(last).tip;
}

/** The journal over `lines`. */
export function journalOver(lines: JournalLines): {
  read(): Promise<JournalRead>;
  append(work: JournalWork): Promise<JournalAppended>;
} {
  return {
    async read() {
      const text = (await lines.all()).join('');
      if (text.length > MAX_JOURNAL_READ_BYTES)
        throw new Error(
          `The journal holds ${text.length} characters; the screen reads at most ${MAX_JOURNAL_READ_BYTES}`,
        );
      return { text, repair: null, where: 'IndexedDB' };
    },
    async append(work) {
      let appended: JournalAppended | undefined;
      await lines.appendAfterLast((last) => {
        const e = nextEntry(tipOf(last), work);
        appended = { seq: e.seq, hash: e.hash };
        return entryLine(e);
      });
      return appended!;
    },
  };
}

const request = <T>(r: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });

/** The journal's lines in IndexedDB (`factory`: `window.indexedDB`). */
export function idbJournalLines(factory: IDBFactory): JournalLines {
  let db: Promise<IDBDatabase> | undefined;
  const open = (): Promise<IDBDatabase> => {
    db ??= new Promise((resolve, reject) => {
      const r = factory.open(JOURNAL_DB, 1);
      r.onupgradeneeded = () => r.result.createObjectStore(STORE, { autoIncrement: true });
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error ?? new Error('IndexedDB could not be opened'));
    });
    return db;
  };
  return {
    async all() {
      const d = await open();
      return (await request(d.transaction(STORE, 'readonly').objectStore(STORE).getAll())) as string[];
    },
    async appendAfterLast(next) {
      const d = await open();
      const tx = d.transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      let failure: unknown = null;
      const done = new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
        tx.onabort = () => reject(failure ?? tx.error ?? new Error('IndexedDB write aborted'));
      });
      // the last record and the new one in the same transaction: no other tab can come between
      const cursor = store.openCursor(null, 'prev');
      cursor.onsuccess = () => {
        const last = cursor.result ? (cursor.result.value as string) : null;
        try {
          store.add(next(last));
        } catch (e) {
          failure = e;
          tx.abort();
        }
      };
      await done;
    },
  };
}
