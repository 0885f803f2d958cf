/**
 * The replay screen's player's history: the list of references pasted or opened and what the last
 * reading of it found (the strip of units, the lines that are no reference, the repeats, the blank
 * lines), read in a worker (src-engine/dispute/history.ts). Kept here, as the block browser's
 * results are, so that they are still there when the screen is left and come back to.
 */
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import { MAX_HISTORY_BYTES, formatCount } from '@engine';
import type { HistoryProblem, HistoryRepeat, HistoryUnit, LocalizedText } from '@engine';
import { enginePool } from '../../workers/engine-pool';
import { textOf } from '@shared/jobs/localized-error';

/** What one reading of the list found. */
export interface HistoryReading {
  readonly units: readonly HistoryUnit[];
  readonly problems: readonly HistoryProblem[];
  readonly repeats: readonly HistoryRepeat[];
  readonly blankLines: readonly number[];
}

export const useHistoryStripStore = defineStore('useHistoryStripStore', () => {
  const text = ref('');
  /** The last reading, or null before the first one and after a list refused whole. */
  const reading = shallowRef<HistoryReading | null>(null);
  /** Why the list (or the file) was refused, or null. */
  const refused = ref<LocalizedText | null>(null);
  const busy = ref(false);
  /** The last reading asked for: an older one that finishes later is dropped. */
  let latest = 0;

  /** Reads the list typed into a strip. */
  async function show(): Promise<void> {
    const mine = ++latest;
    busy.value = true;
    refused.value = null;
    try {
      const r = await enginePool().run('historyUnits', { text: text.value });
      if (mine !== latest) return;
      if (r.ok) {
        reading.value = { units: r.units, problems: r.problems, repeats: r.repeats, blankLines: r.blankLines };
      } else {
        refused.value = r.why;
        reading.value = null;
      }
    } catch (e) {
      if (mine === latest) refused.value = textOf(e);
    } finally {
      if (mine === latest) busy.value = false;
    }
  }

  /**
   * Reads a file as the list, bounded before it is read: a larger file is refused unread, and the
   * list on screen stays.
   */
  async function openFile(file: File): Promise<void> {
    if (file.size > MAX_HISTORY_BYTES) {
      refused.value = {
        fr: `« ${file.name} » fait ${formatCount(file.size, 'fr')} octets ; au plus ${formatCount(MAX_HISTORY_BYTES, 'fr')} octets (1 Mio) sont lus`,
        en: `"${file.name}" is ${formatCount(file.size, 'en')} bytes; at most ${formatCount(MAX_HISTORY_BYTES, 'en')} bytes (1 MiB) are read`,
      };
      return;
    }
    // a list typed and shown while the file was read is the newer one: the file's is dropped
    const asked = latest;
    const read = await file.text();
    if (asked !== latest) return;
    text.value = read;
    await show();
  }

  return { text, reading, refused, busy, show, openFile };
});
