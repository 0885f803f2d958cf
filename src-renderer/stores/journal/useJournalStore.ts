/**
 * The compliance journal of the app (desktop: `userData/journal.jsonl`, kept by the main process;
 * browser: IndexedDB), reached through the bridge only. The screens record their work here with the
 * engine's entry builders (journal/work.ts, the command line's too); the Journal screen reads it,
 * has it checked entry by entry in a worker, and can open another journal file (one written by
 * `--journal FILE`) to check it the same way. A failure to journal never undoes the work: it is said
 * where the work was done ({@link lastFailure}).
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { JournalRepair, JournalVerdict, JournalWork, LocalizedText } from '@engine';
import { localized } from '@engine';
import { MAX_JOURNAL_READ_BYTES } from '../../../src-main/bridge/journal-contract';
import type { JournalAppended } from '../../../src-main/bridge/journal-contract';
import { getBridge } from '../../bridge';
import { openBoundedSheet } from '../../bridge/open-bounded';
import { useCancellableJob } from '../../composables/useCancellableJob';
import { enginePool } from '../../workers/engine-pool';

/** The journal on screen: the app's own, or a file the user opened. */
export interface ShownJournal {
  readonly source: 'app' | 'file';
  /** The app journal's place (its file, or « IndexedDB »), or the opened file's name. */
  readonly where: string;
  readonly verdict: JournalVerdict;
  /** Its text as read, for the checks against checkpoints (its Merkle tree is of these bytes). */
  readonly text: string;
}

/** A zip's first bytes (a local file header): a bundle or a case, not a journal's text. */
const ZIP_HEAD = [0x50, 0x4b, 0x03, 0x04];

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export const useJournalStore = defineStore('useJournalStore', () => {
  const job = useCancellableJob();
  const shown = shallowRef<ShownJournal | null>(null);
  /** What the app's journal keeper repaired at start (a torn last entry kept aside), once read. */
  const repair = shallowRef<JournalRepair | null>(null);
  /** The last entry the screens recorded, and the last failure to record one. */
  const lastAppended = shallowRef<JournalAppended | null>(null);
  const lastFailure = ref<LocalizedText | null>(null);
  /** Entries recorded since the journal on screen was read: the screen reads it again when shown. */
  const stale = ref(true);

  async function verifyText(text: string, signal: AbortSignal): Promise<JournalVerdict> {
    return enginePool().run('verifyJournal', { text }, undefined, signal);
  }

  /** Reads the app's journal and checks it (in a worker). */
  async function load(): Promise<void> {
    const out = await job.run(async (signal) => {
      const read = await getBridge().journalRead();
      return { read, verdict: await verifyText(read.text, signal) };
    });
    if (!out) return;
    repair.value = out.read.repair;
    shown.value = { source: 'app', where: out.read.where, verdict: out.verdict, text: out.read.text };
    stale.value = false;
  }

  /** Reads only what was repaired at start, for the notice every screen shows (no check of the chain). */
  async function loadRepair(): Promise<void> {
    try {
      repair.value = (await getBridge().journalRead()).repair;
    } catch {
      // the Journal screen says why the journal cannot be read
    }
  }

  /**
   * Opens a journal file (JSONL, one written by `--journal FILE`) and checks it instead of the
   * app's; a bundle's or a case's zip is opened as the journal excerpt it holds.
   */
  async function openFile(): Promise<void> {
    const f = await openBoundedSheet(
      getBridge(),
      [{ name: 'Journal', extensions: ['jsonl', 'txt', 'zip'] }],
      MAX_JOURNAL_READ_BYTES,
    );
    if (f === null) return;
    if ('tooLarge' in f) {
      job.error.value = localized(
        `${f.name} is ${f.size} bytes; the screen reads at most ${MAX_JOURNAL_READ_BYTES} (check it with \`instant-lab journal verify\`)`,
        `${f.name} fait ${f.size} octets ; l'écran en lit au plus ${MAX_JOURNAL_READ_BYTES} (vérifiez-le avec \`instant-lab journal verify\`)`,
      );
      return;
    }
    const bytes = 'bytes' in f ? f.bytes : new TextEncoder().encode(f.text);
    if (ZIP_HEAD.every((b, i) => bytes[i] === b)) {
      const file = new Blob([bytes as Uint8Array<ArrayBuffer>]);
      const out = await job.run((signal) =>
        enginePool().run('openJournalZip', { name: f.name, file }, undefined, signal),
      );
      if (!out) return;
      if ('refused' in out) job.error.value = out.refused;
      else shown.value = { source: 'file', where: f.name, verdict: out.verdict, text: out.text };
      return;
    }
    // decoded as the bridge decodes a text file: a byte-order mark kept, for the check to name it
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const verdict = await job.run((signal) => verifyText(text, signal));
    if (verdict) shown.value = { source: 'file', where: f.name, verdict, text };
  }

  /**
   * Records one piece of work (built with the engine's builders) in the app's journal. Resolves
   * with the entry written, or null when it could not be (said by {@link lastFailure}).
   */
  async function record(work: JournalWork): Promise<JournalAppended | null> {
    try {
      const appended = await getBridge().journalAppend(work);
      lastAppended.value = appended;
      lastFailure.value = null;
      stale.value = true;
      return appended;
    } catch (e) {
      lastFailure.value = localized(`Not journaled: ${message(e)}`, `Non journalisé : ${message(e)}`);
      return null;
    }
  }

  return {
    phase: job.phase,
    error: job.error,
    shown,
    repair,
    lastAppended,
    lastFailure,
    stale,
    running: computed(() => job.phase.value === 'running'),
    load,
    loadRepair,
    openFile,
    record,
  };
});
