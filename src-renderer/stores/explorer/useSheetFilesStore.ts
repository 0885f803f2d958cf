/**
 * Spreadsheets of the payout explorer: the edited table and the last session
 * results exported to XLSX or CSV, and a prize table imported from XLSX or CSV. An imported file
 * is bounded by its size before it is read and parsed in a worker; a refused one lists every
 * problem by row and leaves the table being edited untouched; an accepted one is one undo step.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import {
  MAX_SHEET_BYTES,
  comparisonSheets,
  scenarioSheets,
  sessionCsvSheet,
  sessionSheets,
  sheetTooLarge,
  toCsv,
} from '@engine';
import type { SheetTable } from '@engine';
import { getBridge } from '../../bridge';
import { openBoundedSheet } from '../../bridge/open-bounded';
import { enginePool } from '../../workers/engine-pool';
import { textOf } from '@shared/jobs/localized-error';
import { useFileOpen } from '../../composables/useFileOpen';
import { scenarioFileName } from '../../domain/explorer/scenario-name';
import { currentLocale } from '../../i18n';
import { useExplorerTableStore } from './useExplorerTableStore';
import { useExplorerSessionsStore } from './useExplorerSessionsStore';
import { useComparisonStore } from './useComparisonStore';

export type SheetFormatKind = 'xlsx' | 'csv';
/** What a spreadsheet holds: the edited table, session results or a comparison of tables. */
export type SheetSource = 'table' | 'sessions' | 'comparison';

const FILTERS = {
  xlsx: [{ name: 'Excel (XLSX)', extensions: ['xlsx'] }],
  csv: [{ name: 'CSV', extensions: ['csv'] }],
};
const IMPORT_FILTERS = [{ name: 'XLSX, CSV', extensions: ['xlsx', 'csv'] }];

export const useSheetFilesStore = defineStore('useSheetFilesStore', () => {
  const tableStore = useExplorerTableStore();
  const sessionsStore = useExplorerSessionsStore();
  const comparisonStore = useComparisonStore();
  // An imported spreadsheet is bounded by its size before it is read and parsed in a worker; a
  // refused one lists every problem, by row
  const files = useFileOpen({
    filters: IMPORT_FILTERS,
    maxBytes: MAX_SHEET_BYTES,
    read: openBoundedSheet,
    tooLarge: sheetTooLarge,
    parse: (f) =>
      enginePool().run(
        'readTableSheet',
        'text' in f ? { text: f.text } : /\.csv$/i.test(f.name) ? { bytes: f.bytes, csv: true } : { bytes: f.bytes },
      ),
    accept: (file, r) => {
      files.clearRefusal();
      tableStore.load(r.scenario);
      done.value = { kind: 'imported', file, of: 'table' };
    },
  });
  const { problems, refusedFile, error } = files;
  /** Name of the last file written or imported, for the confirmation, and what it held. */
  const done = shallowRef<{ kind: 'exported' | 'imported'; file: string; of: SheetSource } | null>(null);
  const busy = ref(false);

  /** File name of the edited table's spreadsheet: the scenario file's name with another extension. */
  const tableFileBase = computed(() =>
    scenarioFileName(tableStore.scenario.name, tableStore.isOfficial).replace(/\.scenario\.json$|\.json$/, ''),
  );

  async function write(
    of: SheetSource,
    file: string,
    kind: SheetFormatKind,
    sheets: SheetTable[],
    csv: SheetTable,
  ): Promise<void> {
    // a table written to a workbook imports back whole: that file saves it
    const content = tableStore.content;
    error.value = null;
    done.value = null;
    busy.value = true;
    try {
      // the workbook is written in a worker: exceljs never loads on the page's thread
      // CSV in the conventions of the screen's language (French « ; » and decimal commas), its mark first
      const data = kind === 'xlsx' ? await enginePool().run('writeXlsx', { sheets }) : toCsv(csv, currentLocale());
      const r = await getBridge().saveFile({ suggestedName: `${file}.${kind}`, filters: FILTERS[kind], data });
      if (r.saved) {
        done.value = { kind: 'exported', file: r.path ?? `${file}.${kind}`, of };
        if (of === 'table') tableStore.markSaved(content);
      }
    } catch (e) {
      error.value = textOf(e);
    } finally {
      busy.value = false;
    }
  }

  /** Exports the edited table (valid only): levels with computed columns, and its figures (XLSX). */
  async function exportTable(kind: SheetFormatKind): Promise<void> {
    if (!tableStore.valid) return;
    const sheets = scenarioSheets(tableStore.scenario, currentLocale());
    await write('table', tableFileBase.value, kind, sheets, sheets[0]!);
  }

  /** Exports the session results shown (the last run, while it belongs to the edited table). */
  async function exportSessions(kind: SheetFormatKind): Promise<void> {
    const r = sessionsStore.result;
    if (!r) return;
    const lang = currentLocale();
    const input = { scenario: r.scenario, official: r.official };
    await write(
      'sessions',
      `sessions-${tableFileBase.value}`,
      kind,
      sessionSheets(input, lang),
      sessionCsvSheet(input, lang),
    );
  }

  /**
   * Exports the tables compared side by side: XLSX holds the figures with their
   * changes against the first table and the distributions; CSV, one table only, holds the figures.
   */
  async function exportComparison(kind: SheetFormatKind): Promise<void> {
    const view = comparisonStore.view;
    if (!view) return;
    const sheets = comparisonSheets(view, currentLocale());
    await write('comparison', `comparaison-${tableFileBase.value}`, kind, sheets, sheets[0]!);
  }

  /** Imports a prize table from XLSX or CSV: bounded by size, parsed in a worker. */
  async function importTable(): Promise<void> {
    done.value = null;
    busy.value = true;
    try {
      await files.open();
    } finally {
      busy.value = false;
    }
  }

  /** Closes the list of a refused file's problems. */
  const dismiss = files.clearRefusal;

  return {
    problems,
    refusedFile,
    error,
    done,
    busy,
    exportTable,
    exportSessions,
    exportComparison,
    importTable,
    dismiss,
  };
});
