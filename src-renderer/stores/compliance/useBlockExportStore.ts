/**
 * The full export of one block (README « Export schema »): chunks built in the workers, several in
 * flight, appended in index order to a file the bridge writes atomically (beginSave, appendSave,
 * commitSave); on cancel or error the file is abandoned (abortSave), so no complete-looking file
 * is ever left.
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { BlockSpec } from '../../../src-engine/index';
import { getBridge } from '../../bridge';
import { CancelledError, enginePool } from '../../workers/engine-pool';
import { useCancellableJob } from '../../composables/useCancellableJob';

/** Units per export job: big enough to keep workers busy, small enough for IPC chunks (16 MB). */
export const EXPORT_CHUNK_UNITS = 25_000;

export const useBlockExportStore = defineStore('compliance-export', () => {
  const job = useCancellableJob();
  /** Where the last export was saved. */
  const savedPath = ref('');

  async function exportBlock(spec: BlockSpec, format: 'jsonl' | 'csv'): Promise<void> {
    if (job.phase.value === 'running') return; // one export at a time
    const bridge = getBridge();
    const begun = await bridge.beginSave({
      suggestedName: `${spec.game}-${spec.stakeCents}-${spec.seed}.${format}`,
      filters: [{ name: format.toUpperCase(), extensions: [format] }],
    });
    if (!begun) return; // the user closed the dialog
    savedPath.value = '';
    const units = spec.table.blockUnits;
    const starts: number[] = [];
    for (let f = 0; f < units; f += EXPORT_CHUNK_UNITS) starts.push(f);
    const path = await job.run(async (signal) => {
      const chunk = (from: number): Promise<string> =>
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
      const inFlight = new Map<number, Promise<string>>();
      try {
        const window = Math.max(2, enginePool().size);
        for (let k = 0; k < starts.length; k++) {
          for (let j = k; j < Math.min(starts.length, k + window); j++)
            if (!inFlight.has(j)) inFlight.set(j, chunk(starts[j]!));
          const text = await inFlight.get(k)!;
          inFlight.delete(k);
          if (signal.aborted) throw new CancelledError();
          await bridge.appendSave(begun.handle, text);
          job.progress.value = Math.min(units, starts[k]! + EXPORT_CHUNK_UNITS) / units;
        }
        return (await bridge.commitSave(begun.handle)).path;
      } catch (e) {
        // the chunks still in flight end unread; the file is abandoned (atomic save: nothing is left)
        for (const p of inFlight.values()) p.catch(() => undefined);
        await bridge.abortSave(begun.handle).catch(() => undefined);
        throw e;
      }
    });
    if (path !== undefined) savedPath.value = path;
  }

  return {
    phase: job.phase,
    progress: job.progress,
    savedPath,
    error: job.error,
    exportBlock,
    cancel: job.cancel,
  };
});
