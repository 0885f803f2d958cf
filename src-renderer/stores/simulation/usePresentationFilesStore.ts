/**
 * Presentation settings files of the simulation screen (M4, G2, M6, R5): saving the settings in
 * use (`instant-lab-presentation/1`, the file `--presentation` of the command line reads) and
 * opening one. A refused file (unreadable, of another game or stake, a level not in the table)
 * lists every problem and leaves the settings as they were.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import {
  MAX_PRESENTATION_BYTES,
  presentationFileOf,
  presentationProblemsFor,
  presentationToJson,
  presentationTooLarge,
} from '@engine';
import { getBridge } from '../../bridge';
import { openBounded } from '../../bridge/open-bounded';
import { enginePool } from '../../workers/engine-pool';
import { textOf } from '@shared/jobs/localized-error';
import { useFileOpen } from '../../composables/useFileOpen';
import { useSimulationStore } from './useSimulationStore';

const FILTERS = [{ name: 'Instant Lab presentation settings', extensions: ['json'] }];

/** A saved or opened file: its name, and its path where the desktop knows it. */
export interface SettingsFileNote {
  readonly kind: 'saved' | 'opened';
  readonly file: string;
  readonly path: string | null;
}

/** A stake in a file name: 50 → « 0-50-eur », 100 → « 1-eur ». */
const stakeName = (cents: number): string =>
  cents % 100 === 0 ? `${cents / 100}-eur` : `${Math.floor(cents / 100)}-${String(cents % 100).padStart(2, '0')}-eur`;

export const usePresentationFilesStore = defineStore('usePresentationFilesStore', () => {
  const sim = useSimulationStore();
  // A file opened is refused by its size before it is read, else parsed in a worker; a file of
  // another game or stake, or with a level not in the table, is refused too: the settings stay
  const files = useFileOpen({
    filters: FILTERS,
    maxBytes: MAX_PRESENTATION_BYTES,
    read: openBounded,
    tooLarge: presentationTooLarge,
    parse: (f) => enginePool().run('parsePresentation', { text: f.text }),
    accept: (file, r) => {
      const found = presentationProblemsFor(r.file, sim.table);
      if (found.length > 0) return files.refuse(file, found);
      files.clearRefusal();
      sim.applyPresentationFile(r.file);
      lastNote.value = { kind: 'opened', file, path: null };
      noteKey.value = settingsKey.value;
    },
  });
  const { problems, refusedFile, error, clearRefusal, open } = files;
  const lastNote = shallowRef<SettingsFileNote | null>(null);
  /** The key of the settings when a file was saved or opened: the note holds while they are unchanged. */
  const noteKey = ref('');
  const settingsKey = computed(() => JSON.stringify(sim.presentationForm));
  /** The confirmation of the last save or open, while the settings are as they were then. */
  const note = computed(() => (lastNote.value && noteKey.value === settingsKey.value ? lastNote.value : null));

  /** The file of the settings in use, or null while a field is wrong. */
  const fileText = computed(() =>
    sim.presentation ? presentationToJson(presentationFileOf(sim.table, sim.presentation)) : null,
  );
  /** « presentation-mine-d-or-v2.json »; the stake too when the weights name its levels, « -m6-strict » when so. */
  const suggestedName = computed(() => {
    const s = sim.presentation;
    const f = s ? presentationFileOf(sim.table, s) : null;
    const stake = f?.stakeCents ? `-${stakeName(f.stakeCents)}` : '';
    const strict = f?.m6Strict ? '-m6-strict' : '';
    return `presentation-${sim.table.game}${stake}-v${s?.generatorVersion ?? ''}${strict}.json`;
  });

  /** Saves the settings in use (atomically on the desktop, a download in the browser). */
  async function save(): Promise<void> {
    const data = fileText.value;
    if (data === null) return;
    error.value = null;
    try {
      const file = suggestedName.value;
      const r = await getBridge().saveFile({ suggestedName: file, filters: FILTERS, data });
      if (!r.saved) return;
      clearRefusal();
      lastNote.value = { kind: 'saved', file, path: r.path ?? null };
      noteKey.value = settingsKey.value;
    } catch (e) {
      error.value = textOf(e);
    }
  }

  return {
    problems,
    refusedFile,
    error,
    note,
    suggestedName,
    canSave: computed(() => fileText.value !== null),
    save,
    open,
  };
});
