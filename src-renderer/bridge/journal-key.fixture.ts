/** The journal key's slot in memory, for tests: what IndexedDB does for it, without a browser. */
import type { JournalHeadOf, JournalKeySlot } from './journal-key-idb';
import { journalHeadHandler } from '@shared/journal/hash-handlers';

export function memoryKeySlot(): JournalKeySlot & { made: number } {
  let kept: CryptoKeyPair | undefined;
  const slot = {
    made: 0,
    async getOrMake(make: () => Promise<CryptoKeyPair>) {
      if (kept) return kept;
      const k = await make();
      slot.made++;
      // the first key kept wins, as IndexedDB's `add` makes it
      kept ??= k;
      return kept;
    },
  };
  return slot;
}

/** The journal's head as the worker's `journalHead` gives it, computed in this thread for tests. */
export const headInThread: JournalHeadOf = async (text) => journalHeadHandler({ text }, () => undefined);
