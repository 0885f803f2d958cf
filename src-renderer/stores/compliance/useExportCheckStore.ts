/**
 * The check of an export file (README « Export schema »): read as a stream in a worker, every unit
 * re-derived (R4) and compared with the block regenerated from its seed (R1). The verdict names
 * the file it belongs to and says whether the file was an export at all.
 */
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { VerifyResult } from '../../../src-engine/index';
import { getBridge } from '../../bridge';
import { openAsFile } from '../../bridge/open-as-file';
import { useCancellableJob } from '../../composables/useCancellableJob';
import { enginePool } from '../../workers/engine-pool';

/** A verdict and the file it is about. */
export interface CheckedFile {
  readonly name: string;
  readonly result: VerifyResult;
  /** SHA-256 (hex) of the bytes checked: ties the verdict to the file (issue 13). */
  readonly sha256: string;
}

export const useExportCheckStore = defineStore('compliance-check', () => {
  const job = useCancellableJob();
  /** The file being read. */
  const reading = ref('');
  const checked = shallowRef<CheckedFile | null>(null);

  /** Checks a file (a Blob read as a stream in the worker) or a text; a newer check replaces an older one. */
  async function verify(input: { file?: Blob; text?: string; name: string }): Promise<void> {
    reading.value = input.name;
    checked.value = null;
    const total = input.file?.size ?? input.text?.length ?? 0;
    const result = await job.run((signal) =>
      enginePool().run(
        'verifyImport',
        {
          ...(input.file ? { file: input.file } : {}),
          ...(input.text !== undefined ? { text: input.text } : {}),
          regenerate: true,
        },
        (p) => (job.progress.value = total > 0 ? Math.min(1, p.chars / total) : 0),
        signal,
      ),
    );
    if (result) {
      const { sha256, ...verdict } = result;
      checked.value = { name: input.name, result: verdict, sha256 };
    }
  }

  /** Asks the bridge for a file (native dialog on the desktop) and checks it, read as a stream (any size). */
  async function openAndVerify(): Promise<void> {
    const f = await openAsFile(getBridge(), [{ name: 'Export', extensions: ['jsonl', 'csv'] }]);
    if (f) await verify({ file: f, name: f.name });
  }

  return {
    phase: job.phase,
    progress: job.progress,
    reading,
    error: job.error,
    checked,
    verify,
    openAndVerify,
    cancel: job.cancel,
  };
});
