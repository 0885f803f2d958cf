/**
 * The check of an export file (docs/reference/file-formats.md): our block's JSONL spread over the
 * pool by byte ranges (workers/verify-file.ts), any other file read as a stream in a worker, every
 * unit re-derived (R4) and compared with the block regenerated from its seed (R1). The verdict names
 * the file it belongs to and says whether the file was an export at all.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { exportVerifiedWork, findingsOverSet } from '@engine';
import { version } from '../../../package.json';
import type { PlacementFinding, VerifyResult } from '@engine';
import { getBridge } from '../../bridge';
import { openAsFile } from '../../bridge/open-as-file';
import { useCancellableJob } from '../../composables/useCancellableJob';
import { enginePool } from '../../workers/engine-pool';
import { verifyFileOnPool } from '../../workers/verify-file';
import { useJournalStore } from '../journal/useJournalStore';

/** A verdict and the file it is about. */
export interface CheckedFile {
  readonly name: string;
  readonly result: VerifyResult;
  /** SHA-256 (hex) of the bytes checked: ties the verdict to the file. */
  readonly sha256: string;
  /** Size of what was checked: the file's bytes, or the text's UTF-8 bytes. */
  readonly bytes: number;
}

export const useExportCheckStore = defineStore('useExportCheckStore', () => {
  const job = useCancellableJob();
  /** The file being read. */
  const reading = ref('');
  /** Every file of the last check, in the order chosen (one or several). */
  const checkedFiles = shallowRef<readonly CheckedFile[]>([]);
  /** The first file checked (the verdict of a single file). */
  const checked = computed<CheckedFile | null>(() => checkedFiles.value[0] ?? null);
  /**
   * Each file's placement finding, decided over every file checked together (Holm over their
   * blocks: the chance of any false finding in the set stays at 1 %).
   */
  const findings = computed<(PlacementFinding | null)[]>(() =>
    findingsOverSet(checkedFiles.value.map((c) => c.result.placement)),
  );

  /** Checks one file and returns its verdict, or null when cancelled or failed. */
  async function checkOne(input: { file?: Blob; text?: string; name: string }): Promise<CheckedFile | null> {
    reading.value = input.name;
    const total = input.file?.size ?? input.text?.length ?? 0;
    const result = await job.run(async (signal) => {
      // a file spread over the pool, as `verify` does; one that is not every line as exported (or a
      // text) read line by line, which names each discrepancy
      const fast = input.file
        ? await verifyFileOnPool(enginePool(), input.file, true, signal, (share) => (job.progress.value = share))
        : null;
      return (
        fast ??
        enginePool().run(
          'verifyImport',
          {
            ...(input.file ? { file: input.file } : {}),
            ...(input.text !== undefined ? { text: input.text } : {}),
            regenerate: true,
          },
          (p) => (job.progress.value = total > 0 ? Math.min(1, p.chars / total) : 0),
          signal,
        )
      );
    });
    if (!result) return null;
    const { sha256, ...verdict } = result;
    const bytes = input.file?.size ?? new TextEncoder().encode(input.text ?? '').length;
    return { name: input.name, result: verdict, sha256, bytes };
  }

  /** Checks a file (a Blob read as a stream in the worker) or a text; a newer check replaces an older one. */
  async function verify(input: { file?: Blob; text?: string; name: string }): Promise<void> {
    await verifyAll([input]);
  }

  /** The latest set asked for: an older set stops between its files and shows nothing. */
  let generation = 0;

  /** Checks several files one after the other, as one set; a cancel or an error keeps none of them. */
  async function verifyAll(inputs: readonly { file?: Blob; text?: string; name: string }[]): Promise<void> {
    const mine = ++generation;
    checkedFiles.value = [];
    const done: CheckedFile[] = [];
    for (const input of inputs) {
      const one = await checkOne(input);
      if (!one || mine !== generation) return;
      done.push(one);
    }
    checkedFiles.value = done;
    // each export verified, journaled with its placement finding decided over the set
    const set = findings.value;
    const journal = useJournalStore();
    for (const [i, c] of done.entries())
      await journal.record(
        exportVerifiedWork(
          { file: c.name, bytes: c.bytes, sha256: c.sha256, result: c.result },
          set[i] ?? null,
          version,
          new Date(),
        ),
      );
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
    checkedFiles,
    findings,
    verify,
    verifyAll,
    openAndVerify,
    cancel: job.cancel,
  };
});
