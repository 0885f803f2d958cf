/** The journal's lines in memory, for tests: what IndexedDB holds, without a browser. */
import type { JournalLines } from './journal-idb';

export function memoryJournalLines(initial: string[] = []): JournalLines & { lines: string[] } {
  const lines = [...initial];
  return {
    lines,
    all: () => Promise.resolve([...lines]),
    appendAfterLast: (next) => {
      lines.push(next(lines.at(-1) ?? null));
      return Promise.resolve();
    },
  };
}
