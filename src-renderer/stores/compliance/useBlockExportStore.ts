/**
 * The full export of one block (README « Export schema »): chunks built in the workers, several in
 * flight, appended in index order to a file the bridge writes atomically (beginSave, appendSave,
 * commitSave); on cancel or error the file is abandoned (abortSave), so no complete-looking file
 * is ever left.
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { BlockSpec, LocalizedText } from '../../../src-engine/index';
import { getBridge } from '../../bridge';
import { CancelledError, enginePool } from '../../workers/engine-pool';
import { textOf } from '../../workers/localized-error';
import type { Phase } from './useAuditReportStore';

/** Units per export job: big enough to keep workers busy, small enough for IPC chunks (16 MB). */
export const EXPORT_CHUNK_UNITS = 25_000;

export const useBlockExportStore = defineStore('compliance-export', () => {
  const phase = ref<Phase>('idle');
  const progress = ref(0);
  /** Where the last export was saved. */
  const savedPath = ref('');
  const error = ref<LocalizedText | null>(null);
  let abort: AbortController | null = null;

  async function exportBlock(spec: BlockSpec, format: 'jsonl' | 'csv'): Promise<void> {
    if (abort) return; // one export at a time
    const bridge = getBridge();
    const begun = await bridge.beginSave({
      suggestedName: `${spec.game}-${spec.stakeCents}-${spec.seed}.${format}`,
      filters: [{ name: format.toUpperCase(), extensions: [format] }],
    });
    if (!begun) return; // the user closed the dialog
    const mine = new AbortController();
    abort = mine;
    phase.value = 'running';
    progress.value = 0;
    savedPath.value = '';
    error.value = null;
    const units = spec.table.blockUnits;
    const starts: number[] = [];
    for (let f = 0; f < units; f += EXPORT_CHUNK_UNITS) starts.push(f);
    const job = (from: number): Promise<string> =>
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
        mine.signal,
      );
    const inFlight = new Map<number, Promise<string>>();
    try {
      const window = Math.max(2, enginePool().size);
      for (let k = 0; k < starts.length; k++) {
        for (let j = k; j < Math.min(starts.length, k + window); j++)
          if (!inFlight.has(j)) inFlight.set(j, job(starts[j]!));
        const text = await inFlight.get(k)!;
        inFlight.delete(k);
        if (mine.signal.aborted) throw new CancelledError();
        await bridge.appendSave(begun.handle, text);
        progress.value = Math.min(units, starts[k]! + EXPORT_CHUNK_UNITS) / units;
      }
      const res = await bridge.commitSave(begun.handle);
      phase.value = 'done';
      savedPath.value = res.path;
    } catch (e) {
      mine.abort();
      // the chunks still in flight end as cancelled: nothing waits for them
      for (const p of inFlight.values()) p.catch(() => undefined);
      await bridge.abortSave(begun.handle).catch(() => undefined);
      if (e instanceof CancelledError) phase.value = 'cancelled';
      else {
        phase.value = 'error';
        error.value = textOf(e);
      }
    } finally {
      abort = null;
    }
  }

  function cancel(): void {
    abort?.abort();
  }

  return { phase, progress, savedPath, error, exportBlock, cancel };
});
