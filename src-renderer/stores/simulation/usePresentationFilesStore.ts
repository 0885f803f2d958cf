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
import type { LocalizedText, PresentationRead, SettingsProblem } from '@engine';
import { getBridge } from '../../bridge';
import { openBounded } from '../../bridge/open-bounded';
import { enginePool } from '../../workers/engine-pool';
import { textOf } from '@shared/jobs/localized-error';
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
  /** Problems of the last refused file (all of them), with its name. */
  const problems = shallowRef<readonly SettingsProblem[]>([]);
  const refusedFile = ref('');
  const error = shallowRef<LocalizedText | null>(null);
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

  function clearRefusal(): void {
    refusedFile.value = '';
    problems.value = [];
  }

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

  /** Opens a file: refused by its size before it is read, else parsed in a worker. */
  async function open(): Promise<void> {
    error.value = null;
    try {
      const f = await openBounded(getBridge(), FILTERS, MAX_PRESENTATION_BYTES);
      if (!f) return;
      if ('tooLarge' in f) applyFile(f.name, { ok: false, problems: [presentationTooLarge(f.size)] });
      else applyFile(f.name, await enginePool().run('parsePresentation', { text: f.text }));
    } catch (e) {
      error.value = textOf(e);
    }
  }

  /** Applies a read file to the settings, unless it is refused: then nothing changes but the problems shown. */
  function applyFile(file: string, r: PresentationRead): void {
    const found = r.ok ? presentationProblemsFor(r.file, sim.table) : r.problems;
    if (!r.ok || found.length > 0) {
      refusedFile.value = file;
      problems.value = found;
      return;
    }
    clearRefusal();
    sim.applyPresentationFile(r.file);
    lastNote.value = { kind: 'opened', file, path: null };
    noteKey.value = settingsKey.value;
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
