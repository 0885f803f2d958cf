/**
 * Tables side by side in the payout explorer: up to four tables of the game and
 * stake being edited — the official table (art. 3.1–3.3), the table being edited, and scenario
 * files opened into the comparison (parsed in a worker, every problem of a refused file listed,
 * the comparison then left as it was). The figures exist only for valid tables and carry
 * the identity of the tables they were computed from (`view.key`).
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import { MAX_COMPARED, compareTables, officialScenario, scenarioTable } from '@engine';
import type { ComparisonView, GameId, Scenario, StakeCents, ViConfidence } from '@engine';
import { useFileOpen } from '../../composables/useFileOpen';
import { defaultScenarioName } from '../../domain/explorer/scenario-name';
import { currentLocale } from '../../i18n';
import { useScenarioStore } from '../simulation/useScenarioStore';
import { useSimulationStore } from '../simulation/useSimulationStore';
import { useExplorerTableStore } from './useExplorerTableStore';
import { SCENARIO_FILES } from './useScenarioFilesStore';

/** The interface language, for the official table's name. */

/** What a column holds: the official table, the table being edited (live), or an opened file. */
export type ComparisonSlot =
  | { readonly id: number; readonly kind: 'official' }
  | { readonly id: number; readonly kind: 'edited' }
  | { readonly id: number; readonly kind: 'file'; readonly file: string; readonly scenario: Scenario };

/** A column as shown: its name, and its scenario while the table is valid (null otherwise). */
export interface ComparisonColumn {
  readonly id: number;
  readonly kind: ComparisonSlot['kind'];
  readonly name: string;
  readonly scenario: Scenario | null;
}

/** Why the last addition was refused, or which opened files left with a change of game or stake. */
export type ComparisonNotice =
  | { readonly kind: 'full' }
  | { readonly kind: 'mismatch'; readonly file: string; readonly game: GameId; readonly stakeCents: StakeCents }
  | { readonly kind: 'dropped'; readonly files: readonly string[] };

/** A scenario file's name without its extension, for a scenario saved without a name. */
const baseName = (file: string): string => file.replace(/(\.scenario)?\.json$/i, '');

export const useComparisonStore = defineStore('useComparisonStore', () => {
  const tableStore = useExplorerTableStore();
  let nextId = 1;
  const slots = shallowRef<readonly ComparisonSlot[]>([
    { id: nextId++, kind: 'official' },
    { id: nextId++, kind: 'edited' },
  ]);
  /** Confidence level of the volatility index z·σ. */
  const confidence = ref<ViConfidence>(0.9);
  const notice = shallowRef<ComparisonNotice | null>(null);
  // Scenario files opened into the comparison: parsed in a worker, each problem of a refused one listed
  const files = useFileOpen({
    ...SCENARIO_FILES,
    accept: (file, { scenario: s }) => {
      if (s.game !== game.value || s.stakeCents !== stakeCents.value) {
        notice.value = { kind: 'mismatch', file, game: s.game, stakeCents: s.stakeCents };
        return;
      }
      add({ id: nextId++, kind: 'file', file, scenario: s });
    },
  });
  const { problems, refusedFile, error } = files;

  /** The game and stake of the comparison: those of the table being edited. */
  const game = computed(() => tableStore.game);
  const stakeCents = computed(() => tableStore.stakeCents);

  const columns = computed<ComparisonColumn[]>(() =>
    slots.value.map((s) => {
      if (s.kind === 'official') {
        const name = defaultScenarioName(game.value, stakeCents.value, true)[currentLocale()];
        return { id: s.id, kind: s.kind, name, scenario: { ...officialScenario(game.value, stakeCents.value), name } };
      }
      if (s.kind === 'edited') {
        const sc = tableStore.scenario;
        return { id: s.id, kind: s.kind, name: sc.name, scenario: tableStore.valid ? sc : null };
      }
      const name = s.scenario.name.trim() === '' ? baseName(s.file) : s.scenario.name;
      return { id: s.id, kind: s.kind, name, scenario: { ...s.scenario, name } };
    }),
  );
  /** The columns with figures (valid tables), in order: the first is the reference. */
  const compared = computed(() => columns.value.filter((c) => c.scenario !== null));
  const view = computed<ComparisonView | null>(() =>
    compared.value.length === 0
      ? null
      : compareTables(
          compared.value.map((c) => ({ name: c.name, table: scenarioTable(c.scenario!) })),
          confidence.value,
        ),
  );
  const full = computed(() => slots.value.length >= MAX_COMPARED);
  const has = (kind: 'official' | 'edited'): boolean => slots.value.some((s) => s.kind === kind);
  const hasOfficial = computed(() => has('official'));
  const hasEdited = computed(() => has('edited'));

  // Another game or stake in the editor: opened files of the former one no longer compare.
  watch([game, stakeCents], () => {
    const dropped = slots.value.filter(
      (s) => s.kind === 'file' && (s.scenario.game !== game.value || s.scenario.stakeCents !== stakeCents.value),
    );
    if (dropped.length === 0) return;
    slots.value = slots.value.filter((s) => !dropped.includes(s));
    notice.value = { kind: 'dropped', files: dropped.map((s) => (s.kind === 'file' ? s.file : '')) };
  });

  function clearMessages(): void {
    notice.value = null;
    files.clearRefusal();
    error.value = null;
  }

  /** Adds a column, or refuses a fifth with a message (at most {@link MAX_COMPARED}). */
  function add(slot: ComparisonSlot): boolean {
    if (full.value) {
      notice.value = { kind: 'full' };
      return false;
    }
    slots.value = [...slots.value, slot];
    return true;
  }

  function addOfficial(): void {
    clearMessages();
    if (!hasOfficial.value) add({ id: nextId++, kind: 'official' });
  }

  function addEdited(): void {
    clearMessages();
    if (!hasEdited.value) add({ id: nextId++, kind: 'edited' });
  }

  /**
   * Opens a scenario file into the comparison; a fifth table is refused before the dialog opens.
   * Columns come in the order their files were chosen, whatever each parse takes.
   */
  async function open(): Promise<void> {
    clearMessages();
    if (full.value) {
      notice.value = { kind: 'full' };
      return;
    }
    await files.open();
  }

  /** A parsed file: refused with every problem, refused when of another game or stake, else a new column. */
  const applyFile = files.land;

  function remove(id: number): void {
    clearMessages();
    slots.value = slots.value.filter((s) => s.id !== id);
  }

  /** Makes a column the first one, the reference of every change. */
  function makeReference(id: number): void {
    const s = slots.value.find((x) => x.id === id);
    if (s) slots.value = [s, ...slots.value.filter((x) => x !== s)];
  }

  /**
   * Hands a column's table to the simulation screen, run there as full blocks under its name: the
   * official table as itself, any other as the scenario in use (the explorer's one path).
   */
  async function toSimulation(id: number): Promise<void> {
    const c = columns.value.find((x) => x.id === id);
    if (!c?.scenario) return;
    const sim = useSimulationStore();
    if (c.kind === 'official') {
      sim.game = c.scenario.game;
      sim.stakeCents = c.scenario.stakeCents;
      sim.chooseTable('official');
      return;
    }
    await useScenarioStore().use(c.scenario);
    sim.chooseTable('scenario');
  }

  return {
    slots,
    columns,
    compared,
    view,
    confidence,
    notice,
    problems,
    refusedFile,
    error,
    game,
    stakeCents,
    full,
    hasOfficial,
    hasEdited,
    addOfficial,
    addEdited,
    open,
    applyFile,
    remove,
    makeReference,
    toSimulation,
  };
});
