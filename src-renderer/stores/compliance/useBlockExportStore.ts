/**
 * The full export of the selected blocks, one file each (docs/reference/file-formats.md): chunks built in the workers, several in
 * flight, appended in index order to a file the bridge writes atomically (beginSave, appendSave,
 * commitSave); on cancel or error the file is abandoned (abortSave), so no complete-looking file
 * is ever left.
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import { blockExportWork, isM6Strict } from '@engine';
import type { BlockSpec } from '@engine';
import { version } from '../../../package.json';
import { useJournalStore } from '../journal/useJournalStore';
import { getBridge } from '../../bridge';
import { CancelledError, enginePool } from '../../workers/engine-pool';
import { useCancellableJob } from '../../composables/useCancellableJob';

/**
 * Units per export job: big enough to keep workers busy, small enough that the UI thread's work on
 * a chunk (about 1 MB of Mine d'or JSONL handed to the bridge) stays well under 50 ms.
 */
const EXPORT_CHUNK_UNITS = 5_000;

export const useBlockExportStore = defineStore('useBlockExportStore', () => {
  const job = useCancellableJob();
  /** Where the last export's files were saved, one per block, in seed order. */
  const savedPaths = ref<string[]>([]);

  /** The save dialog of one block's file; null when the user closed it. */
  const beginFile = (spec: BlockSpec, format: 'jsonl' | 'csv') =>
    getBridge().beginSave({
      suggestedName: `${spec.game}-${spec.stakeCents}-${spec.seed}.${format}`,
      filters: [{ name: format.toUpperCase(), extensions: [format] }],
    });

  /** Streams block `spec` into the open file `handle`; `onProgress` gets the share of its units written. */
  async function writeBlock(
    spec: BlockSpec,
    format: 'jsonl' | 'csv',
    handle: string,
    signal: AbortSignal,
    onProgress: (share: number) => void,
  ): Promise<string> {
    const bridge = getBridge();
    const units = spec.table.blockUnits;
    const starts: number[] = [];
    for (let f = 0; f < units; f += EXPORT_CHUNK_UNITS) starts.push(f);
    const chunk = (from: number): Promise<{ text: string; bytes: Uint8Array }> =>
      enginePool().run(
        'exportChunk',
        {
          game: spec.game,
          stakeCents: spec.stakeCents,
          seed: spec.seed,
          format,
          from,
          to: Math.min(units, from + EXPORT_CHUNK_UNITS),
        },
        undefined,
        signal,
      );
    const inFlight = new Map<number, Promise<{ text: string; bytes: Uint8Array }>>();
    // the bytes written, as the workers encoded them, for the journal's size and SHA-256: moved to a
    // worker at the end and hashed there whole (Web Crypto has no SHA-256 a piece at a time)
    const written: Uint8Array[] = [];
    try {
      const window = Math.max(2, enginePool().size);
      for (let k = 0; k < starts.length; k++) {
        for (let j = k; j < Math.min(starts.length, k + window); j++)
          if (!inFlight.has(j)) inFlight.set(j, chunk(starts[j]!));
        const { text, bytes } = await inFlight.get(k)!;
        inFlight.delete(k);
        if (signal.aborted) throw new CancelledError();
        await bridge.appendSave(handle, text);
        written.push(bytes);
        onProgress(Math.min(units, starts[k]! + EXPORT_CHUNK_UNITS) / units);
      }
      const size = written.reduce((n, b) => n + b.length, 0);
      const sha256 = await enginePool().run('hashBytes', { parts: written.splice(0) }, undefined, signal);
      const path = (await bridge.commitSave(handle)).path;
      await useJournalStore().record(
        blockExportWork(
          { ...spec, table: spec.table.source, m6Strict: isM6Strict(spec), customWeights: false },
          version,
          new Date(),
          { file: path, format, units, bytes: size, sha256 },
        ),
      );
      return path;
    } catch (e) {
      // the chunks still in flight end unread; the file is abandoned (atomic save: nothing is left)
      for (const p of inFlight.values()) p.catch(() => undefined);
      await bridge.abortSave(handle).catch(() => undefined);
      throw e;
    }
  }

  /**
   * Exports every block of `specs` (the seeds the form selects), one file per block, each with its
   * own save dialog: a file holds one block, as `npm run export` writes it and `verify` reads it.
   * Closing a later dialog stops there; the files already written are complete and are named.
   */
  async function exportBlocks(specs: readonly BlockSpec[], format: 'jsonl' | 'csv'): Promise<void> {
    if (job.phase.value === 'running' || specs.length === 0) return; // one export at a time
    const first = await beginFile(specs[0]!, format);
    if (!first) return; // the user closed the dialog
    savedPaths.value = [];
    const paths = await job.run(async (signal) => {
      const out: string[] = [];
      for (let b = 0; b < specs.length; b++) {
        const begun = b === 0 ? first : await beginFile(specs[b]!, format);
        if (!begun) break;
        const path = await writeBlock(specs[b]!, format, begun.handle, signal, (share) => {
          job.progress.value = (b + share) / specs.length;
        });
        out.push(path);
        savedPaths.value = [...out];
      }
      return out;
    });
    if (paths !== undefined) savedPaths.value = paths;
  }

  return {
    phase: job.phase,
    progress: job.progress,
    savedPaths,
    error: job.error,
    exportBlocks,
    cancel: job.cancel,
  };
});
