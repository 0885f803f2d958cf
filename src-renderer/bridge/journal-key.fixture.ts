/** The journal key's slot in memory, for tests: what IndexedDB does for it, without a browser. */
import type { JournalKeySlot } from './journal-key-idb';

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
