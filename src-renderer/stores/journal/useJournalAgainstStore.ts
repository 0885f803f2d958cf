/**
 * The files held beside the journal on the Journal screen (checkpoint files, bundles, dispute
 * cases), each read in a worker for the checkpoint it carries, and the journal on screen checked
 * against them all, as `journal verify FILE --against …` checks it; a public key file (`keygen`'s
 * KEYFILE.pub, dropped among them or chosen apart) names the key every checkpoint must be signed
 * with, as `--pub` does. Opening another journal checks it against the same files.
 */
import { defineStore } from 'pinia';
import { shallowRef, watch } from 'vue';
import type { LocalizedText } from '@engine';
import { localized } from '@engine';
import { MAX_OPEN_BYTES } from '../../../src-main/bridge/contract';
import { getBridge } from '../../bridge';
import { openBoundedSheet } from '../../bridge/open-bounded';
import { useCancellableJob } from '../../composables/useCancellableJob';
import { enginePool } from '../../workers/engine-pool';
import { useJournalStore } from './useJournalStore';
import type { AgainstResult } from '../../domain/journal/against-text';

/** A file the user gave: its name and its bytes, read by the worker where it needs them. */
export interface HeldFile {
  readonly name: string;
  readonly file: Blob;
}

/** A public key file, by its name as `keygen` writes it (KEYFILE.pub). */
const isPub = (f: HeldFile): boolean => /\.pub$/i.test(f.name);

export const useJournalAgainstStore = defineStore('useJournalAgainstStore', () => {
  const job = useCancellableJob();
  const journal = useJournalStore();
  const files = shallowRef<readonly HeldFile[]>([]);
  /** The public key file given, or null: the checkpoints are then checked against their first one's key. */
  const pub = shallowRef<HeldFile | null>(null);
  const result = shallowRef<AgainstResult | null>(null);
  /** A file that could not be taken at all (too large to choose), said by its name. */
  const refusal = shallowRef<LocalizedText | null>(null);

  /** Checks the journal on screen against every file held (in a worker). */
  async function check(): Promise<void> {
    const shown = journal.shown;
    if (!shown || shown.verdict.excerpt || (files.value.length === 0 && pub.value === null)) {
      // a check still running is of a journal no longer on screen: its result must not appear
      job.cancel();
      result.value = null;
      return;
    }
    const out = await job.run((signal) =>
      enginePool().run(
        'journalAgainst',
        { journal: shown.text, files: files.value, ...(pub.value ? { pub: pub.value } : {}) },
        undefined,
        signal,
      ),
    );
    if (out) result.value = out;
  }

  /**
   * Adds files (dropped, or chosen one by one) and checks the journal against all of them; a `.pub`
   * file among them is the key required (the last one given).
   */
  async function add(more: readonly HeldFile[]): Promise<void> {
    if (more.length === 0) return;
    refusal.value = null;
    const keys = more.filter(isPub);
    if (keys.length > 0) pub.value = keys[keys.length - 1]!;
    // each file's findings are said by its name: two files of one name are told apart
    const all = [...files.value];
    for (const f of more.filter((x) => !isPub(x))) {
      let name = f.name;
      for (let k = 2; all.some((x) => x.name === name); k++) name = `${f.name} (${k})`;
      all.push({ name, file: f.file });
    }
    files.value = all;
    await check();
  }

  /**
   * Chooses one file through the dialog (a bundle's zip is read whole, so it is bounded first): a
   * checkpoint, a bundle, a case, an audit report (HTML or JSON) or the key's `.pub`.
   */
  async function choose(): Promise<void> {
    const f = await openBoundedSheet(
      getBridge(),
      [{ name: 'Checkpoint, bundle, case, report, public key', extensions: ['json', 'zip', 'html', 'pub'] }],
      MAX_OPEN_BYTES,
    );
    if (f === null) return;
    if ('tooLarge' in f) {
      refusal.value = localized(
        `${f.name} is ${f.size} bytes; the screen reads at most ${MAX_OPEN_BYTES} (check it with \`instant-lab journal verify --against\`)`,
        `${f.name} fait ${f.size} octets ; l'écran en lit au plus ${MAX_OPEN_BYTES} (vérifiez-le avec \`instant-lab journal verify --against\`)`,
      );
      return;
    }
    const bytes = 'bytes' in f ? f.bytes : new TextEncoder().encode(f.text);
    await add([{ name: f.name, file: new Blob([bytes as Uint8Array<ArrayBuffer>]) }]);
  }

  /** Gives the public key file every checkpoint must be signed with, and checks again. */
  async function requireKey(file: HeldFile): Promise<void> {
    pub.value = file;
    await check();
  }

  /** Lets go of every file, the key's too. */
  function clear(): void {
    job.cancel();
    files.value = [];
    pub.value = null;
    result.value = null;
    refusal.value = null;
  }

  // another journal on screen: checked against the same files
  watch(
    () => journal.shown,
    () => void check(),
  );

  return {
    files,
    pub,
    result,
    refusal,
    error: job.error,
    running: job.running,
    add,
    requireKey,
    choose,
    clear,
  };
});
