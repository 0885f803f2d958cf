/**
 * The check of an export file (README « Export schema »): read as a stream in a worker, every unit
 * re-derived (R4) and compared with the block regenerated from its seed (R1). The verdict names
 * the file it belongs to and says whether the file was an export at all.
 */
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { LocalizedText, VerifyResult } from '../../../src-engine/index';
import { getBridge } from '../../bridge';
import { CancelledError, enginePool } from '../../workers/engine-pool';
import { textOf } from '../../workers/localized-error';
import type { Phase } from './useAuditReportStore';

/** A verdict and the file it is about. */
export interface CheckedFile {
  readonly name: string;
  readonly result: VerifyResult;
}

export const useExportCheckStore = defineStore('compliance-check', () => {
  const phase = ref<Phase>('idle');
  const progress = ref(0);
  /** The file being read. */
  const reading = ref('');
  const error = ref<LocalizedText | null>(null);
  const checked = shallowRef<CheckedFile | null>(null);
  let abort: AbortController | null = null;

  /** Checks a file (a Blob read as a stream in the worker) or a text; a newer check replaces an older one. */
  async function verify(input: { file?: Blob; text?: string; name: string }): Promise<void> {
    abort?.abort();
    const mine = new AbortController();
    abort = mine;
    phase.value = 'running';
    progress.value = 0;
    reading.value = input.name;
    error.value = null;
    checked.value = null;
    const total = input.file?.size ?? input.text?.length ?? 0;
    try {
      const result = await enginePool().run(
        'verifyImport',
        {
          ...(input.file ? { file: input.file } : {}),
          ...(input.text !== undefined ? { text: input.text } : {}),
          regenerate: true,
        },
        (p) => (progress.value = total > 0 ? Math.min(1, p.chars / total) : 0),
        mine.signal,
      );
      checked.value = { name: input.name, result };
      phase.value = 'done';
    } catch (e) {
      if (abort !== mine) return; // a newer check took over
      if (e instanceof CancelledError) phase.value = 'cancelled';
      else {
        phase.value = 'error';
        error.value = textOf(e);
      }
    } finally {
      if (abort === mine) abort = null;
    }
  }

  /** Asks the bridge for a file (native dialog on the desktop) and checks it. */
  async function openAndVerify(): Promise<void> {
    const f = await getBridge().openFile({ filters: [{ name: 'Export', extensions: ['jsonl', 'csv'] }] });
    if (f) await verify({ text: f.text, name: f.name });
  }

  function cancel(): void {
    abort?.abort();
  }

  return { phase, progress, reading, error, checked, verify, openAndVerify, cancel };
});
