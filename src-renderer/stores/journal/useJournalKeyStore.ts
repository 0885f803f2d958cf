/**
 * The app's journal key as the Journal screen shows it (its fingerprint, as `keygen` prints it, so
 * a regulator can compare it with the key of a checkpoint), and a checkpoint signed on demand and
 * saved as `checkpoint.json`: the journal's size, Merkle root and time, signed by the platform
 * (desktop: main; browser: WebCrypto), the private key never reaching this page's code.
 */
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import { checkpointText, localized } from '@engine';
import type { Checkpoint, LocalizedText } from '@engine';
import type { JournalKey } from '../../../src-main/bridge/journal-contract';
import { getBridge } from '../../bridge';

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** A checkpoint saved: where, and what it signed. */
export interface SavedCheckpoint {
  readonly path: string;
  readonly checkpoint: Checkpoint;
}

export const useJournalKeyStore = defineStore('useJournalKeyStore', () => {
  const key = shallowRef<JournalKey | null>(null);
  /** Where the key is kept, to say so: the app's data folder, or this browser. */
  const platform = ref<'desktop' | 'web' | null>(null);
  const signing = ref(false);
  const saved = shallowRef<SavedCheckpoint | null>(null);
  const error = ref<LocalizedText | null>(null);

  /** Reads the key's fingerprint (the key is made on this first need). */
  async function load(): Promise<void> {
    try {
      const bridge = getBridge();
      platform.value = (await bridge.appInfo()).platform;
      key.value = await bridge.journalKey();
      error.value = null;
    } catch (e) {
      error.value = localized(
        `The app's journal key: ${message(e)}`,
        `La clé du journal de l'application : ${message(e)}`,
      );
    }
  }

  /** Signs the journal's head now and saves it; a second press while one is signed does nothing. */
  async function sign(): Promise<void> {
    if (signing.value) return;
    signing.value = true;
    try {
      const bridge = getBridge();
      const { checkpoint } = await bridge.journalCheckpoint();
      const out = await bridge.saveFile({
        suggestedName: `checkpoint-${checkpoint.size}.json`,
        filters: [{ name: 'JSON', extensions: ['json'] }],
        data: checkpointText(checkpoint),
      });
      error.value = null;
      if (out.saved) saved.value = { path: out.path ?? `checkpoint-${checkpoint.size}.json`, checkpoint };
    } catch (e) {
      error.value = localized(`No checkpoint signed: ${message(e)}`, `Aucun point de contrôle signé : ${message(e)}`);
    } finally {
      signing.value = false;
    }
  }

  return { key, platform, signing, saved, error, load, sign };
});
