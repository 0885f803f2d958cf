/**
 * The browser build's journal key: an Ed25519 WebCrypto key pair made on first need, its private
 * half not extractable, kept in IndexedDB (a CryptoKey is stored as it is: the page can sign with
 * it but never read it). It signs the journal's checkpoints in the engine's format, so the command
 * line checks them as it checks those of `keygen`'s keys.
 *
 * @see https://developer.mozilla.org/en-US/docs/Web/API/SubtleCrypto/generateKey
 * @see https://developer.mozilla.org/en-US/docs/Web/API/IndexedDB_API/Basic_Terminology#structured_clone
 */
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { checkpointToSign, fingerprint } from '@engine';
import type { JournalCheckpoint, JournalKey, JournalRead } from '../../src-main/bridge/journal-contract';

export const JOURNAL_KEY_DB = 'instant-lab-journal-key';
const STORE = 'keys';
const KEY_ID = 'journal';
const ED25519 = { name: 'Ed25519' } as const;

/** Where the key pair is kept: IndexedDB in the app, a variable in tests. */
export interface JournalKeySlot {
  /** The key kept, or the one `make` gives, kept now; when two tabs make one at once, the first kept wins. */
  getOrMake(make: () => Promise<CryptoKeyPair>): Promise<CryptoKeyPair>;
}

/** A journal's size and the root of its tree, hashed off the page's thread (the worker's `journalHead`). */
export type JournalHeadOf = (text: string) => Promise<{ readonly size: number; readonly root: string }>;

/** The journal key over `slot`, signing with `subtle` the head `headOf` gives, at `now`. */
export function journalKeyOver(
  slot: JournalKeySlot,
  subtle: SubtleCrypto,
  headOf: JournalHeadOf,
  now: () => Date = () => new Date(),
): {
  publicKey(): Promise<JournalKey>;
  checkpoint(journal: { read(): Promise<JournalRead> }): Promise<JournalCheckpoint>;
} {
  let pair: Promise<{ keys: CryptoKeyPair; raw: Uint8Array }> | undefined;
  const key = () => {
    pair ??= slot
      .getOrMake(() => subtle.generateKey(ED25519, false, ['sign', 'verify']) as Promise<CryptoKeyPair>)
      .then(async (keys) => ({ keys, raw: new Uint8Array(await subtle.exportKey('raw', keys.publicKey)) }));
    // a failure is told, and the next call tries again
    pair.catch(() => {
      pair = undefined;
    });
    return pair;
  };
  return {
    async publicKey() {
      const { raw } = await key();
      return { publicKey: bytesToHex(raw), fingerprint: fingerprint(raw) };
    },
    async checkpoint(journal) {
      const { keys, raw } = await key();
      const { text } = await journal.read();
      const head = await headOf(text);
      const { body, bytes } = checkpointToSign(head.size, hexToBytes(head.root), now(), raw);
      const signature = new Uint8Array(await subtle.sign(ED25519, keys.privateKey, bytes as BufferSource));
      return { text, checkpoint: { ...body, signature: bytesToHex(signature) } };
    },
  };
}

const request = <T>(r: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });

/** The key pair's slot in IndexedDB (`factory`: `window.indexedDB`). */
export function idbJournalKeySlot(factory: IDBFactory): JournalKeySlot {
  let db: Promise<IDBDatabase> | undefined;
  const open = (): Promise<IDBDatabase> => {
    db ??= new Promise((resolve, reject) => {
      const r = factory.open(JOURNAL_KEY_DB, 1);
      r.onupgradeneeded = () => r.result.createObjectStore(STORE);
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error ?? new Error('IndexedDB could not be opened'));
    });
    return db;
  };
  const kept = async (): Promise<CryptoKeyPair | undefined> =>
    (await request((await open()).transaction(STORE, 'readonly').objectStore(STORE).get(KEY_ID))) as
      | CryptoKeyPair
      | undefined;
  return {
    async getOrMake(make) {
      const found = await kept();
      if (found) return found;
      // made outside a transaction (one would close while the key is made); `add` refuses a second key
      const made = await make();
      const added = await request(
        (await open()).transaction(STORE, 'readwrite').objectStore(STORE).add(made, KEY_ID),
      ).then(
        () => true,
        (e: unknown) => {
          if (e instanceof DOMException && e.name === 'ConstraintError') return false;
          throw e;
        },
      );
      return added ? made : ((await kept()) ?? made);
    },
  };
}
