/**
 * Scenario files of the payout explorer: saving the edited table (with a confirmation naming the
 * file) and opening one. A refused file lists every problem and leaves the table being edited
 * untouched.
 */
import { defineStore } from 'pinia';
import { computed, shallowRef } from 'vue';
import { MAX_SCENARIO_BYTES, fileTooLarge, parseScenarioJson, scenarioToJson } from '@engine';
import type { ParseResult } from '@engine';
import { getBridge } from '../../bridge';
import { openBounded } from '../../bridge/open-bounded';
import type { BoundedFile } from '../../bridge/open-bounded';
import { enginePool } from '../../workers/engine-pool';
import { textOf } from '@shared/jobs/localized-error';
import { useFileOpen } from '../../composables/useFileOpen';
import type { FileOpenFlow } from '../../composables/useFileOpen';
import { scenarioFileName } from '../../domain/explorer/scenario-name';
import { useExplorerTableStore } from './useExplorerTableStore';

const FILTERS = [{ name: 'Instant Lab scenario', extensions: ['json'] }];

/**
 * How a scenario file is opened, by the editor and by the comparison alike: refused by its size
 * before it is read, else parsed in a worker (never a frozen page).
 */
export const SCENARIO_FILES = {
  filters: FILTERS,
  maxBytes: MAX_SCENARIO_BYTES,
  read: openBounded,
  tooLarge: fileTooLarge,
  parse: (f) => enginePool().run('parseScenario', { text: f.text }),
} satisfies Omit<FileOpenFlow<ParseResult, BoundedFile>, 'accept'>;

/** The confirmation of a save: the file name, and its path where the desktop knows it. */
export interface SavedFile {
  readonly file: string;
  readonly path: string | null;
}

export const useScenarioFilesStore = defineStore('useScenarioFilesStore', () => {
  const tableStore = useExplorerTableStore();
  const files = useFileOpen({
    ...SCENARIO_FILES,
    accept: (_file, r) => {
      files.clearRefusal();
      lastSaved.value = null;
      tableStore.load(r.scenario);
    },
  });
  const { problems, refusedFile, error, open } = files;
  /** The last save, with the content of the table it wrote. */
  const lastSaved = shallowRef<{ file: SavedFile; content: string } | null>(null);
  /**
   * The confirmation of the last save, while the table is the one it wrote: editing it, or loading
   * another table (official, from scratch, a file, the optimiser's), takes the message away.
   */
  const saved = computed<SavedFile | null>(() =>
    lastSaved.value && !tableStore.unsaved && lastSaved.value.content === tableStore.content
      ? lastSaved.value.file
      : null,
  );

  /** The file name a save suggests for the table being edited. */
  const suggestedName = computed(() => scenarioFileName(tableStore.scenario.name, tableStore.isOfficial));

  async function save(): Promise<void> {
    if (!tableStore.valid) return;
    error.value = null;
    try {
      const file = suggestedName.value;
      const r = await getBridge().saveFile({
        suggestedName: file,
        filters: FILTERS,
        data: scenarioToJson(tableStore.scenario),
      });
      if (!r.saved) return;
      tableStore.markSaved();
      lastSaved.value = { file: { file, path: r.path ?? null }, content: tableStore.content };
    } catch (e) {
      error.value = textOf(e);
    }
  }

  /** Reads a scenario file's text; a refused one changes nothing of the table being edited. */
  function openText(file: string, text: string): void {
    files.land(file, parseScenarioJson(text));
  }

  return { problems, refusedFile, error, saved, suggestedName, save, open, openText };
});
