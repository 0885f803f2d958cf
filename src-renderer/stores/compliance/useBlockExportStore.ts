/**
 * The full export of the selected blocks, one file each (docs/reference/file-formats.md): chunks built in the workers, several in
 * flight, appended in index order to a file the bridge writes atomically (beginSave, appendSave,
 * commitSave); on cancel or error the file is abandoned (abortSave), so no complete-looking file
 * is ever left.
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { blockExportWork, isM6Strict } from '@engine';
import type { BlockSpec } from '@engine';
import { version } from '../../../package.json';
import { useJournalStore } from '../journal/useJournalStore';
import { getBridge } from '../../bridge';
import { CancelledError, enginePool } from '../../workers/engine-pool';
import { useCancellableJob } from '../../composables/useCancellableJob';

/** Units per export job: big enough to keep workers busy, small enough for IPC chunks (16 MB). */
export const EXPORT_CHUNK_UNITS = 25_000;

/** Bytes hashed between two turns of the UI thread (a few ms of SHA-256 each). */
const HASH_SLICE = 512 * 1024;

/** The next task, without the 4 ms a chain of timers is held to: the UI thread draws and answers in between. */
const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

/**
 * Adds `bytes` to `hash` a slice at a time, yielding between slices: a chunk's SHA-256 (tens of ms)
 * never holds the UI thread in one piece while the workers build the next chunks.
 */
async function hashInSlices(hash: ReturnType<typeof sha256.create>, bytes: Uint8Array): Promise<void> {
  for (let i = 0; i < bytes.length; i += HASH_SLICE) {
    if (i > 0) await nextTask();
    hash.update(bytes.subarray(i, i + HASH_SLICE));
  }
}

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
    // the SHA-256 and size of what is written, for the journal
    const hash = sha256.create();
    let bytes = 0;
    const encoder = new TextEncoder();
    try {
      const window = Math.max(2, enginePool().size);
      for (let k = 0; k < starts.length; k++) {
        for (let j = k; j < Math.min(starts.length, k + window); j++)
          if (!inFlight.has(j)) inFlight.set(j, chunk(starts[j]!));
        const text = await inFlight.get(k)!;
        inFlight.delete(k);
        if (signal.aborted) throw new CancelledError();
        await bridge.appendSave(handle, text);
        const b = encoder.encode(text);
        await hashInSlices(hash, b);
        bytes += b.length;
        onProgress(Math.min(units, starts[k]! + EXPORT_CHUNK_UNITS) / units);
      }
      const path = (await bridge.commitSave(handle)).path;
      await useJournalStore().record(
        blockExportWork(
          { ...spec, table: spec.table.source, m6Strict: isM6Strict(spec), customWeights: false },
          version,
          new Date(),
          { file: path, format, units, bytes, sha256: bytesToHex(hash.digest()) },
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
